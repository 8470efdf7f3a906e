import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';

/** A statement that changes a schema: what a schema change entry keeps of what ran. */
export const DDL = /^\s*(create|alter|drop|rename|truncate|comment)\b/i;

/** Whether a statement changes a schema. */
export const isDdl = (sql: unknown): sql is string => typeof sql === 'string' && DDL.test(sql);

const captured = new AsyncLocalStorage<string[]>();
const watched = new WeakSet<Knex>();

/** Lets `withDdlCapture` see the schema statements `db` runs (once per Knex instance). */
export const watchDdl = (db: Knex): void => {
  if (watched.has(db)) return;
  watched.add(db);
  db.on('query', (query: { sql?: unknown }) => {
    const statements = captured.getStore();
    if (statements && isDdl(query.sql)) statements.push(query.sql);
  });
};

/**
 * Runs `work` and appends to `ddl` the schema statements it runs on a watched database (its own
 * and its awaited calls', not those of other requests running at the same time).
 */
export const withDdlCapture = <T>(work: () => Promise<T>, ddl: string[]): Promise<T> =>
  captured.run(ddl, work);
