import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knex, { type Knex } from 'knex';
import { describe, it } from 'vitest';
import { loadConfig, type AppConfig, type Client, type DataSourceConfig } from '../../src/config';
import { consoleAccountName } from '../../src/dialects/sql/mysql-console-account';
import { cloneMysqlDatabase, copyDataDir, type DatabaseTemplate } from './database-copies';

/** A database to run a test file against: SQLite always, PostgreSQL / MySQL when configured. */
export interface TestDatabase {
  name: Client;
  /** False for PostgreSQL / MySQL when PG_URL / MYSQL_URL is not set: their suites are skipped. */
  available: boolean;
  /** Creates a fresh database and data directory; the returned handle drops both. */
  create(): Promise<TestEnvironment>;
  /** Creates a database and data directory holding a copy of a template's (database-copies.ts). */
  copy(template: DatabaseTemplate): Promise<TestEnvironment>;
}

export interface TestEnvironment {
  dataDir: string;
  /** An app configuration with this database as `primary` (plus `extra` sources). */
  config(overrides?: Partial<Omit<AppConfig, 'dataSources'>>, extra?: DataSourceConfig[]): AppConfig;
  drop(): Promise<void>;
}

const tempDataDir = () => mkdtempSync(join(tmpdir(), 'crudboard-test-'));

/**
 * The lowest password hash cost: the suites sign in thousands of times, and what they test of
 * hashing does not depend on its cost (server/test/auth/password.test.ts checks the default).
 */
export const TEST_PASSWORD_HASH_COST = '1024';

const baseConfig = (dataDir: string, primary?: DataSourceConfig): AppConfig => {
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DATA_SOURCES: '[]',
      PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
      // the background loops that look for work every second stay off unless a test turns them
      // on: their statements would land among those a test counts
      WEBHOOK_POLL_MS: '0',
      SCHEDULE_POLL_MS: '0',
      FLOW_POLL_MS: '0',
    },
    dataDir,
  );
  return { ...config, dataSources: primary ? [primary] : config.dataSources };
};

const environment = (
  dataDir: string,
  primary: DataSourceConfig | undefined,
  dropDatabase: () => Promise<void>,
) => ({
  dataDir,
  config: (overrides = {}, extra: DataSourceConfig[] = []) => {
    const base = baseConfig(dataDir, primary);
    return { ...base, ...overrides, dataSources: [...base.dataSources, ...extra] };
  },
  drop: async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

const sqlite: TestDatabase = {
  name: 'sqlite',
  available: true,
  create: async () => environment(tempDataDir(), undefined, async () => undefined),
  copy: async (template) => environment(copyDataDir(template), undefined, async () => undefined),
};

const withAdmin = async <T>(client: 'pg' | 'mysql2', url: string, work: (admin: Knex) => Promise<T>) => {
  const admin = knex({ client, connection: url, pool: { min: 0, max: 1 } });
  try {
    return await work(admin);
  } finally {
    await admin.destroy();
  }
};

const server = (name: 'pg' | 'mysql', adminUrl: string): TestDatabase => {
  const client = name === 'pg' ? 'pg' : 'mysql2';
  /** A database made by `make` (given the new name), with its data directory and its drop. */
  const made = async (dataDir: string, make: (admin: Knex, database: string) => Promise<unknown>) => {
    const database = `cb_test_${randomBytes(6).toString('hex')}`;
    await withAdmin(client, adminUrl, (admin) => make(admin, database));
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const primary: DataSourceConfig = {
      name: 'primary',
      caption: '主数据源',
      client: name,
      connection: url.toString(),
      database,
      // MARIADB_SEARCH_INDEX=innodb runs the MariaDB suites on InnoDB bigrams even beside Mroonga.
      ...(name === 'mysql' && process.env.MARIADB_SEARCH_INDEX === 'innodb' ? { searchIndex: 'innodb' } : {}),
    };
    return environment(dataDir, primary, async () => {
      await withAdmin(client, adminUrl, async (admin) => {
        if (name === 'pg') return admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [database]);
        await admin.raw('DROP DATABASE IF EXISTS ??', [database]);
        // The console account crudboard made for this database.
        const [hosts] = (await admin.raw('SELECT Host AS host FROM mysql.user WHERE User = ?', [
          consoleAccountName(database),
        ])) as [{ host: string }[]];
        for (const { host } of hosts) {
          await admin.raw('DROP USER IF EXISTS ?@?', [consoleAccountName(database), host]);
        }
      });
    });
  };
  const createEmpty = (admin: Knex, database: string) =>
    name === 'pg'
      ? admin.raw('CREATE DATABASE ??', [database])
      : admin.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [database]);
  return {
    name,
    available: true,
    create: () => made(tempDataDir(), createEmpty),
    copy: (template) =>
      made(copyDataDir(template), async (admin, database) => {
        const source = template.database;
        if (!source) throw new Error(`the ${name} template names no database`);
        if (name === 'pg') return admin.raw('CREATE DATABASE ?? TEMPLATE ??', [database, source]);
        await createEmpty(admin, database);
        const url = new URL(adminUrl);
        url.pathname = `/${database}`;
        await cloneMysqlDatabase(url.toString(), source);
      }),
  };
};

const unconfigured = (name: 'pg' | 'mysql', variable: string): TestDatabase => ({
  name,
  available: false,
  create: () => Promise.reject(new Error(`${variable} is not set`)),
  copy: () => Promise.reject(new Error(`${variable} is not set`)),
});

/** SQLite, plus PostgreSQL when PG_URL is set and MySQL / MariaDB when MYSQL_URL is set. */
export const testDatabases = (): TestDatabase[] => allTestDatabases().filter((db) => db.available);

/** All three; PostgreSQL and MySQL are marked unavailable when their URL is not set. */
export const allTestDatabases = (): TestDatabase[] => [
  sqlite,
  process.env.PG_URL ? server('pg', process.env.PG_URL) : unconfigured('pg', 'PG_URL'),
  process.env.MYSQL_URL ? server('mysql', process.env.MYSQL_URL) : unconfigured('mysql', 'MYSQL_URL'),
];

/**
 * `describe(title, …)` once per database (`$name` in the title is its name). The suites of a
 * database that is not configured are reported as skipped, so a run without PG_URL / MYSQL_URL
 * says what it did not test.
 */
export function describeEachDatabase(
  title: string,
  suite: (db: TestDatabase) => void,
  which?: (db: TestDatabase) => boolean,
): void;
export function describeEachDatabase(
  title: string,
  options: { timeout: number },
  suite: (db: TestDatabase) => void,
): void;
export function describeEachDatabase(
  title: string,
  second: ((db: TestDatabase) => void) | { timeout: number },
  third?: ((db: TestDatabase) => void) | ((db: TestDatabase) => boolean),
): void {
  const options = typeof second === 'function' ? {} : second;
  const suite = (typeof second === 'function' ? second : third) as (db: TestDatabase) => void;
  const which = (typeof second === 'function' && third ? third : () => true) as (db: TestDatabase) => boolean;
  for (const db of allTestDatabases().filter(which)) {
    describe.skipIf(!db.available)(title.replaceAll('$name', db.name), options, () => suite(db));
  }
}

/**
 * `it` for a test that concerns some databases only (a PostgreSQL role, a MySQL privilege): on the
 * others it is not registered at all, rather than reported as skipped.
 */
export const itOn =
  (db: TestDatabase, ...names: Client[]) =>
  (title: string, test: () => Promise<void>, timeout?: number): void => {
    if (names.includes(db.name)) it(title, test, timeout);
  };
