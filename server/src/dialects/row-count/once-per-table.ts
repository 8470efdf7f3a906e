import type { Knex } from 'knex';
import { perHandle } from './per-handle';

/**
 * A runner of background work on the tables of data sources: at most one run at a time per data
 * source handle and table, and after a run that did not succeed (it answered false, or failed)
 * none again before `retryMs` has passed. `run(knex, tableName, task)` returns at once.
 */
export const oncePerTable = (retryMs: number) => {
  const state = perHandle<number | 'running'>();
  return (knex: Knex, tableName: string, task: () => Promise<boolean>): void => {
    const tried = state.of(knex);
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
