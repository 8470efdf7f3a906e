import { http } from '../providers/http';

/** A physical table that no metadata describes yet (`GET /metadatas`). */
export interface PhysicalTable {
  tableName: string;
  comment?: string | null;
}

export interface PhysicalColumn {
  name: string;
  type: string;
  nullable?: boolean;
  /** `PRI`, `UNI`, `MUL` or empty (the database's own notion of a key column). */
  key?: string | null;
  default?: string | number | null;
  autoIncrement?: boolean;
  comment?: string | null;
}

export interface PhysicalIndex {
  name: string;
  unique?: boolean;
  columns: string[];
  type?: string | null;
}

export interface PhysicalForeignKey {
  column: string;
  refTable: string;
  refColumn: string;
}

/** `GET /metadatas/{tableName}`: what the database says about one table. */
export interface PhysicalTableDescription {
  tableName: string;
  comment?: string | null;
  columns: PhysicalColumn[];
  indexs?: PhysicalIndex[];
  foreignKeys?: PhysicalForeignKey[];
}

const BASE = '/metadata/tables/metadatas';

/** Physical tables of the data source that are not managed yet (docs/api.md §2.1). */
export const listPhysicalTables = async (signal?: AbortSignal): Promise<PhysicalTable[]> => {
  const { data } = await http.get<PhysicalTable[]>(BASE, { signal });
  return Array.isArray(data) ? data : [];
};

export const describePhysicalTable = async (
  tableName: string,
  signal?: AbortSignal,
): Promise<PhysicalTableDescription> => {
  const { data } = await http.get<PhysicalTableDescription>(`${BASE}/${encodeURIComponent(tableName)}`, {
    signal,
  });
  return data;
};

/** Builds metadata for one physical table without touching it; resolves to the new table id. */
export const reverseTable = async (tableName: string): Promise<number> => {
  const { data } = await http.post<number | string>(`${BASE}/reverse/${encodeURIComponent(tableName)}`, {});
  return Number(data);
};

/** Reverses several tables at once (their foreign keys become relations); resolves to the new ids. */
export const reverseTables = async (tableNames: readonly string[]): Promise<number[]> => {
  const { data } = await http.post<(number | string)[]>(`${BASE}/reverse`, tableNames);
  return Array.isArray(data) ? data.map(Number) : [];
};
