/**
 * Runs `task` over `items` with at most `limit` at a time, starting the next as one ends. Resolves
 * with the results in item order; on the first failure no further item starts and the returned
 * promise rejects with that failure once the running ones have settled.
 */
export const runPool = async <T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> => {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`invalid pool size ${limit}`);
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  let failure: unknown;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = await task(items[index] as T, index);
      } catch (error) {
        if (!failed) failure = error;
        failed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failed) throw failure;
  return results;
};
