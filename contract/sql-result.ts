/** Why a console result is incomplete (docs/api.md §2.4). */
export type SqlTruncation =
  /** More rows than the row cap: the first ones are returned. */
  | 'rows'
  /** The rows returned reached the byte ceiling of a result: the first ones are returned. */
  | 'bytes'
  /** Values longer than the cell ceiling were cut. */
  | 'cells';

/** A column of a console result: its name and the database's name for its type. */
export interface SqlColumnInfo {
  name: string;
  type: string | null;
}

/** `POST /api/metadata/sqls/execute` response (docs/api.md §2.4). */
export interface SqlResult {
  columns: SqlColumnInfo[];
  rows: unknown[][];
  /**
   * Rows changed by a write; for a query, the rows it produced. Read-only mode stops reading once
   * a ceiling is passed (nothing is committed, so nothing needs the rest): then it is the rows returned.
   */
  rowCount: number;
  /** True when the result is incomplete: rows left out or values cut (`truncation` says which). */
  truncated: boolean;
  /** What made the result incomplete; empty when it is complete. */
  truncation: SqlTruncation[];
  elapsedMs: number;
}
