import { useQuery } from '@tanstack/react-query';
import type { TableRowCount } from '../../../contract';
import { useCustomCall } from '../../common/hooks/useCustomCall';
import { tableRowCountCall } from '../../providers/custom-calls';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';

/**
 * Whether a table's exact row count is kept (`GET /metadata/tables/{id}/row-count`), under one query
 * key for the designer's 行数统计 card and the list's note beside its total: a change made in one
 * is what the other shows.
 */
export const useTableRowCount = (
  tableId: number | undefined,
  { enabled = true, ...rest }: { enabled?: boolean; staleTime?: number; retry?: boolean } = {},
) => {
  const { dataSource } = useCurrentDataSource();
  const call = useCustomCall('metadata');
  return useQuery({
    queryKey: ['table-row-count', dataSource, tableId],
    queryFn: ({ signal }) => call<TableRowCount>({ ...tableRowCountCall(tableId ?? 0), meta: { signal } }),
    enabled: enabled && tableId !== undefined,
    ...rest,
  });
};
