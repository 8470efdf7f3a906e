import { useTable, type BaseRecord, type CrudFilter, type CrudSort, type MetaQuery } from '@refinedev/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { DEFAULT_LIMIT } from '../../../contract';
import { pageCountOf } from '../lib/pagination';
import { SEARCH_FIELD } from '../lib/query-params';

export interface ListControllerOptions<T> {
  /** The Refine resource: a table name (records) or `tables`, `sequences`, `tablerelations`. */
  resource: string;
  /** `metadata` for the metadata collections; records use the default provider. */
  dataProviderName?: string;
  /** Travels to the data provider: `dataSource`, `select`, `expand`, `requiredPermissions`... */
  meta?: MetaQuery;
  /** The filters of the first request (e.g. the soft-delete flag), without the keyword. */
  initialFilters?: CrudFilter[];
  /** The keyword of the first request (default: none). */
  initialKeyword?: string;
  /** The sort of the first request (default: the server's, key descending). */
  initialSorters?: CrudSort[];
  /** The page and rows per page of the first request (default: 1 and 10). */
  initialPage?: number;
  initialPageSize?: number;
  /** A row's key in the selection (the record key; composite keys as `k1=v1,k2=v2`). */
  keyOf: (row: T) => string;
}

const searchFilter = (search: string): CrudFilter[] =>
  search ? [{ field: SEARCH_FIELD, operator: 'eq', value: search }] : [];

const isSearch = (filter: CrudFilter): boolean => 'field' in filter && filter.field === SEARCH_FIELD;

/**
 * The one controller of every list screen (business records and metadata alike), on Refine's
 * `useTable`: a page at a time through the data provider (rows and count together), the keyword
 * and the column filters as Refine filters, row selection kept across pages by key, and the page
 * pulled back to the last one when deletes leave it past the end. The URL is left alone: the
 * list state lives in the screen, which may start it from a link (`initial...`) and write it back.
 */
