/**
 * What the list hands to a record form it opens: its own query (`?q=…&f.name=…&page=2`), so that
 * saving or leaving the form goes back to the list as the user left it.
 */
export interface ListReturnState {
  listSearch: string;
}

/** The router state a list gives the form it opens, from the list's current query. */
export const listReturnState = (search: string): ListReturnState => ({ listSearch: search });

/**
 * Where a record form goes back to: the list with the query it was opened from, when the router
 * state holds one (a query string and nothing else), else the list afresh (a form opened by a link
 * or a reload).
 */
export const listReturnPath = (listPath: string, state: unknown): string => {
  if (typeof state !== 'object' || state === null) return listPath;
  const search = (state as Partial<ListReturnState>).listSearch;
  if (typeof search !== 'string' || !/^\?[^#]*$/.test(search) || search === '?') return listPath;
  return `${listPath}${search}`;
};
