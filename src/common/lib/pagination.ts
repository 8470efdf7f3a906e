import { MAX_PAGE_BUTTONS, PAGE_SIZE_OPTIONS } from '../../../contract';

export const INVALID_ROWS_PER_PAGE = 'invalid rowsPerPage';

export const isValidRowsPerPage = (rowsPerPage: number): boolean =>
  (PAGE_SIZE_OPTIONS as readonly number[]).includes(rowsPerPage);

/** docs/product.md §5: the page size must be one of the options. */
export const assertRowsPerPage = (rowsPerPage: number): void => {
  if (!isValidRowsPerPage(rowsPerPage)) throw new RangeError(INVALID_ROWS_PER_PAGE);
};

/** Number of pages; an empty list still has one (empty) page. */
export const pageCountOf = (count: number, rowsPerPage: number): number =>
  Math.max(1, Math.ceil(Math.max(0, count) / rowsPerPage));

export const clampPage = (page: number, pageCount: number): number =>
  Math.min(Math.max(1, Math.trunc(page)), Math.max(1, pageCount));

/** The page buttons to show: at most `max`, a window sliding with the current page. */
export const pageWindow = (page: number, pageCount: number, max: number = MAX_PAGE_BUTTONS): number[] => {
  const size = Math.min(max, pageCount);
  const current = clampPage(page, pageCount);
  const start = Math.min(Math.max(1, current - Math.floor((size - 1) / 2)), pageCount - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
};

/** A typed jump-to page: a whole number, clamped into range; anything else is rejected (null). */
export const parseJumpPage = (input: string, pageCount: number): number | null => {
  const text = input.trim();
  if (!/^\d+$/.test(text)) return null;
  return clampPage(Number(text), pageCount);
};

export interface PageSummary {
  page: number;
  pageCount: number;
  pages: number[];
  isFirst: boolean;
  isLast: boolean;
}

/** Everything the pagination bar shows, from its props. Throws on an invalid page size. */
export const summarisePage = (page: number, rowsPerPage: number, count: number): PageSummary => {
  assertRowsPerPage(rowsPerPage);
  const pageCount = pageCountOf(count, rowsPerPage);
  const current = clampPage(page, pageCount);
  return {
    page: current,
    pageCount,
    pages: pageWindow(current, pageCount),
    isFirst: current <= 1,
    isLast: current >= pageCount,
  };
};
