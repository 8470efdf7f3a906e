import type { Knex } from 'knex';
import type { Client } from '../config';
import { START_UP_LOCK } from '../dialects/sql/database-lock';
import { sqlDialect } from '../dialects/sql/sql-dialects';

/** The database lock a server holds on a data source while it prepares it at start-up (fixed key). */
export { START_UP_LOCK };

/**
 * How long a starting server waits for another one's start-up on the same database (its
 * migrations): a little less than the app's plugin timeout, so the wait is what gets reported.
 */
export const START_UP_LOCK_WAIT_MS = 100_000;

/**
 * Runs start-up work on one data source (migrations, the system tables' metadata, the first
 * admin, the SQL console role) while holding its start-up lock, so that servers starting together
 * on one PostgreSQL or MySQL database take turns: the first migrates and seeds, the next ones find
 * it done. SQLite: runs `work` (one server per file; the migrator's own lock remains).
 */
export const withStartUpLock = <T>(
  source: { client: Client; knex: Knex },
  work: () => Promise<T>,
): Promise<T> =>
  sqlDialect(source.client).withDatabaseLock(source.knex, START_UP_LOCK, work, START_UP_LOCK_WAIT_MS);
