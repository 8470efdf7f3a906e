import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_LIMIT } from '../../contract';
import type { MetadataApi } from '../api/metadata-api';
import { offsetOf, pageCountOf } from '../lib/pagination';
import { useCurrentDataSource } from '../store/useCurrentDataSource';

/** Query keys of the metadata lists: everything under `['metadata', path]` is refreshed together. */
export const metadataQueryKey = (path: string, dataSource: string, ...rest: unknown[]) => [
  'metadata',
  path,
  dataSource,
  ...rest,
];

/**
 * Paging, keyword and selection of a metadata list (tables, sequences): list and count of API.md
 * §0 loaded in parallel for the current data source, first page of 10 rows (SPEC §4).
 */
export const useMetadataList = <T extends { id?: number }>(api: MetadataApi<T>) => {
  const { dataSource } = useCurrentDataSource();
  const [page, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPage] = useState(DEFAULT_LIMIT);
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<T[]>([]);

  const countQuery = useQuery({
    queryKey: metadataQueryKey(api.path, dataSource, 'count', search),
    queryFn: ({ signal }) => api.count(search, signal),
    placeholderData: keepPreviousData,
  });
  const count = countQuery.data ?? 0;
  // After deletes the page asked for may be past the end: show the last one instead.
  const current = countQuery.data === undefined ? page : Math.min(page, pageCountOf(count, rowsPerPage));
  const rowsQuery = useQuery({
    queryKey: metadataQueryKey(api.path, dataSource, 'list', { page: current, rowsPerPage, search }),
    queryFn: ({ signal }) =>
      api.list({ offset: offsetOf(current, rowsPerPage), limit: rowsPerPage, search }, signal),
    placeholderData: keepPreviousData,
  });

  return {
    dataSource,
    rows: rowsQuery.data ?? [],
    count,
    page: current,
    rowsPerPage,
    isLoading: rowsQuery.isLoading || countQuery.isLoading,
    isFetching: rowsQuery.isFetching || countQuery.isFetching,
    error: rowsQuery.error ?? countQuery.error,
    keyword,
    setKeyword,
    /** Runs the keyword search (Enter in the search box) from the first page. */
    submitSearch: (value: string = keyword) => {
      setKeyword(value);
      setSearch(value.trim());
      setPage(1);
    },
    changePage: (nextPage: number, nextRowsPerPage: number) => {
      setPage(nextPage);
      setRowsPerPage(nextRowsPerPage);
    },
    selected,
    setSelected,
    reload: async () => {
      await Promise.all([rowsQuery.refetch(), countQuery.refetch()]);
    },
  };
};

export type MetadataList<T extends { id?: number }> = ReturnType<typeof useMetadataList<T>>;
