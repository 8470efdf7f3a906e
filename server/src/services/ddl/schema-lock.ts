import type { Knex } from 'knex';

const queues = new WeakMap<Knex, Promise<unknown>>();

/**
 * Runs schema changes of one data source one at a time (in this process), so that two edits never
 * plan against the same stored state or interleave their DDL.
 */
export const withSchemaLock = <T>(knex: Knex, work: () => Promise<T>): Promise<T> => {
  const previous = queues.get(knex) ?? Promise.resolve();
  const run = previous.then(work, work);
  queues.set(
    knex,
    run.catch(() => undefined),
  );
  return run;
};
