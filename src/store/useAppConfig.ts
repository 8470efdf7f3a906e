import { http } from '../providers/http';
import { createCachedLoader } from './createCachedLoader';

export interface AppConfig {
  appName: string;
  businessName?: string;
  /** Every key of the config table. */
  values: Record<string, string>;
}

export const DEFAULT_APP_NAME = 'crudboard';

interface ConfigRow {
  key: string;
  value: string | null;
}

/** Config rows → the app config; blank values are ignored. */
export const toAppConfig = (rows: readonly ConfigRow[] | null | undefined): AppConfig => {
  const values: Record<string, string> = {};
  for (const row of rows ?? []) {
    if (row && typeof row.key === 'string' && typeof row.value === 'string' && row.value.trim() !== '') {
      values[row.key] = row.value.trim();
    }
  }
  return {
    appName: values.appName ?? DEFAULT_APP_NAME,
    ...(values.businessName ? { businessName: values.businessName } : {}),
    values,
  };
};

/** `GET /api/business/config` (open), loaded once. */
export const appConfigLoader = createCachedLoader(async () => {
  const { data } = await http.get<ConfigRow[]>('/business/config', { skipAuthRedirect: true });
  return toAppConfig(Array.isArray(data) ? data : []);
}, toAppConfig([]));

/** App name and business name from the config table (falls back to crudboard). */
export const useAppConfig = (): AppConfig => appConfigLoader.use();
