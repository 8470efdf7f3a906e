import type { Knex } from 'knex';
import type { App } from '../../src/app';
import { apiClient, type ApiClient } from './metadata-api';
import { clearTables } from './physical-schema';
import { login, type TestApps } from './test-app';
import { removeUsersAndRoles } from './users';

/** A fresh app whose database holds no business table, and the super admin's API client on it. */
export const cleanAdmin = async (apps: TestApps): Promise<{ app: App; api: ApiClient; cookie: string }> => {
  const app = await apps.build();
  const { cookie } = await login(app);
  await clearTables(app.dataSources.primary.knex);
  return { app, api: apiClient(app, cookie), cookie };
};

/**
 * A fresh app on a database that holds no business table, and no user or role but the super
 * admin's: where a permission test starts.
 */
export const bareApp = async (apps: TestApps): Promise<{ app: App; knex: Knex }> => {
  await clearTables((await apps.build()).dataSources.primary.knex);
  const app = await apps.build();
  const knex = app.dataSources.primary.knex;
  await removeUsersAndRoles(knex);
  return { app, knex };
};
