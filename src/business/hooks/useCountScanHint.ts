import { useMayDesignTables } from '../../common/hooks/useMayDesignTables';
import { useTableRowCount } from '../../designer/hooks/useTableRowCount';
import { countScanHint, type CountScanHint } from '../lib/count-scan-hint';

/** How long the list trusts what it learnt of a table's row count (the designer's card refreshes it on a change). */
const STALE_MS = 60_000;

/**
 * For a user who may change table designs: whether the list's total is counted row by row on a
 * large table (see countScanHint), from the row-count state the designer's 行数统计 card shows.
 * Null for other users (nothing is asked), for built-in tables, and when the state cannot be read.
 */
export const useCountScanHint = (tableId: number | undefined, builtIn: boolean): CountScanHint | null => {
  const asked = useMayDesignTables('edit') && !builtIn;
  const { data } = useTableRowCount(tableId, { enabled: asked, staleTime: STALE_MS, retry: false });
  return asked ? countScanHint(data) : null;
};
