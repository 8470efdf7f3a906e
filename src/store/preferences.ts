import { CLIENT_PREFERENCE_KEYS, createKeyStorage } from '@crudboard/client';

/** The storage key prefix of the crudboard app itself: none, so its keys read as they always have. */
export const APP_STORAGE_PREFIX = '';

/** localStorage keys of remembered UI settings (cleared by 清除浏览器缓存, unlike the session). */
export const PREFERENCE_KEYS = {
  // `locale` and `dataSource`: the keys crudboard's client reads and writes itself
  ...CLIENT_PREFERENCE_KEYS,
  themeMode: 'themeMode',
  siderCollapsed: 'siderCollapsed',
  siderCollapsedNarrow: 'siderCollapsedNarrow',
} as const;

const appStorage = createKeyStorage(APP_STORAGE_PREFIX);

export const readPreference = (key: string): string | null => appStorage.read(key);

export const writePreference = (key: string, value: string): void => appStorage.write(key, value);
