import type { App } from '../../src/app';
import { apiClient, type ApiClient } from './metadata-api';
import { clearTables } from './physical-schema';
import { login, type TestApps } from './test-app';

/** A fresh app whose database holds no business table, and the super admin's API client on it. */
export const cleanAdmin = async (apps: TestApps): Promise<{ app: App; api: ApiClient; cookie: string }> => {
  const app = await apps.build();
  const { cookie } = await login(app);
  await clearTables(app.dataSources.primary.knex);
  return { app, api: apiClient(app, cookie), cookie };
};
