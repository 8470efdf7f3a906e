import { useQuery } from '@tanstack/react-query';
import type { MetadataApi } from '../api/metadata-api';
import { useCurrentDataSource } from '../store/useCurrentDataSource';
import { metadataQueryKey } from './useMetadataList';

/** One table or sequence by id, for its edit screens (refreshed with its list). */
export const useMetadataRecord = <T>(api: MetadataApi<T>, id: string | undefined) => {
  const { dataSource } = useCurrentDataSource();
  return useQuery({
    queryKey: metadataQueryKey(api.path, dataSource, 'one', id),
    queryFn: ({ signal }) => api.get(id as string, signal),
    enabled: Boolean(id),
    // An editor starts from what is stored now: no cached copy survives leaving the page, and no
    // background refetch replaces what the user is editing.
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
};
