import { createAccessControlProvider } from './access-control';
import { createAuthProvider } from './auth-provider';
import { createDataProvider } from './data-provider';
import { apiUrl, http } from './http';

export { i18nProvider } from './i18n-provider';

/** Records under `/api/business`; metadata resources pick `dataProviderName: 'metadata'`. */
export const dataProviders = {
  default: createDataProvider(http, { apiUrl, basePath: '/business', deleteFlag: 'isSoftDelete' }),
  metadata: createDataProvider(http, {
    apiUrl,
    basePath: '/metadata',
    deleteFlag: { tables: 'isDropPhysicalTable' },
  }),
};

export const authProvider = createAuthProvider(http);
export const accessControlProvider = createAccessControlProvider();
