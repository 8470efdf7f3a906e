import type { CrudFilter, CrudSort } from '@refinedev/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  businessPermission,
  encodeRecordKey as recordKey,
  isSearchBody,
  SOFT_DELETE_COLUMN,
} from '../../../contract';
import type { BusinessRecord } from '../lib/business-record';
import {
  buildFilters,
  filterFields,
  filterValuesOf,
  softDeleteFilter,
  type FilterValues,
} from '../lib/business-filters';
import { fromColumnFilters } from '../lib/column-filter';
import {
  crudFiltersOf,
  filterTextsOf,
  readListUrlState,
  writeListUrlState,
  type ListUrlState,
} from '../lib/list-url-state';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import type { BusinessTableMeta } from './useBusinessTable';
import { useListController } from '../../common/hooks/useListController';

/** Marks the history entries the list wrote itself. */
const LIST_STATE = 'crudboardList';

/**
 * A business list (docs/product.md §2, §4) on the list controller: the filter form of the table's
 * columns, the recycle bin (soft-deleted records), the sort and the record keys of the selection.
 * Keyword, filters, sort, page, page size and the recycle bin live in the link (`list-url-state`):
 * the list starts from it, writes every change back to it, and follows it when it changes from
 * outside (the menu entry of the same table: a fresh list). The metadata is loaded before: the
 * first request already carries the soft-delete flag.
 */
export const useBusinessList = (tableName: string, meta: BusinessTableMeta) => {
  const { dataSource } = useCurrentDataSource();
  const [searchParams, setSearchParams] = useSearchParams();
  const fields = useMemo(() => filterFields(meta.table, meta.relations, meta.keyRelations), [meta]);
  const readState = useCallback(
    (params: URLSearchParams): ListUrlState =>
      readListUrlState(
        params,
        fields.map((field) => field.column.name),
        meta.table.columns
          .filter((column) => !isSearchBody(meta.table, column) && column.dataType !== 'PASSWORD')
          .map((column) => column.name),
      ),
    [fields, meta],
  );
  const [start] = useState(() => readState(searchParams));
  const [values, setValues] = useState<FilterValues>(() => filterValuesOf(fields, start.filters));
  const [recycle, setRecycleState] = useState(start.recycle);

  const primaryNames = useMemo(() => meta.table.primaryNames ?? [], [meta]);
  const keyOf = useCallback((record: BusinessRecord) => recordKey(primaryNames, record), [primaryNames]);
  const deletedFilter = useCallback(
    (deleted: boolean): CrudFilter[] => fromColumnFilters(softDeleteFilter(meta.table, deleted)),
    [meta],
  );
  const columnFilters = useCallback(
    (typed: FilterValues, deleted: boolean): CrudFilter[] => [
      ...fromColumnFilters(buildFilters(fields, typed, meta.relatedTables)),
      ...deletedFilter(deleted),
    ],
    [fields, meta, deletedFilter],
  );
  const [initialFilters] = useState(() => [...crudFiltersOf(start.filters), ...deletedFilter(start.recycle)]);
  const list = useListController<BusinessRecord>({
    resource: tableName,
    meta: { dataSource, requiredPermissions: [businessPermission(tableName, 'read')] },
    initialFilters,
    initialKeyword: start.keyword,
    initialSorters: start.sorters,
    initialPage: start.page,
    initialPageSize: start.pageSize,
    keyOf,
  });

  // The link follows the list, and the list follows a link changed from outside (a menu entry,
  // back and forward). The list's own writes are marked, so that one landing after the user has
  // already changed the list again is not taken for a link from outside.
  const wanted = writeListUrlState({
    keyword: list.search,
    filters: filterTextsOf(list.filters),
    sorters: list.sorters,
    page: list.page,
    pageSize: list.rowsPerPage,
    recycle,
  }).toString();
  const location = useLocation();
  const current = searchParams.toString();
  const ours = (location.state as { [LIST_STATE]?: boolean } | null)?.[LIST_STATE] === true;
  const { restore, setKeyword } = list;
  const [seen, setSeen] = useState(location.key);
  if (location.key !== seen) {
    setSeen(location.key);
    if (!ours) {
      const next = readState(new URLSearchParams(current));
      setValues(filterValuesOf(fields, next.filters));
      setRecycleState(next.recycle);
      setKeyword(next.keyword);
      restore({
        keyword: next.keyword,
        filters: [...crudFiltersOf(next.filters), ...deletedFilter(next.recycle)],
        sorters: next.sorters,
        page: next.page,
        pageSize: next.pageSize,
      });
    }
  }
  const following = location.key !== seen && !ours;
  useEffect(() => {
    if (!following && wanted !== current)
      setSearchParams(new URLSearchParams(wanted), { replace: true, state: { [LIST_STATE]: true } });
  }, [following, current, wanted, setSearchParams]);

  return {
    ...list,
    dataSource,
    fields,
    values,
    setValues,
    recycle,
    /**
     * The list's query as its link carries it (`?q=…&page=2`, or empty): what the forms it opens
     * come back to. Taken from the list itself, so a record opened right after a search keeps it.
     */
    query: wanted === '' ? '' : `?${wanted}`,
    /** Whether the rows are narrowed by a keyword or a filter (an empty list is then no empty table). */
    filtered: list.search !== '' || Object.keys(filterTextsOf(list.filters)).length > 0,
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
        ...deletedFilter(deleted),
      ]);
    },
    /** Sorts by one column (antd's header sorter), or back to the server's order. */
    sortBy: (field: string | undefined, order: 'asc' | 'desc' | undefined) =>
      list.sort(field && order ? [{ field, order } satisfies CrudSort] : []),
  };
};

export type BusinessList = ReturnType<typeof useBusinessList>;
