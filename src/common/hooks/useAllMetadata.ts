import { useList, type BaseRecord, type HttpError } from '@refinedev/core';
import { useMemo } from 'react';
import type { MetadataResource } from './useMetadataRecord';

export interface AllMetadata<T> {
  /** Every item once loaded. */
  data: T[] | undefined;
  isLoading: boolean;
  isError: boolean;
  error: HttpError | null;
  refetch: () => Promise<unknown>;
}

/**
 * Every table, sequence or relation of the current data source, read with Refine's `useList`
 * (one request, no paging) so saves elsewhere refresh it.
 */
export const useAllMetadata = <T extends BaseRecord>(resource: MetadataResource): AllMetadata<T> => {
  const { query, result } = useList<T>({
    resource,
    dataProviderName: 'metadata',
    pagination: { mode: 'off' },
  });
  const data = query.isSuccess ? result.data : undefined;
  return useMemo(
    () => ({
      data,
      isLoading: query.isLoading,
      isError: query.isError,
      error: query.error,
      refetch: () => query.refetch(),
    }),
    // `query` is a new object every render; its fields are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, query.isLoading, query.isError, query.error, query.refetch],
  );
};
