import type {
  AccessControlProvider,
  AuditLogProvider,
  AuthProvider,
  DataProvider,
  IRefineOptions,
} from '@refinedev/core';
import type { AxiosInstance } from 'axios';
import { dataSourceFromPath, resolveDataSource } from './lib/data-source';
import { QUERY_DEFAULTS } from './lib/retry-policy';
import { CLIENT_PREFERENCE_KEYS, createKeyStorage, type KeyStorage } from './createKeyStorage';
import { createSession, type Session } from './session';
import { createAccessControlProvider } from './access-control';
import { createAuditLogProvider } from './audit-log-provider';
import { createAuthProvider } from './auth-provider';
import { createTokenAuthProvider } from './token-auth-provider';
import { runCustom, type CustomCall } from './custom-calls';
import { collationOfLanguage, createDataProvider } from './data-provider';
import { createListTotals } from './list-totals';
import { apiUrlOf, createHttp, createUnauthorizedHandler } from './http';

export interface CrudboardClientOptions {
  /**
   * Where the crudboard server is: `''` (the default) is the page's own origin, so requests go to
   * `/api/...`. The session cookie is SameSite=Lax and changing requests from another origin are
   * refused unless the server lists it in `ALLOWED_ORIGINS`: serve the app same-origin.
   */
  baseURL?: string;
  /**
   * Put before every key the client keeps in localStorage (`token`, `userInfo`, `permission`,
   * `dataSource`, `locale`), so that two clients on one origin do not share them. Default `''`
   * (the crudboard app's own keys).
   */
  storageKeyPrefix?: string;
  /**
   * `Accept-Language` of every request (the server answers messages in English for `en...`, else
   * in Chinese), and the order of sorted lists (Chinese: text in pinyin order, `collation=pinyin`).
   * Default: the stored `locale`, else the browser's language.
   */
  getLanguage?: () => string;
  /**
   * The data source of a request that names none (`meta.dataSource` names one). Default: the
   * `dataSource/<name>` segment of the page's path, else the stored `dataSource`, else `primary`.
   */
  getDataSource?: () => string;
  /**
   * Shows the server's message when a request gets a 401 (the session ended); the stored session
   * is forgotten either way. Default: nothing (Refine reports the failed call itself).
   */
  notifyUnauthorized?: (message: string) => void;
  /**
   * Opens the login page a second after a 401 (once for several at once). Default: nothing, as
   * Refine's `authProvider.onError` answers a 401 with a logout and its redirect.
   */
  navigateToLogin?: () => void;
  /**
   * A personal API token (created under the user's settings, docs/api.md §1.1): every request
   * sends `Authorization: Bearer <token>` and no session is kept. The auth provider then asks the
   * server who the token's user is, `can` allows everything (the server checks each request), and
   * a 401 only calls `notifyUnauthorized`. Keep tokens out of code that runs in a browser.
   */
  token?: string;
}

export interface CrudboardClient {
  /** `baseURL` + `/api`: what `dataProvider.getApiUrl()` returns. */
  apiUrl: string;
  /**
   * The client's axios instance (base URL, `dataSource` and `Accept-Language` headers, the
   * `requiredPermissions` check before sending, failures as `{message, statusCode, errors}`).
   */
  http: AxiosInstance;
  /** Records of the business tables, `/api/business/<table>`: Refine's default data provider. */
  dataProvider: DataProvider;
  /** `default` (records) and `metadata` (`/api/metadata/<resource>`), for `<Refine dataProvider>`. */
  dataProviders: { default: DataProvider; metadata: DataProvider; audit: DataProvider };
  authProvider: AuthProvider;
  accessControlProvider: AccessControlProvider;
  /**
   * The record history as Refine's audit log: `useLogList({ resource, meta: { id } })` lists a
   * record's revisions, newest first. Read-only: the server records every change itself.
   */
  auditLogProvider: AuditLogProvider;
  /**
   * Refine options that go with these providers: `<Refine options={{ ...client.refineOptions }}>`.
   * Queries are retried only after a network failure or a 5xx, at most twice; a 4xx (forbidden,
   * not found, an ended session) is answered at once (TanStack Query would try three more times).
   */
  refineOptions: Pick<IRefineOptions, 'reactQuery'>;
  /** The stored session (signed-in marker, user info, permission codes) under the prefix. */
  session: Session;
  /** The client's namespaced localStorage. */
  storage: KeyStorage;
  /** Runs a non-CRUD call (see `custom-calls.ts`) and gives the response body. */
  custom: <T = unknown>(call: CustomCall) => Promise<T>;
  /** Remembers the data source used when neither the page's path nor the request names one. */
  rememberDataSource: (name: string) => void;
  /**
   * Record lists reuse a total they counted for their other pages and orders for a minute, and
   * count again after any write through the data provider. After a write that did not go through
   * it (a request of one's own through `http`, another tab), this makes every list count again.
   */
  forgetListTotals: () => void;
}

