import { pgSearchPath } from '../dialects/pg-search-path';

/** A PostgreSQL connection did not start the way crudboard asked; the message says what to do. */
export class PgSessionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PgSessionError';
  }
}

const compact = (text: string): string => text.replace(/\s+/g, '');

/** Whether `shown` (what `SHOW search_path` answered) is the path crudboard pins for `schema`. */
export const searchPathArrived = (shown: string, schema: string | undefined): boolean =>
  compact(shown) === compact(pgSearchPath(schema).join(','));

interface QueryingConnection {
  query(sql: string): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * Checks a new connection's search path. crudboard gives it as a startup option (`options`), on
 * which the console role's isolation relies; a connection pooler such as PgBouncer does not pass
 * that option on (it refuses it, or drops it when told to ignore it), and in transaction pooling it
 * would also break the session locks and settings crudboard keeps on a connection. Such a
 * connection is refused, so that the server stops at start-up with this message instead of
 * running without its guards.
 */
export const checkPgSession = async (
  connection: QueryingConnection,
  schema: string | undefined,
): Promise<void> => {
  const { rows } = await connection.query('SHOW search_path');
  const shown = String(rows[0]?.search_path ?? '');
  if (searchPathArrived(shown, schema)) return;
  throw new PgSessionError(
    `the PostgreSQL connection did not start with the search path crudboard sets as a startup option ` +
      `(expected ${pgSearchPath(schema).join(',')}, got ${shown}): a connection pooler in between ` +
      `(PgBouncer) drops that option, and in transaction pooling breaks session locks too; connect ` +
      `crudboard to PostgreSQL directly or through a TCP proxy such as HAProxy`,
  );
};

/** PgBouncer's refusal of a startup option it does not know, as node-postgres reports it. */
export const isRefusedStartupOption = (error: unknown): boolean =>
  /unsupported startup parameter/i.test(String((error as { message?: unknown } | null)?.message ?? ''));

/** What to do about `isRefusedStartupOption`, said when the server cannot start because of it. */
export const REFUSED_STARTUP_OPTION_HINT =
  'PostgreSQL refused or did not receive the startup option (options) in which crudboard sets the ' +
  'search path: a connection pooler such as PgBouncer is in between, and its transaction pooling ' +
  'would also break the session locks crudboard holds; connect crudboard to PostgreSQL directly or ' +
  'through a TCP proxy such as HAProxy';
