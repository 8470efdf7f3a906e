/**
 * What a page of a list tells of the list's total without a count: a page shorter than asked for
 * is the last, so the total is its offset plus its rows. A full page, or an empty page past the
 * first (the rows may have ended before it), tells nothing: null.
 */
export const totalOfPage = (offset: number, limit: number, rows: number): number | null =>
  rows < limit && (rows > 0 || offset === 0) ? offset + rows : null;

/**
 * A total known from before, set right by what a page just read shows: a short page fixes it
 * (rows were added or removed since), a full page raises it to at least its end. Null: the page
 * contradicts the total and cannot say what it is (an empty page past the first).
 */
export const reconcileTotal = (known: number, offset: number, limit: number, rows: number): number | null => {
  const exact = totalOfPage(offset, limit, rows);
  if (exact !== null) return exact;
  if (rows === 0) return known <= offset ? known : null;
  return Math.max(known, offset + rows);
};

/**
 * `reconcileTotal` for a lower bound (the server counted up to its bound): a short page gives
 * the exact total; a full page raises the bound to its end; an empty page past the first says
 * nothing either way (null: count again).
 */
export const reconcileLowerBound = (
  bound: number,
  offset: number,
  limit: number,
  rows: number,
): { total: number; exact: boolean } | null => {
  const exact = totalOfPage(offset, limit, rows);
  if (exact !== null) return { total: exact, exact: true };
  if (rows === 0) return null;
  return { total: Math.max(bound, offset + rows), exact: false };
};
