import { LOCK_TIMEOUT_CODE } from '../dialects/sql/database-lock';

/** SQLite: another connection (another process) holds the lock the statement waited for past the busy timeout. */
const SQLITE_BUSY = /^SQLITE_BUSY(?:_\w+)?$/;

/** mysql2 codes of a lock wait that timed out and of a deadlock victim (its transaction is rolled back). */
const MYSQL_CODES = new Set(['ER_LOCK_WAIT_TIMEOUT', 'ER_LOCK_DEADLOCK']);

/** PostgreSQL SQLSTATEs: serialization failure, deadlock victim, lock not available (lock_timeout). */
const PG_STATES = new Set(['40001', '40P01', '55P03']);

const MAX_DEPTH = 4;

/**
 * Whether an error means the database is busy with other work holding the locks a statement
 * needed (another process writing to a SQLite file, a lock wait or deadlock on a server, another
 * crudboard server holding a database lock such as the schema-change one past the wait): the
 * statement, and the transaction it was part of, changed nothing, and the same request may
 * succeed a moment later. Such a request is answered 503 `DATABASE_BUSY`. Looks through `cause`.
 */
export const isBusyError = (error: unknown, depth = 0): boolean => {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (
    typeof code === 'string' &&
    (SQLITE_BUSY.test(code) || MYSQL_CODES.has(code) || PG_STATES.has(code) || code === LOCK_TIMEOUT_CODE)
  ) {
    return true;
  }
  return isBusyError(cause, depth + 1);
};
