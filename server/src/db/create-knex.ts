import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import knex, { type Knex } from 'knex';
import type { DataSourceConfig } from '../config';
import { pgStartupOptions } from '../dialects/pg-search-path';
import { addSqlitePinyin } from '../dialects/sqlite-pinyin';
import { addSqliteRegexp, type SqliteFunctions } from '../dialects/sqlite-regexp';
import { wsrepOn } from '../dialects/sql/runs-on-galera';
import { pgConnectionHost, pgHostFinder } from './pg-failover';
import { parsePgHosts } from './pg-hosts';
import { checkPgSession } from './pg-session-check';
import { listsSeveralMysqlHosts, mysqlConnectionHost, mysqlHostFinder, parseMysqlHosts } from './mysql-hosts';
import { pgTypes } from './pg-types';
import { rememberHostFinder } from './pool-host-finder';
import { routeSqliteReads } from './route-sqlite-reads';
import { cacheStatements, type PreparingConnection } from './statement-cache';
import { observeWrites } from './write-versions';
import { preferInnodbSearchIndex } from '../dialects/full-text/full-text-for';

interface SqliteConnection extends PreparingConnection, SqliteFunctions {
  pragma: (source: string) => unknown;
}
interface PgQuerying {
  query(sql: string): Promise<{ rows: Record<string, unknown>[] }>;
}
interface MysqlConnection {
  query: (sql: string, done: (error: Error | null, rows?: unknown) => void) => void;
}

const SQLITE_PRAGMAS = [
  'journal_mode = WAL',
  'foreign_keys = ON',
  'busy_timeout = 5000',
  'synchronous = NORMAL',
  // A 64 MiB page cache and a 256 MiB memory map: scans and deep pages of a large table stay in
  // memory instead of re-reading the file (measured on 1,000,000 rows: offset 500,000 92 → 9 ms).
  'cache_size = -65536',
  'mmap_size = 268435456',
];

/** Strict mode so that MySQL refuses bad values instead of silently truncating them. */
export const MYSQL_SQL_MODE =
  "SET SESSION sql_mode = 'STRICT_ALL_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION'";

/** The mysql2 connection settings of a `mysql://user:password@host:port/database?option=…` URL. */
export const mysqlConnection = (url: string): Knex.MySql2ConnectionConfig => {
  const parsed = new URL(url);
  const options: Record<string, unknown> = {};
  for (const [key, value] of parsed.searchParams) {
    try {
      options[key] = JSON.parse(value);
    } catch {
      options[key] = value;
    }
  }
  return {
    ...options,
    host: decodeURIComponent(parsed.hostname.replace(/^\[(.*)\]$/, '$1')),
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database: decodeURIComponent(parsed.pathname.slice(1)),
    charset: 'utf8mb4',
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    timezone: 'local',
    multipleStatements: false,
  };
};

/** The `options` parameter a PostgreSQL connection URL carries, if any. */
const connectionOptions = (url: string): string | null => {
  try {
    return new URL(url).searchParams.get('options');
  } catch {
    return null;
  }
};

/** The node-postgres settings of a connection to the one server `url` names. */
const pgSettings =
  (schema: string | undefined) =>
  (url: string): Knex.PgConnectionConfig => ({
    connectionString: url,
    types: pgTypes,
    application_name: 'crudboard',
    // Every connection, pooled or the console's, searches the data source's schema (its tables,
    // current_schema()), public (extensions) and pg_catalog, in which no console user may
    // create anything; pinned at connection start-up so that no role, database or statement
    // setting moves it (pg-search-path.ts).
    options: pgStartupOptions(schema, connectionOptions(url)),
  });

/**
 * A PostgreSQL pool. A URL of one server and no `target_session_attrs` connects to it as given;
 * a URL of several (libpq's `postgres://h1:5432,h2:5433/db`) or one naming a target connects to
 * the first server that is what the target asks (`read-write` by default): a `PgHostFinder`
 * looks again after a lost connection or a refused write, so that the pool follows a failover.
 */
const openPgKnex = (source: DataSourceConfig, log: Knex.Logger | undefined, poolSize: number): Knex => {
  const hosts = parsePgHosts(source.connection);
  const settings = pgSettings(source.schema);
  const base = { ...(log ? { log } : {}), client: 'pg' } as const;
  const afterCreate = (connection: PgQuerying, done: (error: Error | null, c: unknown) => void) => {
    checkPgSession(connection, source.schema).then(
      () => done(null, connection),
      (error: unknown) => done(error as Error, connection),
    );
  };
  if (hosts.hosts.length === 1 && hosts.target === 'any') {
    return knex({
      ...base,
      connection: settings(source.connection),
      pool: { min: 0, max: poolSize, afterCreate },
    });
  }
  const finder = pgHostFinder(hosts, settings);
  const opened = knex({
    ...base,
    connection: finder.provide,
    pool: {
      min: 0,
      max: poolSize,
      afterCreate,
      validate: (connection: unknown) => finder.keeps(pgConnectionHost(connection)),
    },
  });
  finder.watch(opened);
  // The SQL console's own connections follow the same finder (pool-host-finder.ts).
  rememberHostFinder(opened, finder);
  return opened;
};

