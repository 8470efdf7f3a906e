import type { App } from '../../src/app';
import { apiClient, type ApiClient } from './metadata-api';
import { login } from './test-app';
import { createUser } from './users';

/** The password of the users `userApi` makes. */
export const USER_PASSWORD = 'User-pass-1';

/**
 * A user with one role (`ROLE_<USERNAME>`) holding `permissions` (comma-separated codes), signed
 * in: a client of their session.
 */
export const userApi = async (app: App, username: string, permissions: string): Promise<ApiClient> => {
  await createUser(app, {
    username,
    password: USER_PASSWORD,
    roles: { [`ROLE_${username.toUpperCase()}`]: permissions },
  });
  const { cookie } = await login(app, username, USER_PASSWORD);
  return apiClient(app, cookie);
};
