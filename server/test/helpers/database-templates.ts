import type { TestProject } from 'vitest/node';
import { buildApp } from '../../src/app';
import { ADMIN_PASSWORD, type DatabaseTemplate, type DatabaseTemplates } from './database-copies';
import { testDatabases, type TestDatabase, type TestEnvironment } from './test-databases';

const makeTemplate = async (
  db: TestDatabase,
): Promise<{ env: TestEnvironment; template: DatabaseTemplate }> => {
  const env = await db.create();
  const config = env.config({ adminPassword: ADMIN_PASSWORD });
  const app = await buildApp(config, { webRoot: '/nonexistent-web-root' });
  await app.close();
  return { env, template: { dataDir: env.dataDir, database: config.dataSources[0]?.database } };
};

/**
 * Vitest global setup of the server tests: one migrated database per configured engine, which
 * `useTestApps` copies for each test file (`inject('databaseTemplates')`), dropped at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const made = await Promise.all(testDatabases().map(async (db) => ({ db, ...(await makeTemplate(db)) })));
  const templates: DatabaseTemplates = {};
  for (const { db, template } of made) templates[db.name] = template;
  project.provide('databaseTemplates', templates);
  return async () => {
    await Promise.all(made.map(({ env }) => env.drop()));
  };
}