const openKnex = (source: DataSourceConfig, log: Knex.Logger | undefined, poolSize: number): Knex => {
  switch (source.client) {
    case 'sqlite': {
      mkdirSync(dirname(source.connection), { recursive: true });
      const open = (reads: boolean): Knex =>
        knex({
          ...(log ? { log } : {}),
          client: 'better-sqlite3',
          connection: { filename: source.connection },
          useNullAsDefault: true,
          pool: {
            min: reads ? 0 : 1,
            // One writer: SQLite has one at a time. One reader: an export's cache settings
            // (withLeanReads) are the connection's, and better-sqlite3 runs one statement at a time.
            max: 1,
            afterCreate: (connection: SqliteConnection, done: (error: Error | null, c: unknown) => void) => {
              try {
                for (const pragma of SQLITE_PRAGMAS) connection.pragma(pragma);
                if (reads) connection.pragma('query_only = ON');
                addSqliteRegexp(connection);
                addSqlitePinyin(connection);
                cacheStatements(connection);
                done(null, connection);
              } catch (error) {
                done(error as Error, connection);
              }
            },
          },
        });
      return routeSqliteReads(open(false), open(true));
    }
    case 'pg':
      return openPgKnex(source, log, poolSize);
    case 'mysql': {
      if (!listsSeveralMysqlHosts(source.connection))
        return openMysqlKnex(mysqlConnection(source.connection), poolSize, log);
      // A Galera cluster's nodes (or a primary and its replicas): the first that is writable and
      // synced, looked for again when a connection is lost (mysql-hosts.ts).
      const finder = mysqlHostFinder(parseMysqlHosts(source.connection), mysqlConnection);
      const opened = openMysqlKnex(finder.provide, poolSize, log, (connection) =>
        finder.keeps(mysqlConnectionHost(connection)),
      );
      finder.watch(opened);
      // The console account's connections follow the same finder (mysql-console-account.ts).
      rememberHostFinder(opened, finder);
      return opened;
    }
  }
};

/** A MySQL / MariaDB pool of at most `poolSize` connections, each in strict mode. */
export const openMysqlKnex = (
  connection: Knex.MySql2ConnectionConfig | (() => Promise<Knex.MySql2ConnectionConfig>),
  poolSize: number,
  log?: Knex.Logger,
  validate?: (connection: unknown) => boolean,
): Knex =>
  knex({
    ...(log ? { log } : {}),
    client: 'mysql2',
    connection,
    pool: {
      min: 0,
      max: poolSize,
      ...(validate ? { validate } : {}),
      afterCreate: (raw: MysqlConnection, done: (error: Error | null, c: unknown) => void) => {
        raw.query(MYSQL_SQL_MODE, (error) => {
          if (error) return done(error, raw);
          // On a Galera node every read waits until the node has applied what the cluster had
          // committed when the read arrived (causal reads): a record saved through one node, a
          // table changed or a cache version moved there, is seen by the next read through another.
          raw.query("SHOW VARIABLES LIKE 'wsrep_on'", (asked, rows) => {
            if (asked || !wsrepOn(rows as { Value?: unknown }[])) return done(asked, raw);
            raw.query('SET SESSION wsrep_sync_wait = 1', (set) => done(set, raw));
          });
        });
      },
    },
  });

/** Connections of a PostgreSQL or MySQL data source's pool. */
export const DEFAULT_POOL_SIZE = 10;

/**
 * One Knex instance (and pool) for a configured data source. Connects lazily. Its writes to
 * metadata and principal tables are observed, so that in-memory caches see them (`observeWrites`).
 * `poolSize` is the most connections it opens to a PostgreSQL or MySQL server (SQLite: one writer
 * and one reader, always).
 */
export const createKnex = (
  source: DataSourceConfig,
  log?: Knex.Logger,
  poolSize = DEFAULT_POOL_SIZE,
): Knex => {
  const opened = observeWrites(openKnex(source, log, poolSize));
  if (source.searchIndex === 'innodb') preferInnodbSearchIndex(opened);
  return opened;
};
