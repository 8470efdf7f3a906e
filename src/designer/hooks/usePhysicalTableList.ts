import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_LIMIT, type PhysicalTableSummary } from '../../../contract';
import type { ScaffoldList } from '../../common/components/ListScaffold';
import { useCustomCall } from '../../common/hooks/useCustomCall';
import { METADATA_TABLES_PATH, metadataQueryKey } from '../../common/hooks/useMetadataList';
import { pageCountOf } from '../../common/lib/pagination';
import { physicalTablesCall } from '../../providers/custom-calls';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { filterPhysicalTables, keepSelected, pageRows } from '../lib/physical-tables';

const nameOf = (table: PhysicalTableSummary): string => table.tableName;

/**
 * The physical tables no metadata describes yet, read once and searched and paged in the
 * browser, as a list `ListScaffold` shows: the keyword filters as it is typed, and the selection
 * (by table name) reaches beyond the visible page and forgets tables that are gone.
 */
export const usePhysicalTableList = () => {
  const { dataSource } = useCurrentDataSource();
  const call = useCustomCall('metadata');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPage] = useState(DEFAULT_LIMIT);
  const [selectedNames, setSelected] = useState<string[]>([]);

  const query = useQuery({
    queryKey: metadataQueryKey(METADATA_TABLES_PATH, dataSource, 'physical'),
    queryFn: async ({ signal }) => {
      const tables = await call<unknown>({ ...physicalTablesCall(), meta: { signal } });
      return Array.isArray(tables) ? (tables as PhysicalTableSummary[]) : [];
    },
  });
  const all = useMemo(() => query.data ?? [], [query.data]);
  const matching = useMemo(() => filterPhysicalTables(all, keyword), [all, keyword]);
  const current = Math.min(page, pageCountOf(matching.length, rowsPerPage));
  const rows = pageRows(matching, current, rowsPerPage);
  const chosen = useMemo(() => keepSelected(selectedNames, all), [selectedNames, all]);
  const selected = useMemo(() => {
    const byName = new Map(all.map((table) => [table.tableName, table] as const));
    // keepSelected left only names that are in `all`
    return new Map(chosen.map((name) => [name, byName.get(name) as PhysicalTableSummary] as const));
  }, [all, chosen]);
  const { refetch } = query;
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  const search = (text: string) => {
    setKeyword(text);
    setPage(1);
  };

  const list: ScaffoldList<PhysicalTableSummary> = {
    rows,
    count: matching.length,
    page: current,
    rowsPerPage,
    isLoading: query.isPending,
    isFetching: query.isFetching,
    error: query.error,
    keyword,
    search: keyword.trim(),
    setKeyword: search,
    submitSearch: search,
    keyOf: nameOf,
    selected,
    select: (keys) => setSelected(keys.map(String)),
    changePage: (nextPage, nextRows) => {
      setPage(nextPage);
      setRowsPerPage(nextRows);
    },
    reload,
  };
  return {
    ...list,
    /** Every unmanaged table, once read: none means the database has nothing left to reverse. */
    all,
    /** Whether the tables have been read (and `all` is what the database has). */
    loaded: query.isSuccess,
    /** The selected names, in the order they were chosen. */
    chosen,
    /** The names on the visible page, and of every table matching the keyword. */
    visibleNames: rows.map(nameOf),
    matchingNames: matching.map(nameOf),
    setSelected,
    /** Forget these names in the selection (after they were reversed). */
    unselect: (names: readonly string[]) => {
      const gone = new Set(names);
      setSelected((before) => before.filter((name) => !gone.has(name)));
    },
  };
};
