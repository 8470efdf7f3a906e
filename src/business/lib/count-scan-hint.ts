import type { TableRowCount } from '../../../contract';

/** Estimated rows from which counting a table row by row is worth telling its designer about. */
export const COUNT_SCAN_HINT_ROWS = 100_000;

/** What the list tells a designer about its total: counted row by row over about `rows` rows. */
export interface CountScanHint {
  rows: number;
  /** The designer can keep the count instead (a reversed table the database can count with triggers). */
  mayKeep: boolean;
}

/**
 * Whether a list's total is counted row by row on a large table: the row count is not kept, the
 * database does not count quickly on its own (SQLite, a MyISAM table), and the statistics say the
 * table has at least COUNT_SCAN_HINT_ROWS rows. Null otherwise, and while the state is unknown.
 */
export const countScanHint = (state: TableRowCount | undefined): CountScanHint | null => {
  if (!state || state.kept || state.notKept === 'cheap' || state.notKept === 'engine') return null;
  if (state.estimatedRows === null || state.estimatedRows < COUNT_SCAN_HINT_ROWS) return null;
  return { rows: state.estimatedRows, mayKeep: state.notKept === null };
};