const browserLanguage = (): string | undefined =>
  typeof navigator === 'undefined' ? undefined : navigator.language || undefined;

const pagePath = (): string => (typeof window === 'undefined' ? '' : window.location.pathname);

/**
 * The providers of a Refine app talking to a crudboard server. Everything is made by the call:
 * importing this module creates no HTTP client, reads no storage and registers no listener.
 */
export const createCrudboardClient = ({
  baseURL = '',
  storageKeyPrefix = '',
  getLanguage,
  getDataSource,
  notifyUnauthorized,
  navigateToLogin,
  token,
}: CrudboardClientOptions = {}): CrudboardClient => {
  const storage = createKeyStorage(storageKeyPrefix);
  const session = createSession(storage);
  const apiUrl = apiUrlOf(baseURL);
  const language =
    getLanguage ?? (() => storage.read(CLIENT_PREFERENCE_KEYS.locale) ?? browserLanguage() ?? 'zh-CN');
  const currentDataSource =
    getDataSource ??
    (() =>
      resolveDataSource(dataSourceFromPath(pagePath()), storage.read(CLIENT_PREFERENCE_KEYS.dataSource)));
  const http = createHttp({
    baseURL: apiUrl,
    getDataSource: currentDataSource,
    getLanguage: language,
    getAccess: session.getUserAccess,
    onUnauthorized: token
      ? (message) => notifyUnauthorized?.(message)
      : createUnauthorizedHandler({
          notify: (message) => notifyUnauthorized?.(message),
          clearSession: session.clearSession,
          navigateToLogin: () => navigateToLogin?.(),
        }),
    ...(token ? { token } : {}),
  });
  const listTotals = createListTotals();
  const dataProviders = {
    default: createDataProvider(http, {
      apiUrl,
      basePath: '/business',
      deleteFlag: 'isSoftDelete',
      collation: () => collationOfLanguage(language()),
      // a total is reused for the same user (or token) on the same data source only
      pageTotals: {
        scope: () => `${token ? 'token' : (session.getToken() ?? '')}|${currentDataSource() ?? ''}`,
      },
      // a create whose answer was lost is sent again under its key, never made twice
      idempotentCreates: {},
    }),
    metadata: createDataProvider(http, {
      apiUrl,
      basePath: '/metadata',
      deleteFlag: { tables: 'isDropPhysicalTable' },
    }),
    // `/api/audit`: the audit log, read only (resource `audit`).
    audit: createDataProvider(http, { apiUrl, basePath: '', deleteFlag: {} }),
  };
  return {
    apiUrl,
    http,
    dataProvider: dataProviders.default,
    dataProviders,
    authProvider: token ? createTokenAuthProvider(http) : createAuthProvider(http, undefined, session),
    accessControlProvider: token
      ? { can: async () => ({ can: true }) }
      : createAccessControlProvider(session.getUserAccess, language),
    auditLogProvider: createAuditLogProvider(dataProviders.default.custom),
    refineOptions: {
      reactQuery: { clientConfig: { defaultOptions: QUERY_DEFAULTS } },
    },
    session,
    storage,
    custom: <T>(call: CustomCall) => runCustom<T>(dataProviders.default.custom, call),
    rememberDataSource: (name) => storage.write(CLIENT_PREFERENCE_KEYS.dataSource, name),
    forgetListTotals: () => listTotals.forget(),
  };
};
