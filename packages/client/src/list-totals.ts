/** How long a counted total is reused for other pages and orders of the same rows. */
export const TOTAL_REUSE_MS = 60_000;
/** Queries whose totals are kept at most (the oldest is forgotten first). */
export const MAX_KEPT_TOTALS = 50;

/** A list's total; `exact` false: at least this many (the server counted up to its bound). */
export interface ListTotal {
  total: number;
  exact: boolean;
}

interface Kept extends ListTotal {
  /** When it was counted. */
  at: number;
  /** The page (offset, size, order) it was last shown with. */
  page: string;
}

/**
 * The totals of a list's queries (its filters and keyword), so that another page or another order
 * of the same rows needs no count: a list sends one request per change, and none for a total it
 * has. The same page asked again (a reload, a list refreshed after a change or on focus) counts
 * again, as does everything after a write through the provider or after TOTAL_REUSE_MS.
 */
export const createListTotals = (now: () => number = Date.now) => {
  const kept = new Map<string, Kept>();
  return {
    /** The total to show with `page` of `query`, or undefined when it has to be counted. */
    reusable(query: string, page: string): ListTotal | undefined {
      const entry = kept.get(query);
      if (!entry || entry.page === page || now() - entry.at > TOTAL_REUSE_MS) return undefined;
      return { total: entry.total, exact: entry.exact };
    },
    /** The total of `query` as shown with `page`; `counted`: just counted (else set right by a page). */
    remember(query: string, page: string, total: ListTotal, counted: boolean): void {
      const at = counted ? now() : (kept.get(query)?.at ?? now());
      kept.delete(query);
      kept.set(query, { ...total, at, page });
      if (kept.size > MAX_KEPT_TOTALS) {
        const oldest = kept.keys().next();
        if (!oldest.done) kept.delete(oldest.value);
      }
    },
    /** After a write: every total is counted again. */
    forget(): void {
      kept.clear();
    },
  };
};

export type ListTotals = ReturnType<typeof createListTotals>;
