import type { Knex } from 'knex';
import type { SqlResult, SqlTruncation } from '../../../../../contract/sql-result';
import { jsonValue } from './json-value';

export type { SqlColumnInfo, SqlResult, SqlTruncation } from '../../../../../contract/sql-result';

/** The ceilings of one console result. */
export interface ResultLimits {
  /** Rows to return at most; further rows are counted, not kept. */
  maxRows: number;
  /** Bytes of values the returned rows may hold in all; rows past it are counted, not kept. */
  maxBytes: number;
  /** Bytes one value may hold; a longer value is cut. */
  maxCellBytes: number;
}

/** What a database-specific runner is asked to do. */
export interface SqlRun extends ResultLimits {
  sql: string;
  /** The statement's first word outside literals and comments, upper-cased ('' if none). */
  firstWord: string;
  params: unknown[];
  readOnly: boolean;
  timeoutMs: number;
  /** PostgreSQL: the role the statement runs under (`SET LOCAL ROLE`), if any. */
  role?: string;
  /** MySQL: connections of the console account the statement runs on, if any. */
  account?: Knex;
  /** Bytes the connection may receive for one row; past it the statement is abandoned. */
  maxRowBytes: number;
}

/** A runner's result; `elapsedMs` when the runner times the statement itself (else the service does). */
export type SqlOutcome = Omit<SqlResult, 'elapsedMs'> & { elapsedMs?: number };

/** A failure the runners report in a database-neutral way; the service maps it to an API error. */
export class SqlRunError extends Error {
  override name = 'SqlRunError';
  constructor(
    readonly kind: 'error' | 'readOnly' | 'timeout' | 'tooLarge' | 'appendOnly',
    message: string,
    /** The database's own error number, when it gave one (MySQL / MariaDB). */
    readonly errno?: number,
  ) {
    super(message);
  }
}

/** Bytes a row costs besides its values (brackets, commas, quotes). */
const ROW_OVERHEAD = 4;

/** Text cut to at most `maxBytes` UTF-8 bytes, never inside a character. */
const cutText = (text: string, maxBytes: number): string => {
  let cut = text.slice(0, maxBytes);
  if (Buffer.byteLength(cut) > maxBytes) {
    const bytes = Buffer.from(cut).subarray(0, maxBytes);
    // Drop a partly kept character (decoded as U+FFFD at the end).
    cut = bytes.toString('utf8').replace(/\uFFFD$/, '');
  }
  return cut;
};

/** A JSON-safe value within the cell ceiling, its size, and whether it was cut. */
export const boundedCell = (
  raw: unknown,
  maxCellBytes: number,
): { value: unknown; bytes: number; cut: boolean } => {
  const value = jsonValue(raw);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') {
    return { value, bytes: String(value).length, cut: false };
  }
  if (typeof value === 'string') {
    // Fast path: even at 3 bytes a character the text fits.
    const bytes = value.length * 3 <= maxCellBytes ? value.length : Buffer.byteLength(value);
    if (bytes <= maxCellBytes) return { value, bytes, cut: false };
    const cut = cutText(value, maxCellBytes);
    return { value: cut, bytes: Buffer.byteLength(cut), cut: true };
  }
  const binary = (value as { $binary?: unknown }).$binary;
  if (typeof binary === 'string') {
    if (binary.length <= maxCellBytes) return { value, bytes: binary.length, cut: false };
    // Whole base64 quads only: the kept part still decodes to the first bytes.
    const kept = binary.slice(0, Math.max(4, maxCellBytes - (maxCellBytes % 4)));
    return { value: { $binary: kept }, bytes: kept.length, cut: true };
  }
  // Arrays and objects (JSON columns, PostgreSQL arrays): too long ones become their cut JSON text.
  const text = JSON.stringify(value);
  const bytes = Buffer.byteLength(text);
  if (bytes <= maxCellBytes) return { value, bytes, cut: false };
  const cut = cutText(text, maxCellBytes);
  return { value: cut, bytes: Buffer.byteLength(cut), cut: true };
};

/**
 * Keeps the first rows (JSON-safe) within the row and byte ceilings, cuts values longer than the
 * cell ceiling, and counts the rest.
 */
export class RowCollector {
  readonly rows: unknown[][] = [];
  seen = 0;
  private bytes = 0;
  private bytesFull = false;
  private cellsCut = false;
  constructor(private readonly limits: ResultLimits) {}
  add(row: unknown[]): void {
    this.seen += 1;
    if (this.rows.length >= this.limits.maxRows || this.bytesFull) return;
    let bytes = ROW_OVERHEAD;
    let cut = false;
    const cells = row.map((raw) => {
      const cell = boundedCell(raw, this.limits.maxCellBytes);
      bytes += cell.bytes + ROW_OVERHEAD;
      cut ||= cell.cut;
      return cell.value;
    });
    if (this.bytes + bytes > this.limits.maxBytes) {
      this.bytesFull = true;
      return;
    }
    this.bytes += bytes;
    this.cellsCut ||= cut;
    this.rows.push(cells);
  }
  /** What made the result incomplete (empty when complete). */
  get truncation(): SqlTruncation[] {
    const reasons: SqlTruncation[] = [];
    if (this.bytesFull) reasons.push('bytes');
    else if (this.seen > this.rows.length) reasons.push('rows');
    if (this.cellsCut) reasons.push('cells');
    return reasons;
  }
  get truncated(): boolean {
    return this.truncation.length > 0;
  }
  /** Whether a row past a ceiling has been seen (enough to say the result is incomplete). */
  get full(): boolean {
    return this.bytesFull || this.seen > this.limits.maxRows;
  }
}
