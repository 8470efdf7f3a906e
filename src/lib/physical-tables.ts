import { offsetOf } from './pagination';

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

/** The physical tables whose name or comment contains the keyword (case-insensitive), by name. */
export const filterPhysicalTables = (tables: readonly PhysicalTable[], keyword: string): PhysicalTable[] => {
  const wanted = keyword.trim().toLowerCase();
  return tables
    .filter(
      (t) =>
        !wanted ||
        t.tableName.toLowerCase().includes(wanted) ||
        (t.comment ?? '').toLowerCase().includes(wanted),
    )
    .sort((a, b) => a.tableName.localeCompare(b.tableName));
};

/** One page of a list held in the browser. */
export const pageRows = <T>(rows: readonly T[], page: number, rowsPerPage: number): T[] => {
  const start = offsetOf(page, rowsPerPage);
  return rows.slice(start, start + rowsPerPage);
};

/** The selected names that are still in the list (after a reverse or a refresh). */
export const keepSelected = (selected: readonly string[], tables: readonly PhysicalTable[]): string[] => {
  const names = new Set(tables.map((t) => t.tableName));
  return selected.filter((name) => names.has(name));
};
