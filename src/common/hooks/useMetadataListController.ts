import { useCan } from '@refinedev/core';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { useListController } from './useListController';

const idOf = (row: { id?: number }): string => String(row.id);

/**
 * A metadata list (tables, sequences, relations; docs/product.md §4) on the list controller: the `metadata`
 * data provider, the current data source, rows keyed by id, keyword search, and whether the
 * user may change these rows (`metadata:write`, asked through the access control).
 */
export const useMetadataListController = <T extends { id?: number }>(resource: string) => {
  const { dataSource } = useCurrentDataSource();
  const list = useListController<T>({
    resource,
    dataProviderName: 'metadata',
    meta: { dataSource },
    keyOf: idOf,
  });
  const canWrite =
    useCan({
      resource,
      action: 'edit',
      params: { resource: { name: resource, meta: { kind: 'metadata' } } },
    }).data?.can === true;
  return { ...list, dataSource, canWrite };
};

export type MetadataListController<T extends { id?: number }> = ReturnType<
  typeof useMetadataListController<T>
>;
