import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialect';
import { sqlDialect } from '../../dialects/sql/sql-dialects';

/** The database lock schema changes of one data source take, on every server sharing it. */
export const SCHEMA_LOCK = 'schema changes';

/**
 * How long a schema change waits for another server's (a long table rebuild, say) before it is
 * answered 503 DATABASE_BUSY, changing nothing.
 */
export const SCHEMA_LOCK_WAIT_MS = 60_000;

const queues = new WeakMap<Knex, Promise<unknown>>();

/**
 * Runs schema changes of one data source one at a time, so that two edits never plan against the
 * same stored state or interleave their DDL: first in this process (a queue per Knex instance),
 * then across every server on the same PostgreSQL or MySQL database (`withDatabaseLock`, held
 * while `work` reads the stored state, plans, and applies DDL and metadata). SQLite: the queue.
 */
export const withSchemaLock = <T>(knex: Knex, work: () => Promise<T>): Promise<T> => {
  const locked = () =>
    sqlDialect(dialectOf(knex)).withDatabaseLock(knex, SCHEMA_LOCK, work, SCHEMA_LOCK_WAIT_MS);
  const previous = queues.get(knex) ?? Promise.resolve();
  const run = previous.then(locked, locked);
  queues.set(
    knex,
    run.catch(() => undefined),
  );
  return run;
};
