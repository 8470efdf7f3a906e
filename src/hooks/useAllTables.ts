import { useList } from '@refinedev/core';
import type { Table } from '../../contract';
import { useCurrentDataSource } from '../store/useCurrentDataSource';

/**
 * Every table of the current data source with its columns (pickers, graph, import checks), read
 * through Refine's `useList` on the `metadata` provider, so that table changes refresh it.
 */
export const useAllTables = () => {
  const { dataSource } = useCurrentDataSource();
  const { query, result } = useList({
    resource: 'tables',
    dataProviderName: 'metadata',
    pagination: { mode: 'off' },
    meta: { dataSource },
    successNotification: false,
    errorNotification: false,
  });
  return {
    data: query.data ? (result.data as unknown as Table[]) : undefined,
    isLoading: query.isLoading,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
  };
};
