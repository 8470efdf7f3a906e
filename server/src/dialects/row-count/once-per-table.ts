import type { Knex } from 'knex';

/**
 * A runner of background work on the tables of data sources: at most one run at a time per data
 * source handle and table, and after a run that did not succeed (it answered false, or failed)
 * none again before `retryMs` has passed. `run(knex, tableName, task)` returns at once.
 */
export const oncePerTable = (retryMs: number) => {
  const state = new WeakMap<object, Map<string, number | 'running'>>();
  return (knex: Knex, tableName: string, task: () => Promise<boolean>): void => {
    const key = knex.client.config as object;
    const tried = state.get(key) ?? new Map<string, number | 'running'>();
    state.set(key, tried);
    const next = tried.get(tableName);
    if (next === 'running' || (next !== undefined && Date.now() < next)) return;
    tried.set(tableName, 'running');
    task().then(
      (done) => {
        if (done) tried.delete(tableName);
        else tried.set(tableName, Date.now() + retryMs);
      },
      () => tried.set(tableName, Date.now() + retryMs),
    );
  };
};
