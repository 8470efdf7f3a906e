import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../../src/app';
import type { AppConfig } from '../../src/config';
import type { CreatedAdmin } from '../../src/db/ensure-super-admin';
import { ADMIN_PASSWORD } from './database-copies';
import type { TestDatabase, TestEnvironment } from './test-databases';

export { ADMIN_PASSWORD };

export interface TestApps {
  env(): TestEnvironment;
  /** The file's configuration: this database as primary, ADMIN_PASSWORD set. */
  config(overrides?: Partial<Omit<AppConfig, 'dataSources'>>): AppConfig;
  /** Builds an app that is closed after the test (unless the test closes it). */
  build(options?: BuildOptions, config?: AppConfig): Promise<App>;
}

/**
 * Registers the hooks of a test file that runs against `db`: a database of its own for the file,
 * apps closed after each test, the database dropped at the end. The database is a copy of the
 * run's migrated template (database-templates.ts), its super admin signed up with ADMIN_PASSWORD,
 * or empty with `{ empty: true }` (a test of what the first start does) or where the run made no
 * template.
 */
export const useTestApps = (db: TestDatabase, options: { empty?: boolean } = {}): TestApps => {
  let env: TestEnvironment | undefined;
  const open: App[] = [];
  beforeAll(async () => {
    const template = options.empty ? undefined : inject('databaseTemplates')?.[db.name];
    env = template ? await db.copy(template) : await db.create();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((app) => app.close()));
  });
  afterAll(async () => {
    await env?.drop();
  });
  const current = () => {
    if (!env) throw new Error('the test database is not created yet');
    return env;
  };
  return {
    env: current,
    config: (overrides = {}) => current().config({ adminPassword: ADMIN_PASSWORD, ...overrides }),
    build: async (options = {}, config) => {
      const app = await buildApp(config ?? current().config({ adminPassword: ADMIN_PASSWORD }), {
        webRoot: '/nonexistent-web-root',
        ...options,
      });
      open.push(app);
      return app;
    },
  };
};

/** The cookie header to send back, from a response's Set-Cookie. */
export const cookieFrom = (response: LightMyRequestResponse): string => {
  const setCookie = response.headers['set-cookie'];
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!first) throw new Error(`no Set-Cookie in the response (${response.statusCode}: ${response.body})`);
  return first.split(';')[0] ?? '';
};

export const login = async (
  app: App,
  username = 'superadmin',
  password = ADMIN_PASSWORD,
): Promise<{ response: LightMyRequestResponse; cookie: string }> => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { response, cookie: response.statusCode === 200 ? cookieFrom(response) : '' };
};

export type { CreatedAdmin };
