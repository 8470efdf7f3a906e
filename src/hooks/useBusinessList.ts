import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_LIMIT, encodeRecordKey as recordKey } from '../../contract';
import { countRecords, listRecords, type BusinessRecord } from '../api/business';
import { buildFilters, filterFields, softDeleteFilter, type FilterValues } from '../lib/business-filters';
import { offsetOf, pageCountOf } from '../lib/pagination';
import { useCurrentDataSource } from '../store/useCurrentDataSource';
import type { BusinessTableMeta } from './useBusinessTable';

interface Applied {
  search: string;
  values: FilterValues;
}

const EMPTY: Applied = { search: '', values: {} };

/** Query keys of a table's records: everything under them is refreshed after a change. */
export const businessQueryKey = (dataSource: string, tableName: string, ...rest: unknown[]) => [
  'business',
  dataSource,
  tableName,
  ...rest,
];

/**
 * Paging, keyword, column filters, recycle bin and selection of a business list (SPEC §2, §4):
 * count and rows once the metadata is there, first page of 10 rows, selection kept by key.
 */
export const useBusinessList = (tableName: string, meta: BusinessTableMeta | undefined) => {
  const { dataSource } = useCurrentDataSource();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPage] = useState(DEFAULT_LIMIT);
  const [keyword, setKeyword] = useState('');
  const [values, setValues] = useState<FilterValues>({});
  const [applied, setApplied] = useState<Applied>(EMPTY);
  const [recycle, setRecycleState] = useState(false);
  const [selected, setSelected] = useState<ReadonlyMap<string, BusinessRecord>>(new Map());

  const fields = useMemo(() => (meta ? filterFields(meta.table, meta.relations) : []), [meta]);
  const primaryNames = useMemo(() => meta?.table.primaryNames ?? [], [meta]);
  const query = useMemo(() => {
    if (!meta) return undefined;
    return {
      search: applied.search,
      filters: {
        ...buildFilters(fields, applied.values, meta.relatedTables),
        ...softDeleteFilter(meta.table, recycle),
      },
    };
  }, [meta, fields, applied, recycle]);

  const countQuery = useQuery({
    queryKey: businessQueryKey(dataSource, tableName, 'count', query),
    queryFn: ({ signal }) => countRecords(tableName, query ?? {}, signal),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
  const count = countQuery.data ?? 0;
  // After deletes the page asked for may be past the end: show the last one instead.
  const current = countQuery.data === undefined ? page : Math.min(page, pageCountOf(count, rowsPerPage));
  const rowsQuery = useQuery({
    queryKey: businessQueryKey(dataSource, tableName, 'list', query, current, rowsPerPage),
    queryFn: ({ signal }) =>
      listRecords(
        tableName,
        { ...(query ?? {}), offset: offsetOf(current, rowsPerPage), limit: rowsPerPage },
        signal,
      ),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });

  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: businessQueryKey(dataSource, tableName) }),
    [queryClient, dataSource, tableName],
  );

  const keyOf = useCallback((record: BusinessRecord) => recordKey(primaryNames, record), [primaryNames]);

  return {
    dataSource,
    fields,
    query,
    rows: rowsQuery.data ?? [],
    count,
    page: current,
    rowsPerPage,
    isLoading: rowsQuery.isLoading || countQuery.isLoading,
    isFetching: rowsQuery.isFetching || countQuery.isFetching,
    error: rowsQuery.error ?? countQuery.error,
    keyword,
    setKeyword,
    values,
    setValues,
    recycle,
    /** Runs the keyword and filters as they are typed now, from the first page. */
    submit: () => {
      setApplied({ search: keyword.trim(), values });
      setPage(1);
    },
    /** SPEC §4 reset: keyword and filters cleared, live records, relation filters empty; reloads. */
    reset: () => {
      const cleared: FilterValues = {};
      for (const field of fields) if (field.kind === 'relation') cleared[field.column.name] = [];
      setKeyword('');
      setValues(cleared);
      setApplied({ search: '', values: cleared });
      setRecycleState(false);
      setPage(1);
      void reload();
    },
    /** Between the live records and the recycle bin (soft-deleted ones); the selection is dropped. */
    setRecycle: (deleted: boolean) => {
      setRecycleState(deleted);
      setSelected(new Map());
      setPage(1);
    },
    changePage: (nextPage: number, nextRowsPerPage: number) => {
      setPage(nextPage);
      setRowsPerPage(nextRowsPerPage);
    },
    keyOf,
    selected,
    setSelected,
    /** Forget these keys in the selection (after they were deleted). */
    unselect: (keys: readonly string[]) =>
      setSelected((before) => {
        const next = new Map(before);
        for (const key of keys) next.delete(key);
        return next;
      }),
    reload,
  };
};

export type BusinessList = ReturnType<typeof useBusinessList>;
