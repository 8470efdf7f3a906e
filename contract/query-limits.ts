/**
 * Ceilings on one list or count request's conditions (docs/api.md §3), all sources together:
 * column filters and the `filter` JSON. A text match (LIKE, STARTSWITH... LIKECS and their NOT
 * forms) is served by no index: each one scans, and counts against MAX_LIKE_CONDITIONS.
 */
export const MAX_FILTER_CONDITIONS = 100;
export const MAX_LIKE_CONDITIONS = 10;

/**
 * A list's total with a keyword or a filter is counted up to this many rows: beyond, the list
 * says "10,000+" and counts exactly when asked (`exactTotal=true`). Totals the server keeps (the
 * whole table, the live rows, an owner's rows) are exact whatever their size.
 */
export const COUNT_EXACT_LIMIT = 10_000;
