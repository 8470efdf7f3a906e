import { http } from '../providers/http';

/** The code a user needs to run SQL (API.md §2.4, §6). */
export const SQL_PERMISSIONS = ['sql:execute'] as const;

export interface SqlColumn {
  name: string;
  type?: string | null;
}

/** `POST /api/metadata/sqls/execute` response: at most 1000 rows. */
export interface SqlResult {
  columns: SqlColumn[];
  rows: unknown[][];
  rowCount: number;
  truncated: boolean;
  elapsedMs: number;
}

export interface SqlRequest {
  sql: string;
  /** Run in a read-only transaction that is rolled back whatever the statement does. */
  readOnly: boolean;
}

/** A saved statement (`sqlQuery`). */
export interface SavedSql {
  id?: number;
  name: string;
  caption?: string | null;
  sql: string;
}

const BASE = '/metadata/sqls';
const options = { requiredPermissions: SQL_PERMISSIONS };

export const executeSql = async ({ sql, readOnly }: SqlRequest, signal?: AbortSignal): Promise<SqlResult> => {
  const { data } = await http.post<SqlResult>(`${BASE}/execute`, { sql, readOnly }, { ...options, signal });
  return data;
};

export const listSavedSqls = async (signal?: AbortSignal): Promise<SavedSql[]> => {
  const { data } = await http.get<SavedSql[]>(BASE, { ...options, signal });
  return Array.isArray(data) ? data : [];
};

/** Saves a statement: resolves to its id. */
export const createSavedSql = async (saved: SavedSql): Promise<number> => {
  const { data } = await http.post<number | string>(BASE, saved, options);
  return Number(data);
};

export const updateSavedSql = async (id: number, saved: Partial<SavedSql>): Promise<void> => {
  await http.patch(`${BASE}/${id}`, saved, options);
};

export const deleteSavedSql = async (id: number): Promise<void> => {
  await http.delete(`${BASE}/${id}`, options);
};
