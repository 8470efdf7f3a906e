import Database from 'better-sqlite3';
import { RowCollector, type SqlOutcome } from './sql-result';
import { appendOnlyTable, guardAppendOnly } from './sqlite-append-only';

/** A statement for the SQLite console process. */
export interface SqliteJob {
  file: string;
  sql: string;
  params: unknown[];
  readOnly: boolean;
  maxRows: number;
  maxBytes: number;
  maxCellBytes: number;
  /** Tables no statement may change (the audit log, record history), whoever runs it. */
  appendOnly: readonly string[];
}

export type SqliteReply =
  | { ok: true; outcome: SqlOutcome }
  | { ok: false; kind: 'error' | 'readOnly' | 'appendOnly'; message: string };

const isReadOnlyError = (error: unknown) =>
  String((error as { code?: unknown }).code ?? '').startsWith('SQLITE_READONLY');

/**
 * Runs one statement on a connection of its own: read-only mode opens the file read-only with
 * `query_only` on and rolls the transaction back; write mode commits, unless the statement touched
 * an append-only table (sqlite-append-only.ts: then it is rolled back and refused). A statement that
 * SQLite itself reports as writing is refused in read-only mode before it runs.
 */
export const runSqliteJob = (job: SqliteJob): SqliteReply => {
  const db = new Database(job.file, { readonly: job.readOnly, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma(job.readOnly ? 'query_only = ON' : 'foreign_keys = ON');
    const guard = job.readOnly ? undefined : guardAppendOnly(db, job.appendOnly);
    const statement = db.prepare(job.sql);
    if (job.readOnly && !statement.readonly) {
      return { ok: false, kind: 'readOnly', message: 'the statement writes to the database' };
    }
    db.exec('BEGIN');
    let outcome: SqlOutcome;
    if (statement.reader) {
      statement.safeIntegers(true);
      statement.raw(true);
      const columns = statement.columns().map((column) => ({ name: column.name, type: column.type }));
      const collector = new RowCollector(job);
      let early = false;
      for (const row of statement.iterate(...job.params)) {
        collector.add(row as unknown[]);
        // Read-only mode stops past the cap: the transaction is rolled back, the rest is not needed.
        if (job.readOnly && collector.full) {
          early = true;
          break;
        }
      }
      outcome = {
        columns,
        rows: collector.rows,
        rowCount: early ? collector.rows.length : collector.seen,
        truncated: collector.truncated,
        truncation: collector.truncation,
      };
    } else {
      const info = statement.run(...job.params);
      outcome = { columns: [], rows: [], rowCount: info.changes, truncated: false, truncation: [] };
    }
    const breach = guard?.check();
    if (breach) return { ok: false, kind: 'appendOnly', message: breach };
    db.exec(job.readOnly ? 'ROLLBACK' : 'COMMIT');
    return { ok: true, outcome };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const guarded = appendOnlyTable(message);
    if (guarded) return { ok: false, kind: 'appendOnly', message: guarded };
    return { ok: false, kind: isReadOnlyError(error) ? 'readOnly' : 'error', message };
  } finally {
    if (db.inTransaction) db.exec('ROLLBACK');
    db.close();
  }
};
