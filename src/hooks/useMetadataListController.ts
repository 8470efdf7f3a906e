import { useCurrentDataSource } from '../store/useCurrentDataSource';
import { useListController } from './useListController';

const idOf = (row: { id?: number }): string => String(row.id);

/**
 * A metadata list (tables, sequences, relations; SPEC §4) on the list controller: the `metadata`
 * data provider, the current data source, rows keyed by id, keyword search.
 */
export const useMetadataListController = <T extends { id?: number }>(resource: string) => {
  const { dataSource } = useCurrentDataSource();
  const list = useListController<T>({
    resource,
    dataProviderName: 'metadata',
    meta: { dataSource },
    keyOf: idOf,
  });
  return { ...list, dataSource };
};

export type MetadataListController<T extends { id?: number }> = ReturnType<
  typeof useMetadataListController<T>
>;
