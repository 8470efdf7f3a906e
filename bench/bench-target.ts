import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import knex, { type Knex } from 'knex';
import { loadConfig, PRIMARY, PRIMARY_CAPTION, type AppConfig, type Client } from '../server/src/config';

export const BENCH_PASSWORD = 'Bench-admin-Pass-1';

/** Bump when the seeded schema or data change: cached databases of another version are rebuilt. */
export const SEED_VERSION = 2;

/** Where seeded SQLite databases are kept between runs (gitignored). */
export const BENCH_DATA_ROOT = resolve(import.meta.dirname, '.data');

/** A database the list benchmark runs against, seeded once and reused while its seed key matches. */
export interface BenchTarget {
  client: Client;
  /** The app configuration: this database as `primary`, the benchmark's admin password. */
  config: AppConfig;
  /** Whether it already holds a complete seed of this version and size. */
  isSeeded(): Promise<boolean>;
  /** Drops what a previous (partial or outdated) seed left. */
  reset(): Promise<void>;
  /** Records that the seed completed. */
  markSeeded(): Promise<void>;
}

const configFor = (dataDir: string, primary?: AppConfig['dataSources'][number]): AppConfig => {
  const base = loadConfig({ DATA_DIR: dataDir, DATA_SOURCES: '[]' }, dataDir);
  return {
    ...base,
    adminPassword: BENCH_PASSWORD,
    dataSources: primary ? [primary] : base.dataSources,
  };
};

const seedKey = (client: Client, rows: number) => `${client}-v${SEED_VERSION}-${rows}`;

/** SQLite in `bench/.data/<key>/`; a marker file says the seed is complete. */
export const sqliteTarget = (rows: number): BenchTarget => {
  const dataDir = join(BENCH_DATA_ROOT, seedKey('sqlite', rows));
  const marker = join(dataDir, 'seeded.json');
  return {
    client: 'sqlite',
    config: configFor(dataDir),
    isSeeded: async () => existsSync(marker),
    reset: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
    },
    markSeeded: async () => {
      writeFileSync(marker, JSON.stringify({ version: SEED_VERSION, rows, at: new Date().toISOString() }));
    },
  };
};

const MARKER_TABLE = 'cb_bench_seed';

const withKnex = async <T>(client: 'pg' | 'mysql2', url: string, work: (db: Knex) => Promise<T>) => {
  const db = knex({ client, connection: url, pool: { min: 0, max: 1 } });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
};

/**
 * The seed state of a PostgreSQL or MySQL / MariaDB benchmark database `database` on the server of
 * `adminUrl`: seeded when the database holds the marker table; reset drops and recreates it.
 */
export const serverSeedMarker = (
  client: 'pg' | 'mysql',
  adminUrl: string,
  database: string,
  version: number,
  rows: number,
): Pick<BenchTarget, 'isSeeded' | 'reset' | 'markSeeded'> => {
  const driver = client === 'pg' ? 'pg' : 'mysql2';
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    isSeeded: async () => {
      const exists = await withKnex(driver, adminUrl, async (admin) => {
        const found: unknown = await (client === 'pg'
          ? admin('pg_database').where('datname', database).first('datname')
          : admin('information_schema.SCHEMATA').where('SCHEMA_NAME', database).first('SCHEMA_NAME'));
        return found !== undefined;
      });
      return exists && withKnex(driver, url.toString(), (db) => db.schema.hasTable(MARKER_TABLE));
    },
    reset: () =>
      withKnex(driver, adminUrl, async (admin) => {
        if (client === 'pg') {
          await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [database]);
          await admin.raw('CREATE DATABASE ??', [database]);
        } else {
          await admin.raw('DROP DATABASE IF EXISTS ??', [database]);
          await admin.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [database]);
        }
      }),
    markSeeded: () =>
      withKnex(driver, url.toString(), async (db) => {
        await db.schema.createTable(MARKER_TABLE, (t) => {
          t.integer('version');
          t.integer('rowCount');
        });
        await db(MARKER_TABLE).insert({ version, rowCount: rows });
      }),
  };
};

/** PostgreSQL or MySQL / MariaDB: database `cb_bench_<key>` on the server of `adminUrl`, kept between runs. */
export const serverTarget = (client: 'pg' | 'mysql', adminUrl: string, rows: number): BenchTarget => {
  const database = `cb_bench_${seedKey(client, rows).replace(/-/g, '_')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const dataDir = join(BENCH_DATA_ROOT, seedKey(client, rows));
  mkdirSync(dataDir, { recursive: true });
  const config = configFor(dataDir, {
    name: PRIMARY,
    caption: PRIMARY_CAPTION,
    client,
    connection: url.toString(),
    database,
  });
  return {
    client,
    config,
    ...serverSeedMarker(client, adminUrl, database, SEED_VERSION, rows),
  };
};

/**
 * SQLite always, PostgreSQL when PG_URL is set, MySQL / MariaDB when MYSQL_URL is set; only those
 * `BENCH_CLIENTS` names when it is set (e.g. `pg,mysql`).
 */
export const benchTargets = (rows: number): BenchTarget[] => {
  const targets = [sqliteTarget(rows)];
  if (process.env.PG_URL) targets.push(serverTarget('pg', process.env.PG_URL, rows));
  if (process.env.MYSQL_URL) targets.push(serverTarget('mysql', process.env.MYSQL_URL, rows));
  const only = process.env.BENCH_CLIENTS?.split(',').map((client) => client.trim());
  return only ? targets.filter((target) => only.includes(target.client)) : targets;
};
