import type { BusinessRecord } from './business-record';

/** Marker of a row added in an inline sub-table list (the server reads it as "insert"). */
export const NEW_ROW_FLAG = 'isNewRow';
/** Field of a new row holding its temporary id; removed on submit (docs/product.md §4). */
export const TEMP_ID_FIELD = '$tempId';

let counter = 0;

/** A temporary id: the time plus a counter, unique within the page. */
export const nextTempId = (now: number = Date.now()): string => {
  counter += 1;
  return `new-${now}-${counter}`;
};

/** A new row of a sub-table list: flagged new, with a temporary id and any initial values. */
export const newSubRow = (initial: BusinessRecord = {}, tempId: string = nextTempId()): BusinessRecord => ({
  ...initial,
  [NEW_ROW_FLAG]: true,
  [TEMP_ID_FIELD]: tempId,
});

export const isNewSubRow = (row: BusinessRecord): boolean => row[NEW_ROW_FLAG] === true;

/** The rows of a sub-table list as loaded: an array of objects, else none. */
export const loadedRows = (value: unknown): BusinessRecord[] =>
  Array.isArray(value)
    ? value.filter(
        (row): row is BusinessRecord => typeof row === 'object' && row !== null && !Array.isArray(row),
      )
    : [];

/** The rows of one page of a sub-table list (edit lists page by 100, docs/product.md §9). */
export const SUB_LIST_PAGE_SIZE = 100;
