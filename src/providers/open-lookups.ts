import type { DataSourceInfo } from '../../contract';
import { appClient } from './app-client';
import { runCustom } from './custom-calls';

/** The open lookups made before (or without) a session: they never send the user to the login page. */
const OPEN = { skipAuthRedirect: true };

/** `GET /api/metadata/dataSources`: the server's data sources (`primary` first). */
export const fetchDataSources = async (): Promise<DataSourceInfo[]> => {
  const sources = await runCustom<unknown>(appClient().dataProviders.metadata.custom, {
    url: '/metadata/dataSources',
    method: 'get',
    meta: OPEN,
  });
  return Array.isArray(sources) ? (sources as DataSourceInfo[]) : [];
};

/** A row of the `config` system table. */
export interface ConfigRow {
  key?: unknown;
  value?: unknown;
}

/** `GET /api/business/config`: the application settings, readable without a session. */
export const fetchConfigRows = async (): Promise<ConfigRow[]> => {
  const rows = await runCustom<unknown>(appClient().dataProviders.default.custom, {
    url: '/business/config',
    method: 'get',
    meta: OPEN,
  });
  return Array.isArray(rows) ? (rows as ConfigRow[]) : [];
};
