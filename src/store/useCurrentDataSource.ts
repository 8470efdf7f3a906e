import { useCallback, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { DataSourceInfo } from '../../contract';
import { dataSourceFromPath, PRIMARY_DATA_SOURCE, resolveDataSource } from '../common/lib/data-source';
import { fetchDataSources } from '../providers/open-lookups';
import { createCachedLoader } from './createCachedLoader';
import { createLazyStore } from './createStore';
import { PREFERENCE_KEYS, readPreference, writePreference } from './preferences';

export type DataSourceOption = Pick<DataSourceInfo, 'name' | 'caption'> & Partial<DataSourceInfo>;

/** Shown when `GET /api/metadata/dataSources` fails. */
export const FALLBACK_DATA_SOURCES: DataSourceOption[] = [{ name: PRIMARY_DATA_SOURCE, caption: '主数据源' }];

export const rememberedDataSourceStore = createLazyStore<string | null>(() =>
  readPreference(PREFERENCE_KEYS.dataSource),
);

export const rememberDataSource = (name: string): void => {
  writePreference(PREFERENCE_KEYS.dataSource, name);
  rememberedDataSourceStore.set(name);
};

/** `GET /api/metadata/dataSources` (open), loaded once; the fallback when it fails. */
export const dataSourcesLoader = createCachedLoader(async () => {
  const sources = await fetchDataSources();
  return sources.length > 0 ? (sources as DataSourceOption[]) : FALLBACK_DATA_SOURCES;
}, FALLBACK_DATA_SOURCES);

/** The data sources of the server (`primary` first), or the fallback. */
export const useDataSources = (): DataSourceOption[] => dataSourcesLoader.use();

/**
 * The current data source: the `:dataSource` of the route, else the remembered one, else primary.
 * Choosing one remembers it and opens its home page.
 */
export const useCurrentDataSource = () => {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const remembered = useSyncExternalStore(rememberedDataSourceStore.subscribe, rememberedDataSourceStore.get);
  const fromRoute = dataSourceFromPath(pathname);
  const dataSource = resolveDataSource(fromRoute, remembered);
  const select = useCallback(
    (name: string) => {
      rememberDataSource(name);
      navigate(`/dataSource/${encodeURIComponent(name)}`);
    },
    [navigate],
  );
  return { dataSource, fromRoute, remembered, select };
};
