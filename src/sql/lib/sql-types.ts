import type { SqlTruncation } from '../../../contract/sql-result';

export interface SqlColumn {
  name: string;
  type?: string | null;
}

/** What running one statement answers: at most 1000 rows, within the server's byte ceilings. */
export interface SqlResult {
  columns: SqlColumn[];
  rows: unknown[][];
  rowCount: number;
  truncated: boolean;
  /** What made the result incomplete (absent from older servers: then rows, if truncated). */
  truncation?: SqlTruncation[];
  elapsedMs: number;
}

/** A saved statement: a record of the system table `sqlQuery`. */
export interface SavedSql {
  id?: number;
  name: string;
  caption?: string | null;
  sql: string;
}
