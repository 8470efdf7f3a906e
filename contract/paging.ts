/** Paging limits of docs/api.md §0 and constants of docs/product.md §9. */
export const DEFAULT_LIMIT = 10;
export const RELATION_LIST_LIMIT = 999;
export const MAX_LIMIT = 10000;
export const PAGE_SIZE_OPTIONS = [5, 10, 15, 20, 30, 50, 100] as const;
export const MAX_PAGE_BUTTONS = 10;
export const BIG_FILE_CHUNK_SIZE = 20971520;
export const MD5_READ_SIZE = 2097152;

/** docs/api.md §0 paging: offset of the first row of a 1-based page. */
export const offsetOf = (page: number, rowsPerPage: number): number => (Math.max(1, page) - 1) * rowsPerPage;
