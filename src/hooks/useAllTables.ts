import { useQuery } from '@tanstack/react-query';
import { MAX_LIMIT } from '../../contract';
import { tablesApi } from '../api/metadata-tables';
import { useCurrentDataSource } from '../store/useCurrentDataSource';
import { metadataQueryKey } from './useMetadataList';

/** Every table of the current data source with its columns (pickers, graph, import checks). */
export const useAllTables = () => {
  const { dataSource } = useCurrentDataSource();
  return useQuery({
    queryKey: metadataQueryKey(tablesApi.path, dataSource, 'all'),
    queryFn: ({ signal }) => tablesApi.list({ offset: 0, limit: MAX_LIMIT }, signal),
  });
};