export const useListController = <T extends object>({
  resource,
  dataProviderName,
  meta,
  initialFilters = [],
  initialKeyword = '',
  initialSorters = [],
  initialPage = 1,
  initialPageSize = DEFAULT_LIMIT,
  keyOf,
}: ListControllerOptions<T>) => {
  // Asked to count every match of the current keyword and filters, past the server's bound.
  const [exactAsked, setExactAsked] = useState(false);
  const tableMeta = exactAsked ? { ...meta, exactTotal: true } : meta;
  const table = useTable<BaseRecord>({
    resource,
    dataProviderName,
    meta: tableMeta,
    syncWithLocation: false,
    pagination: { currentPage: initialPage, pageSize: initialPageSize, mode: 'server' },
    filters: {
      initial: [...searchFilter(initialKeyword.trim()), ...initialFilters],
      defaultBehavior: 'replace',
    },
    sorters: { mode: 'server', initial: initialSorters },
    queryOptions: { placeholderData: (previous) => previous },
    successNotification: false,
    errorNotification: false,
  });
  const {
    tableQuery,
    result,
    currentPage,
    setCurrentPage,
    pageSize,
    setPageSize,
    setFilters,
    filters,
    sorters,
    setSorters,
  } = table;
  const [keyword, setKeyword] = useState(initialKeyword);
  const [selected, setSelected] = useState<ReadonlyMap<string, T>>(new Map());

  const total = result.total;
  // false: `total` is a lower bound (the server counted up to its bound)
  const countExact = result.totalExact !== false;
  // After deletes the page asked for may be past the end: show the last one instead (a lower
  // bound is no end: the page after it may hold rows).
  const page =
    total === undefined || !countExact ? currentPage : Math.min(currentPage, pageCountOf(total, pageSize));
  useEffect(() => {
    if (page !== currentPage) setCurrentPage(page);
  }, [page, currentPage, setCurrentPage]);

  const search = useMemo(() => {
    const found = filters.find(isSearch);
    return found && 'value' in found ? String(found.value ?? '') : '';
  }, [filters]);
  const columnFilters = useMemo(() => filters.filter((filter) => !isSearch(filter)), [filters]);

  const { refetch } = tableQuery;
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);

  /** Runs this keyword and these filters from the first page (the same ones again: reloads). */
  const apply = useCallback(
    (nextSearch: string, nextFilters: readonly CrudFilter[]) => {
      const next = [...searchFilter(nextSearch.trim()), ...nextFilters];
      setCurrentPage(1);
      setExactAsked(false);
      if (JSON.stringify(next) === JSON.stringify(filters)) void refetch();
      else setFilters(next, 'replace');
    },
    [setCurrentPage, setFilters, refetch, filters],
  );

  /** Starts over from a whole state (a link followed): keyword, filters, sort and page; no selection. */
  const restore = useCallback(
    (state: {
      keyword: string;
      filters: readonly CrudFilter[];
      sorters: CrudSort[];
      page: number;
      pageSize: number;
    }) => {
      setKeyword(state.keyword);
      setSelected(new Map());
      setExactAsked(false);
      setFilters([...searchFilter(state.keyword.trim()), ...state.filters], 'replace');
      setSorters(state.sorters);
      setPageSize(state.pageSize);
      setCurrentPage(state.page);
    },
    [setFilters, setSorters, setPageSize, setCurrentPage],
  );

  return {
    rows: result.data as T[],
    count: total ?? 0,
    /** Whether `count` is exact; false: at least that many (a keyword or filter matched more than the server counts). */
    countExact,
    /** Counts every match of the current keyword and filters (then `countExact` is true). */
    countExactly: () => setExactAsked(true),
    /** Whether the exact count has been asked and is being read. */
    countingExactly: exactAsked && !countExact && tableQuery.isFetching,
    page,
    rowsPerPage: pageSize,
    isLoading: tableQuery.isLoading,
    isFetching: tableQuery.isFetching,
    error: tableQuery.error ?? null,
    /** The keyword as typed; `search` is the one the rows were asked with. */
    keyword,
    setKeyword,
    search,
    /** The applied column filters (without the keyword). */
    filters: columnFilters,
    /** Everything the rows were asked with (keyword included), e.g. for an export of the same rows. */
    allFilters: filters,
    /** The sort the rows were asked with (none: the server's). */
    sorters,
    /** Sorts by these columns, from the first page. */
    sort: (next: CrudSort[]) => {
      setCurrentPage(1);
      setSorters(next);
    },
    apply,
    restore,
    /** Runs the keyword search (Enter in the search box) with the same filters, from the first page. */
    submitSearch: (value: string = keyword) => {
      setKeyword(value);
      apply(value, columnFilters);
    },
    /** Replaces the column filters, keeping the keyword; the selection is dropped. */
    setColumnFilters: (next: readonly CrudFilter[]) => {
      setSelected(new Map());
      apply(search, next);
    },
    changePage: (nextPage: number, nextRowsPerPage: number) => {
      setPageSize(nextRowsPerPage);
      setCurrentPage(nextPage);
    },
    keyOf,
    selected,
    selectedRows: useMemo(() => [...selected.values()], [selected]),
    /** The selection after the table's checkboxes changed: rows on other pages are kept. */
    select: (keys: readonly (string | number | bigint)[], rowsOnPage: readonly (T | undefined)[]) => {
      const onPage = new Map(
        rowsOnPage.filter((row): row is T => Boolean(row)).map((row) => [keyOf(row), row] as const),
      );
      setSelected((before) => {
        const next = new Map<string, T>();
        for (const key of keys) {
          const text = String(key);
          const row = onPage.get(text) ?? before.get(text);
          if (row) next.set(text, row);
        }
        return next;
      });
    },
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

export type ListController<T extends object> = ReturnType<typeof useListController<T>>;
