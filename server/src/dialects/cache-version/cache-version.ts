import type { Knex } from 'knex';

/**
 * `cb_cache_version (scope, version)`, in primary: one row per kind of cached state (`metadata`,
 * which stands for every data source's, `principal` and `session`). Triggers on the tables behind each scope move its
 * version in the transaction that changes them, whoever writes (any server, any route, the SQL
 * console); servers poll the rows to learn that another one changed something. PostgreSQL and
 * MySQL only: a SQLite file belongs to one server.
 */
export const CACHE_VERSION_TABLE = 'cb_cache_version';

/** The rows of `cb_cache_version`. */
export type CacheScope = 'metadata' | 'principal' | 'session';

export type RowEvent = 'insert' | 'update' | 'delete';

/** What a database does to keep `cb_cache_version` moving with the changes of a table. */
export interface CacheVersionTriggers {
  /** Moves `scope`'s version whenever a transaction that changed `table` by `events` commits. */
  track(db: Knex, table: string, scope: CacheScope, events: readonly RowEvent[]): Promise<void>;
}

export const cacheVersionTrigger = (table: string, event?: RowEvent): string =>
  event === undefined ? `cb_cv_${table}` : `cb_cv_${table}_${event}`;
