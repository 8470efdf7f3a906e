/** One bad row of a business data import (docs/api.md §3). */
export interface ImportFailure {
  /** The table, in a multi-table import. */
  table?: string;
  /** The row number as the sheet shows it (a multi-table import: the record's 1-based position). */
  row: number;
  /** The header (or column name) of the bad value, when one value is to blame. */
  column?: string;
  message: string;
}

/** The answer of an import; an all-or-nothing import that fails answers it inside a 400 error body. */
export interface ImportResult {
  inserted: number;
  updated: number;
  /** At most the first 10,000 bad values; `failedRows` counts every bad row. */
  failed: ImportFailure[];
  failedRows: number;
}
