import { APP_STORAGE_PREFIX } from '../store/preferences';
import { createCrudboardClient, type CrudboardClient } from '@crudboard/client';
import { i18n } from './i18n-provider';
import { uiBridge } from './ui-bridge';

const isOnLoginPage = (): boolean => /\/login\/?$/.test(window.location.pathname);

let client: CrudboardClient | undefined;

/**
 * The crudboard app's own client, made on first use: the server at `VITE_API_BASE` (default the
 * same origin), the app's unprefixed storage keys, the UI language, and a 401 shown as an antd
 * message followed by the login page (docs/product.md §8).
 */
export const appClient = (): CrudboardClient =>
  (client ??= createCrudboardClient({
    baseURL: import.meta.env.VITE_API_BASE ?? '',
    storageKeyPrefix: APP_STORAGE_PREFIX,
    getLanguage: () => i18n.language,
    notifyUnauthorized: (text) => uiBridge.notifyError(text),
    navigateToLogin: () => {
      if (!isOnLoginPage()) uiBridge.navigate('/login');
    },
  }));
