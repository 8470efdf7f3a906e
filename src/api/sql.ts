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

/** A saved statement: a record of the system table `sqlQuery` (API.md §2.4). */
export interface SavedSql {
  id?: number;
  name: string;
  caption?: string | null;
  sql: string;
}

const EXECUTE = '/metadata/sqls/execute';
/** Saved statements go through the business API of the system table `sqlQuery`. */
const SAVED = '/business/sqlQuery';
const options = { requiredPermissions: SQL_PERMISSIONS };

/** Runs one statement (the server refuses a text holding several, naming their count). */
export const executeSql = async ({ sql, readOnly }: SqlRequest, signal?: AbortSignal): Promise<SqlResult> => {
  const { data } = await http.post<SqlResult>(EXECUTE, { sql, readOnly }, { ...options, signal });
  return data;
};

/** Every saved statement, by name. */
export const listSavedSqls = async (signal?: AbortSignal): Promise<SavedSql[]> => {
  const { data } = await http.get<SavedSql[]>(SAVED, {
    ...options,
    params: { offset: 0, limit: 999, orderby: 'name' },
    signal,
  });
  return Array.isArray(data) ? data : [];
};

/** Saves a statement: resolves to its id. */
export const createSavedSql = async (saved: SavedSql): Promise<number> => {
  const { data } = await http.post<number | string>(SAVED, saved, options);
  return Number(data);
};

export const updateSavedSql = async (id: number, saved: Partial<SavedSql>): Promise<void> => {
  await http.patch(`${SAVED}/${id}`, saved, options);
};

export const deleteSavedSql = async (id: number): Promise<void> => {
  await http.delete(`${SAVED}/${id}`, options);
};
