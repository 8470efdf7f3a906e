/** How many rows the lists hold when each is cut to `share`. */
const rowsAt = (counts: readonly number[], share: number): number =>
  counts.reduce((sum, count) => sum + Math.min(count, share), 0);

/**
 * How many children each embedded list may hold (docs/api.md §3): `limit`, unless the lists together
 * would then hold more than `budget` rows; then the largest share that keeps them within it, the
 * same for every list (a list shorter than the share keeps all its rows). `counts` holds the number
 * of children of each parent, for every child relation of the answer.
 */
export const childrenShare = (counts: readonly number[], limit: number, budget: number): number => {
  if (rowsAt(counts, limit) <= budget) return limit;
  let low = 0;
  let high = limit;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (rowsAt(counts, middle) <= budget) low = middle;
    else high = middle - 1;
  }
  return low;
};
