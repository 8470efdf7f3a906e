export interface SqlColumn {
  name: string;
  type?: string | null;
}

/** What running one statement answers: at most 1000 rows. */
export interface SqlResult {
  columns: SqlColumn[];
  rows: unknown[][];
  rowCount: number;
  truncated: boolean;
  elapsedMs: number;
}

/** A saved statement: a record of the system table `sqlQuery`. */
export interface SavedSql {
  id?: number;
  name: string;
  caption?: string | null;
  sql: string;
}
