import type { CrudFilter } from '@refinedev/core';
import { useCallback, useMemo, useState } from 'react';
import { businessPermission, encodeRecordKey as recordKey, SOFT_DELETE_COLUMN } from '../../../contract';
import type { BusinessRecord } from '../lib/business-record';
import { buildFilters, filterFields, softDeleteFilter, type FilterValues } from '../lib/business-filters';
import { fromColumnFilters } from '../lib/column-filter';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import type { BusinessTableMeta } from './useBusinessTable';
import { useListController } from '../../shared/hooks/useListController';

/**
 * A business list (docs/product.md §2, §4) on the list controller: the filter form of the table's queryable
 * columns, the recycle bin (soft-deleted records) and the record keys of the selection. The
 * metadata is loaded before: the first request already carries the soft-delete flag.
 */
export const useBusinessList = (tableName: string, meta: BusinessTableMeta) => {
  const { dataSource } = useCurrentDataSource();
  const [values, setValues] = useState<FilterValues>({});
  const [recycle, setRecycleState] = useState(false);

  const fields = useMemo(() => filterFields(meta.table, meta.relations), [meta]);
  const primaryNames = useMemo(() => meta.table.primaryNames ?? [], [meta]);
  const keyOf = useCallback((record: BusinessRecord) => recordKey(primaryNames, record), [primaryNames]);
  const columnFilters = useCallback(
    (typed: FilterValues, deleted: boolean): CrudFilter[] =>
      fromColumnFilters({
        ...buildFilters(fields, typed, meta.relatedTables),
        ...softDeleteFilter(meta.table, deleted),
      }),
    [fields, meta],
  );
  const [initialFilters] = useState(() => columnFilters({}, false));
  const list = useListController<BusinessRecord>({
    resource: tableName,
    meta: { dataSource, requiredPermissions: [businessPermission(tableName, 'read')] },
    initialFilters,
    keyOf,
  });

  return {
    ...list,
    dataSource,
    fields,
    values,
    setValues,
    recycle,
    /** Runs the keyword and filters as they are typed now, from the first page. */
    submit: () => list.apply(list.keyword, columnFilters(values, recycle)),
    /** docs/product.md §4 reset: keyword and filters cleared, live records, relation filters empty; reloads. */
    reset: () => {
      const cleared: FilterValues = {};
      for (const field of fields) if (field.kind === 'relation') cleared[field.column.name] = [];
      list.setKeyword('');
      setValues(cleared);
      setRecycleState(false);
      list.apply('', columnFilters(cleared, false));
    },
    /** Between the live records and the recycle bin (soft-deleted ones); the selection is dropped. */
    setRecycle: (deleted: boolean) => {
      setRecycleState(deleted);
      list.setColumnFilters([
        ...list.filters.filter((filter) => !('field' in filter) || filter.field !== SOFT_DELETE_COLUMN),
        ...fromColumnFilters(softDeleteFilter(meta.table, deleted)),
      ]);
    },
  };
};

export type BusinessList = ReturnType<typeof useBusinessList>;
