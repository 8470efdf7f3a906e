import type { Knex } from 'knex';

/**
 * Deletes the rows of `table` that `where` selects, `batch` ids at a time, each DELETE committed
 * on its own with a short pause after it: writers of the table wait for one small batch at most,
 * never for the whole cleanup. `stopped` ends it between batches (a server closing). Answers how
 * many rows it deleted.
 */
export const deleteInBatches = async (
  db: Knex,
  table: string,
  where: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
  {
    batch = 1000,
    pauseMs = 10,
    stopped = () => false,
  }: { batch?: number; pauseMs?: number; stopped?: () => boolean } = {},
): Promise<number> => {
  let deleted = 0;
  while (!stopped()) {
    const ids = (await where(db(table)).orderBy('id').limit(batch).pluck('id')) as unknown[];
    if (ids.length === 0) break;
    deleted += await db(table)
      .whereIn('id', ids as number[])
      .delete();
    if (ids.length < batch) break;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return deleted;
};
