import { fetchConfigRows, type ConfigRow } from '../providers/open-lookups';
import { createCachedLoader } from './createCachedLoader';

export interface AppConfig {
  appName: string;
  businessName?: string;
  /** Every key of the config table. */
  values: Record<string, string>;
}

export const DEFAULT_APP_NAME = 'crudboard';

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
  return toAppConfig(await fetchConfigRows());
}, toAppConfig([]));

/** App name and business name from the config table (falls back to crudboard). */
export const useAppConfig = (): AppConfig => appConfigLoader.use();
