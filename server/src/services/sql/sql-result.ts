import { jsonValue } from './json-value';

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
   * the cap is passed (nothing is committed, so nothing needs the rest): then it is the rows returned.
   */
  rowCount: number;
  /** True when the query produced more rows than were returned. */
  truncated: boolean;
  elapsedMs: number;
}

/** What a database-specific runner is asked to do. */
export interface SqlRun {
  sql: string;
  params: unknown[];
  readOnly: boolean;
  timeoutMs: number;
  /** Rows to return at most; further rows are counted, not kept. */
  maxRows: number;
}

/** A runner's result; `elapsedMs` when the runner times the statement itself (else the service does). */
export type SqlOutcome = Omit<SqlResult, 'elapsedMs'> & { elapsedMs?: number };

/** A failure the runners report in a database-neutral way; the service maps it to an API error. */
export class SqlRunError extends Error {
  override name = 'SqlRunError';
  constructor(
    readonly kind: 'error' | 'readOnly' | 'timeout',
    message: string,
  ) {
    super(message);
  }
}

/** Keeps the first `maxRows` rows (JSON-safe) and counts the rest. */
export class RowCollector {
  readonly rows: unknown[][] = [];
  seen = 0;
  constructor(private readonly maxRows: number) {}
  add(row: unknown[]): void {
    this.seen += 1;
    if (this.rows.length < this.maxRows) this.rows.push(row.map(jsonValue));
  }
  get truncated(): boolean {
    return this.seen > this.rows.length;
  }
  /** Whether a row past the cap has been seen (enough to say the result is truncated). */
  get full(): boolean {
    return this.seen > this.maxRows;
  }
}
