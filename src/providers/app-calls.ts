import { appClient } from './app-client';
import { fetchSignInOptions, resumeSession, singleSignOnUrl, type SignInOptions } from '@crudboard/client';
import type { CustomCall } from './custom-calls';

/**
 * More non-CRUD calls, named once like those of `custom-calls.ts`: the signed-in user's own
 * (principal, menu, tables, password), a stored file's name and the activity extension's list,
 * each the arguments of the data provider's `custom` method for `useCustom` / `useCustomMutation`
 * on the URL under `apiUrl` (Refine's `useApiUrl()`: the provider takes it whole or relative);
 * the login page's calls on the app's client; and the links the app opens on the server (API
 * documentation, single sign-on).
 */

/** `GET /api/users/me`: the signed-in user with roles and permissions. */
export const principalCall = (apiUrl: string): CustomCall => ({ url: `${apiUrl}/users/me`, method: 'get' });

/** `GET /api/users/me/menu`: the menu codes of the signed-in user. */
export const userMenuCall = (apiUrl: string): CustomCall => ({
  url: `${apiUrl}/users/me/menu`,
  method: 'get',
});

/** `GET /api/users/me/table` on a data source: the tables the user may read (readable columns only). */
export const userTablesCall = (apiUrl: string, dataSource: string): CustomCall => ({
  url: `${apiUrl}/users/me/table`,
  method: 'get',
  meta: { dataSource },
});

/** `PATCH /api/users/me/password`: the current password and the new one. */
export const changePasswordCall = (
  apiUrl: string,
  body: { oldPassword: string; password: string },
): CustomCall => ({
  url: `${apiUrl}/users/me/password`,
  method: 'patch',
  payload: body,
});

/** `GET /api/file/stored/{name}`: what the server holds of one of its stored files (its upload name). */
export const storedFileCall = (apiUrl: string, storedName: string): CustomCall => ({
  url: `${apiUrl}/file/stored/${storedName}`,
  method: 'get',
});

/**
 * `GET /api/ext/activity/recent` on a data source: its newest record changes (of one table when
 * named), at most `limit`.
 */
export const recentActivityCall = (
  apiUrl: string,
  dataSource: string,
  limit: number,
  table?: string,
): CustomCall => ({
  url: `${apiUrl}/ext/activity/recent`,
  method: 'get',
  query: { limit, ...(table ? { table } : {}) },
  meta: { dataSource },
});

/** The link to the server's interactive API documentation (`/api/docs/ui`). */
export const apiDocsHref = (): string => `${appClient().apiUrl}/docs/ui`;

/** The app's sign-in choices (`GET /api/auth/providers`), for the login page. */
export const appSignInOptions = (): Promise<SignInOptions> => fetchSignInOptions(appClient().http);

/** After a single sign-on: stores the app's session from the cookie the server set (false: none). */
export const resumeAppSession = (): Promise<boolean> => {
  const client = appClient();
  return resumeSession(client.http, client.session);
};

/** The link that starts a single sign-on with one of the server's identity providers. */
export const singleSignOnHref = (providerId: string, returnTo?: string): string =>
  singleSignOnUrl(appClient().apiUrl, providerId, returnTo);
