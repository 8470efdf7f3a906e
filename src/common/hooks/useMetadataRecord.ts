import { useOne, type BaseRecord, type HttpError } from '@refinedev/core';

/** The metadata resources with an edit screen (served by the `metadata` data provider). */
export type MetadataResource = 'tables' | 'sequences' | 'tablerelations';

type Refetch = () => Promise<unknown>;

/** Loading, failed, or loaded: `data` is there exactly when neither pending nor failed. */
export type MetadataRecordState<T> =
  | { isPending: true; isError: false; data: undefined; error: null; refetch: Refetch }
  | { isPending: false; isError: true; data: undefined; error: HttpError; refetch: Refetch }
  | { isPending: false; isError: false; data: T; error: null; refetch: Refetch };

/**
 * One table, sequence or relation by id for its edit screens, read with Refine's `useOne` (so a
 * save's invalidation refreshes it). An editor starts from what is stored now: no cached copy
 * survives leaving the page, no background refetch replaces what the user is editing, and a
 * failure shows on the page rather than as a notice.
 */
export const useMetadataRecord = <T extends BaseRecord>(
  resource: MetadataResource,
  id: string | undefined,
): MetadataRecordState<T> => {
  const { query, result } = useOne<T>({
    resource,
    id: id ?? '',
    dataProviderName: 'metadata',
    errorNotification: false,
    queryOptions: { enabled: Boolean(id), gcTime: 0, refetchOnWindowFocus: false },
  });
  const refetch: Refetch = () => query.refetch();
  if (query.isPending) return { isPending: true, isError: false, data: undefined, error: null, refetch };
  if (query.isError || result === undefined) {
    const error = query.error ?? { message: 'not found', statusCode: 404 };
    return { isPending: false, isError: true, data: undefined, error, refetch };
  }
  return { isPending: false, isError: false, data: result, error: null, refetch };
};
