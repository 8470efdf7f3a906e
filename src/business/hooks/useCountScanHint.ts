import { useQuery } from '@tanstack/react-query';
import type { TableRowCount } from '../../../contract';
import { useCustomCall } from '../../common/hooks/useCustomCall';
import { useMayDesignTables } from '../../common/hooks/useMayDesignTables';
import { tableRowCountCall } from '../../providers/custom-calls';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { countScanHint, type CountScanHint } from '../lib/count-scan-hint';

/** How long the list trusts what it learnt of a table's row count (the designer's card refreshes it on a change). */
const STALE_MS = 60_000;

/**
 * For a user who may change table designs: whether the list's total is counted row by row on a
 * large table (see countScanHint). Asks the row-count state the designer's 行数统计 card shows,
 * under the same query key, so that keeping the count there clears the hint here. Null for other
 * users, for built-in tables, and when the state cannot be read.
 */
export const useCountScanHint = (tableId: number | undefined, builtIn: boolean): CountScanHint | null => {
  const { dataSource } = useCurrentDataSource();
  const call = useCustomCall('metadata');
  const canDesign = useMayDesignTables('edit');
  const query = useQuery({
    queryKey: ['table-row-count', dataSource, tableId],
    queryFn: ({ signal }) => call<TableRowCount>({ ...tableRowCountCall(tableId ?? 0), meta: { signal } }),
    enabled: canDesign && !builtIn && tableId !== undefined,
    staleTime: STALE_MS,
    retry: false,
  });
  return canDesign && !builtIn ? countScanHint(query.data) : null;
};
