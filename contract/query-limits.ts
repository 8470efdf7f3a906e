/**
 * Ceilings on one list or count request's conditions (docs/api.md §3), all sources together:
 * column filters and the `filter` JSON. A LIKE condition matches anywhere in the text, so no index
 * serves it: each one scans.
 */
export const MAX_FILTER_CONDITIONS = 100;
export const MAX_LIKE_CONDITIONS = 10;
