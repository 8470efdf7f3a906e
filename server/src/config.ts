import { readFileSync } from 'node:fs';
import { basename, isAbsolute, resolve } from 'node:path';
import { COUNT_EXACT_LIMIT } from '../../contract/index';
import {
  AuthProvidersConfigError,
  parseAuthProviders,
  type AuthProvidersConfig,
} from './auth/external/auth-providers-config';
import { HostListError } from './db/host-list';
import { parseMysqlHosts } from './db/mysql-hosts';
import { type PgHost, PgUrlError, parsePgHosts } from './db/pg-hosts';

export const CLIENTS = ['sqlite', 'pg', 'mysql'] as const;
export type Client = (typeof CLIENTS)[number];

export interface DataSourceConfig {
  name: string;
  caption: string;
  client: Client;
  /** Absolute file path for sqlite, URL for pg / mysql. */
  connection: string;
  /** Database name (pg / mysql) or file base name (sqlite): safe to show. */
  database: string;
  /**
   * PostgreSQL only: the schema whose tables the data source serves (its tables are created,
   * reversed and queried there, and the SQL console runs there); default the connection's.
   */
  schema?: string;
  /**
   * PostgreSQL and MariaDB: URLs of replicas of this database (PostgreSQL streaming replicas,
   * MariaDB GTID replicas) that lists, counts and searches may be read from (db/replicas); writes
   * and everything else go to `connection`.
   */
  replicas?: string[];
  /**
   * MariaDB: `innodb` keeps the keyword-search index in InnoDB bigram tables even where the server
   * has Mroonga (whose tables are not transactional); `auto` (the default): Mroonga when present.
   */
  searchIndex?: 'auto' | 'innodb';
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  adminPassword?: string;
  /**
   * The scrypt cost (N) of password hashes written from now on (PASSWORD_HASH_COST, a power of two;
   * default 32768). Stored hashes keep the cost they were made with, so changing it locks nobody out.
   */
  passwordHashCost?: number;
  sessionTtlSeconds: number;
  /** Statement timeout of the SQL console, in milliseconds. */
  sqlTimeoutMs: number;
  /** Who the SQL console runs as and how much it may take (README "Security"). */
  sqlConsole: SqlConsoleConfig;
  uploads: UploadConfig;
  /** How long a generated download (an export) stays available, in seconds. */
  downloadTtlSeconds: number;
  /** Days audit log entries are kept (`AUDIT_RETENTION_DAYS`, default 365; 0: forever). */
  auditRetentionDays?: number;
  /**
   * Seconds between the rounds that prune record history by the tables' settings
   * (HISTORY_PRUNE_INTERVAL_SECONDS, default 3600); 0: never.
   */
  historyPruneIntervalSeconds: number;
  /** How webhooks are delivered (defaults: DEFAULT_WEBHOOKS). */
  webhooks?: WebhookConfig;
  /** How schedules are run (defaults: DEFAULT_SCHEDULES). */
  schedules?: ScheduleConfig;
  /** How flows' waiting runs are run (defaults: DEFAULT_FLOWS). */
  flows?: FlowConfig;
  /** `primary` first. */
  dataSources: DataSourceConfig[];
  /** Origins besides the server's own whose pages may send state-changing requests (`ALLOWED_ORIGINS`). */
  allowedOrigins: string[];
  /** Fastify `trustProxy` (`TRUST_PROXY`): client address and https scheme from X-Forwarded-* headers. */
  trustProxy: boolean | number | string;
  /** `/api/docs` without a session (`PUBLIC_API_DOCS=1`). */
  publicApiDocs: boolean;
  http: HttpLimits;
  /** Ceilings on business reads, so that one user cannot hold up the others. */
  queries: QueryLimits;
  /** Single sign-on providers and whether the local password form is on (README "Single sign-on"). */
  authProviders: AuthProvidersConfig;
}

/** How webhooks are delivered (services/webhooks/). */
export interface WebhookConfig {
  /**
   * Hosts, addresses and CIDRs a webhook may reach although they are loopback, private or
   * link-local (`WEBHOOK_ALLOW_PRIVATE`, a comma list): on-premise receivers. Nothing by default.
   */
  allowPrivate: string;
  /** One delivery attempt's time limit, in ms (`WEBHOOK_TIMEOUT_MS`). */
  timeoutMs: number;
  /** How long a failing delivery is retried before it becomes a dead letter, in seconds (`WEBHOOK_RETRY_SECONDS`). */
  retrySeconds: number;
  /** The wait after a first failed attempt, in ms, doubled per attempt (`WEBHOOK_RETRY_BASE_MS`). */
  retryBaseMs: number;
  /** Milliseconds between two looks for due deliveries (`WEBHOOK_POLL_MS`); 0: this server delivers none. */
  pollMs: number;
  /** Days delivered and dead deliveries are kept (`WEBHOOK_RETENTION_DAYS`, default 30); 0: forever. */
  retentionDays?: number;
}

/** Days finished webhook deliveries and schedule runs are kept by default. */
export const DEFAULT_LOG_RETENTION_DAYS = 30;

export const DEFAULT_WEBHOOKS: WebhookConfig = {
  allowPrivate: '',
  timeoutMs: 10_000,
  retrySeconds: 24 * 3600,
  retryBaseMs: 10_000,
  pollMs: 1000,
  retentionDays: DEFAULT_LOG_RETENTION_DAYS,
};

/** How schedules are run (services/schedules/). */
export interface ScheduleConfig {
  /** Milliseconds between two looks for due ticks (`SCHEDULE_POLL_MS`); 0: this server runs none. */
  pollMs: number;
  /** Days the finished runs are kept (`SCHEDULE_RETENTION_DAYS`, default 30); 0: forever. */
  retentionDays?: number;
}

export const DEFAULT_SCHEDULES: ScheduleConfig = { pollMs: 1000, retentionDays: DEFAULT_LOG_RETENTION_DAYS };

/** How the runs flows' triggers leave waiting are run (services/flows/). */
export interface FlowConfig {
  /** Milliseconds between two looks for waiting runs (`FLOW_POLL_MS`); 0: this server runs none. */
  pollMs: number;
  /** Days the finished runs are kept (`FLOW_RETENTION_DAYS`, default 30); 0: forever. */
  retentionDays?: number;
}

export const DEFAULT_FLOWS: FlowConfig = { pollMs: 1000, retentionDays: DEFAULT_LOG_RETENTION_DAYS };

/** Ceilings on the business reads (record lists, counts, single records) of one user. Times in ms. */
export interface QueryLimits {
  /** A business read running longer is stopped (PostgreSQL, MySQL / MariaDB); 0: never. */
  timeoutMs: number;
  /** Business reads one user may have running at once; more wait their turn. */
  maxPerUser: number;
  /** Business reads one user may have waiting for their turn; more are refused (429). */
  maxWaitingPerUser: number;
  /**
   * Business reads running at once per data source, all users together (PostgreSQL, MySQL /
   * MariaDB); more wait, served in turn by user. Below the data pool's size, so that writes,
   * exports and metadata lookups keep connections.
   */
  maxRunning: number;
  /**
   * Of those, expensive reads (a keyword, a filter no index serves, a count, a large or deep page:
   * query/read-cost.ts) running at once per data source; the rest of `maxRunning` stays free for
   * cheap reads (records by key, first pages).
   */
  maxExpensive: number;
  /**
   * Connections of their own for sign-in and session lookups on primary (PostgreSQL, MySQL /
   * MariaDB), so that they never queue behind data reads.
   */
  authPoolSize: number;
  /**
   * A list's total with a keyword or a filter is counted up to this many rows; beyond, the answer
   * says it is a lower bound and the user may ask for the exact count (docs/api.md §3).
   */
  countExactLimit: number;
  /** REPLICA_MAX_LAG_MS: a read replica further behind its primary than this is not read from. */
  replicaMaxLagMs: number;
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = {
  timeoutMs: 20_000,
  maxPerUser: 4,
  maxWaitingPerUser: 32,
  maxRunning: 8,
  maxExpensive: 4,
  authPoolSize: 2,
  countExactLimit: COUNT_EXACT_LIMIT,
  replicaMaxLagMs: 5000,
};

/** Socket and request limits of the HTTP server. Times in milliseconds. */
export interface HttpLimits {
  /** A request's headers must arrive within this time. */
  headersTimeoutMs: number;
  /** A request (headers and body) must arrive within this time. */
  requestTimeoutMs: number;
  /** A chunk of a big upload (`POST /api/file/big`) must arrive within this time. */
  uploadTimeoutMs: number;
  /** A socket with no traffic at all is closed after this time. */
  idleTimeoutMs: number;
  /** A kept-alive socket with no request is closed after this time. */
  keepAliveTimeoutMs: number;
  /** Requests one kept-alive socket may carry (0: no limit). */
  maxRequestsPerSocket: number;
  /** Open sockets at most; more are closed at once. */
  maxConnections: number;
  /**
   * Open sockets one client address may hold (an IPv6 client: its /64), so that one client cannot
   * take every socket of `maxConnections`; more are closed at once. Addresses of trusted proxies
   * (`TRUST_PROXY`) are not capped: their sockets carry many clients. 0: no cap per address.
   */
  maxConnectionsPerAddress: number;
  /**
   * On SIGTERM / SIGINT, how long the server keeps serving with `/api/ready` answering 503 before
   * it stops taking requests, so that a load balancer takes it out of rotation first.
   */
  shutdownDrainMs: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 120_000,
  uploadTimeoutMs: 30 * 60_000,
  idleTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  maxRequestsPerSocket: 1000,
  maxConnections: 4096,
  maxConnectionsPerAddress: 256,
  shutdownDrainMs: 0,
};

/** The SQL console's database role and ceilings (docs/api.md §2.4). Sizes in bytes. */
export interface SqlConsoleConfig {
  /**
   * PostgreSQL: the role statements run under (`SET LOCAL ROLE`). Unset: crudboard creates and
   * maintains its own (`crudboard_console`) when the connecting role may; set: the operator manages it.
   */
  role?: string;
  /**
   * MySQL / MariaDB: the account console statements run as on the data source whose database it
   * names (`mysql://user:password@host:port/database`). Unset: crudboard creates and maintains its
   * own when its account may create users and grant.
   */
  url?: string;
  /** Let the console run as a superuser connection when no console role can be used. */
  allowSuperuser: boolean;
  /** The super admin's statements run as the connecting role, not the console role. */
  superAdminUnrestricted: boolean;
  /** Bytes of cell values one result may carry. */
  maxResultBytes: number;
  /** Bytes one cell may carry; longer values are cut. */
  maxCellBytes: number;
  /** Statements running at once per data source (database connections of the console). */
  poolSize: number;
  /** Console calls one user may have in flight. */
  maxPerUser: number;
  /** Console calls in flight in all. */
  maxInFlight: number;
}

const KB = 1024;
export const DEFAULT_SQL_CONSOLE: SqlConsoleConfig = {
  allowSuperuser: false,
  superAdminUnrestricted: false,
  maxResultBytes: 8 * 1024 * KB,
  maxCellBytes: 256 * KB,
  poolSize: 3,
  maxPerUser: 2,
  maxInFlight: 10,
};

/** Upload limits (docs/api.md §4). Sizes in bytes. */
export interface UploadConfig {
  /** Largest file of `POST /api/file`. */
  maxFileSize: number;
  /** Largest file assembled by `POST /api/file/big`. */
  maxBigFileSize: number;
  /** Largest chunk of `POST /api/file/big`. */
  maxChunkSize: number;
  /** Most chunks one big file may have. */
  maxChunks: number;
  /** A partial big upload with no new chunk for this long is deleted. */
  partialTtlSeconds: number;
  /** Most data rows one business import (.xlsx) may have. */
  maxImportRows: number;
  /** Most bytes the shared strings of an imported .xlsx may unpack to. */
  maxImportSharedStrings: number;
  /** Most bytes an imported worksheet may unpack to, and its cells' text once shared strings are expanded. */
  maxImportSheetSize: number;
}

const MB = 1024 * 1024;
export const DEFAULT_UPLOADS: UploadConfig = {
  maxFileSize: 100 * MB,
  maxBigFileSize: 20 * 1024 * MB,
  maxChunkSize: 32 * MB,
  maxChunks: 10_000,
  partialTtlSeconds: 24 * 60 * 60,
  maxImportRows: 1_000_000,
  maxImportSharedStrings: 64 * MB,
  maxImportSheetSize: 256 * MB,
};

export const PRIMARY = 'primary';
export const PRIMARY_CAPTION = '主数据源';
export const SQLITE_FILE = 'crudboard.sqlite';
export const CONFIG_FILE = 'crudboard.config.json';
export const DEFAULT_SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
export const DEFAULT_PASSWORD_HASH_COST = 2 ** 15;
/** A cost this low is for test runs; a server should keep the default. */
const MIN_PASSWORD_HASH_COST = 2 ** 10;
const MAX_PASSWORD_HASH_COST = 2 ** 20;
export const DEFAULT_SQL_TIMEOUT_MS = 30_000;
export const DEFAULT_DOWNLOAD_TTL_SECONDS = 60 * 60;
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;
export const DEFAULT_HISTORY_PRUNE_INTERVAL_SECONDS = 60 * 60;

const DATA_SOURCE_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
/** A PostgreSQL schema name crudboard accepts: any identifier up to 63 characters but quotes and NUL. */
const isPgSchemaName = (name: string): boolean =>
  name.length >= 1 &&
  name.length <= 63 &&
  name.trim() === name &&
  !name.includes('"') &&
  !name.includes(String.fromCharCode(0));
const URL_PROTOCOLS: Record<Exclude<Client, 'sqlite'>, string[]> = {
  pg: ['postgres:', 'postgresql:'],
  mysql: ['mysql:', 'mariadb:'],
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const originOf = (value: string): string => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`ALLOWED_ORIGINS: "${value}" is not an origin such as https://admin.example.com`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.origin === 'null') {
    throw new ConfigError(`ALLOWED_ORIGINS: "${value}" must start with http:// or https://`);
  }
  return url.origin;
};

const allowedOriginsOf = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map(originOf);

/** `TRUST_PROXY`: unset/false: no proxy; true: any; a number: that many hops; else addresses / CIDRs. */
const trustProxyOf = (value: string | undefined): boolean | number | string => {
  const text = value?.trim() ?? '';
  if (text === '' || /^(false|no|off)$/i.test(text)) return false;
  if (/^(true|yes|on)$/i.test(text)) return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text;
};

const flag = (value: string | undefined) => /^(1|true|yes|on)$/i.test(value?.trim() ?? '');

const ROLE_NAME = /^[A-Za-z_][A-Za-z0-9_$]{0,62}$/;

const sqlConsoleOf = (env: NodeJS.ProcessEnv): SqlConsoleConfig => {
  const d = DEFAULT_SQL_CONSOLE;
  const role = env.SQL_CONSOLE_ROLE?.trim() ?? '';
  if (role !== '' && !ROLE_NAME.test(role)) {
    throw new ConfigError(`SQL_CONSOLE_ROLE must be a plain role name (letters, digits, _), got "${role}"`);
  }
  const url = env.SQL_CONSOLE_URL?.trim() ?? '';
  if (url !== '' && !/^mysql:\/\/[^/]+\/[^/?]+/.test(url)) {
    throw new ConfigError('SQL_CONSOLE_URL must be a mysql://user:password@host:port/database URL');
  }
  return {
    ...(role === '' ? {} : { role }),
    ...(url === '' ? {} : { url }),
    allowSuperuser: flag(env.SQL_CONSOLE_ALLOW_SUPERUSER),
    superAdminUnrestricted: flag(env.SQL_CONSOLE_SUPER_ADMIN_UNRESTRICTED),
    maxResultBytes: integer(
      env.SQL_CONSOLE_MAX_BYTES,
      'SQL_CONSOLE_MAX_BYTES',
      d.maxResultBytes,
      1024,
      2 ** 31,
    ),
    maxCellBytes: integer(
      env.SQL_CONSOLE_MAX_CELL_BYTES,
      'SQL_CONSOLE_MAX_CELL_BYTES',
      d.maxCellBytes,
      16,
      2 ** 31,
    ),
    poolSize: integer(env.SQL_CONSOLE_POOL_SIZE, 'SQL_CONSOLE_POOL_SIZE', d.poolSize, 1, 100),
    maxPerUser: integer(env.SQL_CONSOLE_MAX_PER_USER, 'SQL_CONSOLE_MAX_PER_USER', d.maxPerUser, 1, 1000),
    maxInFlight: integer(
      env.SQL_CONSOLE_MAX_IN_FLIGHT,
      'SQL_CONSOLE_MAX_IN_FLIGHT',
      d.maxInFlight,
      1,
      10_000,
    ),
  };
};

const queryLimitsOf = (env: NodeJS.ProcessEnv): QueryLimits => {
  const d = DEFAULT_QUERY_LIMITS;
  const maxRunning = integer(env.QUERY_MAX_RUNNING, 'QUERY_MAX_RUNNING', d.maxRunning, 1, 1000);
  const maxExpensive = integer(env.QUERY_MAX_EXPENSIVE, 'QUERY_MAX_EXPENSIVE', d.maxExpensive, 1, 1000);
  if (maxExpensive > maxRunning) {
    throw new ConfigError(
      `QUERY_MAX_EXPENSIVE (${maxExpensive}) must not exceed QUERY_MAX_RUNNING (${maxRunning}): expensive reads are a share of the running ones`,
    );
  }
  return {
    timeoutMs: integer(env.QUERY_TIMEOUT_MS, 'QUERY_TIMEOUT_MS', d.timeoutMs, 0, 24 * 3600 * 1000),
    maxPerUser: integer(env.QUERY_MAX_PER_USER, 'QUERY_MAX_PER_USER', d.maxPerUser, 1, 1000),
    maxWaitingPerUser: integer(
      env.QUERY_MAX_WAITING_PER_USER,
      'QUERY_MAX_WAITING_PER_USER',
      d.maxWaitingPerUser,
      0,
      100_000,
    ),
    maxRunning,
    maxExpensive,
    authPoolSize: integer(env.AUTH_POOL_SIZE, 'AUTH_POOL_SIZE', d.authPoolSize, 1, 100),
    countExactLimit: integer(env.COUNT_EXACT_LIMIT, 'COUNT_EXACT_LIMIT', d.countExactLimit, 1, 10_000_000),
    replicaMaxLagMs: integer(env.REPLICA_MAX_LAG_MS, 'REPLICA_MAX_LAG_MS', d.replicaMaxLagMs, 0, 3600 * 1000),
  };
};

export type ReadTextFile = (path: string) => string | undefined;

const readIfExists: ReadTextFile = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

const integer = (value: string | undefined, name: string, fallback: number, min: number, max: number) => {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${value}"`);
  }
  return n;
};

const powerOfTwo = (value: string | undefined, name: string, fallback: number, min: number, max: number) => {
  const n = integer(value, name, fallback, min, max);
  if ((n & (n - 1)) !== 0) throw new ConfigError(`${name} must be a power of two, got "${value ?? ''}"`);
  return n;
};

const parseJson = (text: string, origin: string): unknown => {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${origin} is not valid JSON: ${(error as Error).message}`);
  }
};

const entriesOf = (parsed: unknown, origin: string): unknown[] => {
  if (Array.isArray(parsed)) return parsed;
  if (parsed && typeof parsed === 'object' && 'dataSources' in parsed) {
    const list = (parsed as { dataSources: unknown }).dataSources;
    if (Array.isArray(list)) return list;
  } else if (parsed && typeof parsed === 'object' && 'authProviders' in parsed) {
    // A file that configures sign-in only.
    return [];
  }
  throw new ConfigError(`${origin} must be an array of data sources or an object {"dataSources": [...]}`);
};

/**
 * A URL may list several servers (libpq's `postgres://h1:5432,h2:5433/db`, and the same for a
 * MySQL / MariaDB Galera cluster); its first stands for all of them here, where only the form and
 * the database name are checked.
 */
/** How each server client's URLs name several servers: the scheme, and what takes the list apart. */
const HOST_LISTS: Record<
  Exclude<Client, 'sqlite'>,
  { scheme: RegExp; parse: (url: string) => { hosts: PgHost[]; urlFor(host: PgHost): string } }
> = {
  pg: { scheme: /^postgres(?:ql)?:\/\//i, parse: parsePgHosts },
  mysql: { scheme: /^mysql:\/\//i, parse: parseMysqlHosts },
};

const oneServerUrl = (client: Exclude<Client, 'sqlite'>, connection: string, where: string): string => {
  const { scheme, parse } = HOST_LISTS[client];
  if (!scheme.test(connection)) return connection;
  try {
    const hosts = parse(connection);
    return hosts.urlFor(hosts.hosts[0] as PgHost);
  } catch (error) {
    if (error instanceof PgUrlError || error instanceof HostListError)
      throw new ConfigError(`${where}: ${error.message}`);
    throw error;
  }
};

const databaseOfUrl = (client: Exclude<Client, 'sqlite'>, connection: string, where: string): string => {
  let url: URL;
  try {
    url = new URL(oneServerUrl(client, connection, where));
  } catch {
    throw new ConfigError(`${where}: connection must be a URL such as ${client}://user:pass@host/db`);
  }
  if (!URL_PROTOCOLS[client].includes(url.protocol)) {
    throw new ConfigError(
      `${where}: a ${client} connection URL starts with ${URL_PROTOCOLS[client].join(' or ')}`,
    );
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database || database.includes('/')) {
    throw new ConfigError(`${where}: the connection URL must name a database (…/databaseName)`);
  }
  return database;
};

/**
 * A data source's `replicas`: URLs of one server each, of the data source's kind (PostgreSQL
 * streaming replicas; MariaDB replicas), each validated as its main connection is.
 */
const replicasOf = (value: unknown, client: Exclude<Client, 'sqlite'>, where: string): string[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((url) => typeof url !== 'string' || url.trim() === '')) {
    throw new ConfigError(`${where}: replicas must be an array of ${URL_PROTOCOLS[client][0]}// URLs`);
  }
  return value.map((url: string, index) => {
    databaseOfUrl(client, url, `${where} replicas[${index}]`);
    return url;
  });
};

const parseEntry = (raw: unknown, index: number, origin: string, dataDir: string): DataSourceConfig => {
  const where = `${origin}[${index}]`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ConfigError(`${where} must be an object {name, caption, client, connection}`);
  }
  const { name, caption, client, connection, schema, replicas, searchIndex } = raw as Record<string, unknown>;
  if (typeof name !== 'string' || !DATA_SOURCE_NAME.test(name)) {
    throw new ConfigError(`${where}: name must match ${DATA_SOURCE_NAME.source}`);
  }
  if (caption !== undefined && typeof caption !== 'string') {
    throw new ConfigError(`${where} (${name}): caption must be a string`);
  }
  if (typeof client !== 'string' || !(CLIENTS as readonly string[]).includes(client)) {
    throw new ConfigError(
      `${where} (${name}): unknown client "${String(client)}"; use ${CLIENTS.join(', ')}`,
    );
  }
  if (typeof connection !== 'string' || connection.trim() === '') {
    throw new ConfigError(`${where} (${name}): connection must be a non-empty string`);
  }
  if (schema !== undefined && client !== 'pg') {
    throw new ConfigError(
      `${where} (${name}): schema is for PostgreSQL data sources; a MySQL data source names its database in the connection URL`,
    );
  }
  if (schema !== undefined && (typeof schema !== 'string' || !isPgSchemaName(schema))) {
    throw new ConfigError(
      `${where} (${name}): schema must be 1 to 63 characters, without quotes, NUL or leading/trailing spaces`,
    );
  }
  if (replicas !== undefined && client === 'sqlite') {
    throw new ConfigError(
      `${where} (${name}): replicas are for PostgreSQL and MariaDB data sources; a SQLite file has none`,
    );
  }
  if (searchIndex !== undefined && (client !== 'mysql' || !SEARCH_INDEXES.includes(String(searchIndex)))) {
    throw new ConfigError(
      `${where} (${name}): searchIndex is for MariaDB data sources and must be ${SEARCH_INDEXES.join(' or ')}`,
    );
  }
  const defaultCaption = name === PRIMARY ? PRIMARY_CAPTION : name;
  if (client === 'sqlite') {
    const file = isAbsolute(connection) ? connection : resolve(dataDir, connection);
    return { name, caption: caption || defaultCaption, client, connection: file, database: basename(file) };
  }
  const typed = client as Exclude<Client, 'sqlite'>;
  const database = databaseOfUrl(typed, connection, `${where} (${name})`);
  const replicaUrls = replicasOf(replicas, typed, `${where} (${name})`);
  return {
    name,
    caption: caption || defaultCaption,
    client: typed,
    connection,
    database,
    ...(typeof schema === 'string' ? { schema } : {}),
    ...(replicaUrls.length > 0 ? { replicas: replicaUrls } : {}),
    ...(searchIndex === 'innodb' || searchIndex === 'auto' ? { searchIndex } : {}),
  };
};

/** The values of a MariaDB data source's `searchIndex` (`auto`: Mroonga when the server has it). */
const SEARCH_INDEXES = ['auto', 'innodb'];

/** MARIADB_SEARCH_INDEX: the `searchIndex` of every MariaDB data source that names none. */
const withSearchIndex = (source: DataSourceConfig, env: NodeJS.ProcessEnv): DataSourceConfig => {
  const value = env.MARIADB_SEARCH_INDEX?.trim() ?? '';
  if (value === '') return source;
  if (!SEARCH_INDEXES.includes(value)) {
    throw new ConfigError(`MARIADB_SEARCH_INDEX must be ${SEARCH_INDEXES.join(' or ')}, got "${value}"`);
  }
  if (source.client !== 'mysql' || source.searchIndex || value !== 'innodb') return source;
  return { ...source, searchIndex: 'innodb' };
};

const extraDataSources = (
  env: NodeJS.ProcessEnv,
  cwd: string,
  dataDir: string,
  readFile: ReadTextFile,
): DataSourceConfig[] => {
  let text: string | undefined;
  let origin: string;
  if (env.DATA_SOURCES !== undefined && env.DATA_SOURCES.trim() !== '') {
    text = env.DATA_SOURCES;
    origin = 'DATA_SOURCES';
  } else {
    origin = CONFIG_FILE;
    text = readFile(resolve(cwd, CONFIG_FILE));
  }
  if (text === undefined) return [];
  const entries = entriesOf(parseJson(text, origin), origin);
  const parsed = entries.map((entry, index) => parseEntry(entry, index, origin, dataDir));
  const seen = new Set<string>();
  for (const source of parsed) {
    const key = source.name.toLowerCase();
    if (seen.has(key)) throw new ConfigError(`${origin}: duplicate data source name "${source.name}"`);
    seen.add(key);
  }
  return parsed;
};

/**
 * `AUTH_PROVIDERS` (a JSON array) or, when it is unset, `authProviders` of crudboard.config.json;
 * `PASSWORD_SIGN_IN`, else `passwordSignIn` of that file.
 */
const authProvidersOf = (
  env: NodeJS.ProcessEnv,
  cwd: string,
  readFile: ReadTextFile,
): AuthProvidersConfig => {
  const fromEnv = env.AUTH_PROVIDERS?.trim() ?? '';
  const fileText = fromEnv === '' ? readFile(resolve(cwd, CONFIG_FILE)) : undefined;
  const file = fileText === undefined ? undefined : parseJson(fileText, CONFIG_FILE);
  const fileObject =
    file && typeof file === 'object' && !Array.isArray(file) ? (file as Record<string, unknown>) : {};
  const list = fromEnv !== '' ? parseJson(fromEnv, 'AUTH_PROVIDERS') : fileObject.authProviders;
  const origin = fromEnv !== '' ? 'AUTH_PROVIDERS' : `${CONFIG_FILE} authProviders`;
  const switchText = env.PASSWORD_SIGN_IN?.trim() ?? '';
  let passwordSignIn: unknown = fileObject.passwordSignIn;
  if (switchText !== '') {
    if (!/^(0|1|true|false|yes|no|on|off)$/i.test(switchText)) {
      throw new ConfigError(`PASSWORD_SIGN_IN must be 1 or 0, got "${switchText}"`);
    }
    passwordSignIn = flag(switchText);
  }
  try {
    return parseAuthProviders(list, passwordSignIn, origin);
  } catch (error) {
    if (error instanceof AuthProvidersConfigError) throw new ConfigError(error.message);
    throw error;
  }
};

const HOUR_MS = 3600_000;

const httpLimitsOf = (env: NodeJS.ProcessEnv): HttpLimits => {
  const d = DEFAULT_HTTP_LIMITS;
  return {
    headersTimeoutMs: integer(env.HEADERS_TIMEOUT_MS, 'HEADERS_TIMEOUT_MS', d.headersTimeoutMs, 100, HOUR_MS),
    requestTimeoutMs: integer(
      env.REQUEST_TIMEOUT_MS,
      'REQUEST_TIMEOUT_MS',
      d.requestTimeoutMs,
      100,
      24 * HOUR_MS,
    ),
    uploadTimeoutMs: integer(
      env.UPLOAD_TIMEOUT_MS,
      'UPLOAD_TIMEOUT_MS',
      d.uploadTimeoutMs,
      100,
      24 * HOUR_MS,
    ),
    idleTimeoutMs: integer(env.IDLE_TIMEOUT_MS, 'IDLE_TIMEOUT_MS', d.idleTimeoutMs, 100, 24 * HOUR_MS),
    keepAliveTimeoutMs: integer(
      env.KEEP_ALIVE_TIMEOUT_MS,
      'KEEP_ALIVE_TIMEOUT_MS',
      d.keepAliveTimeoutMs,
      100,
      HOUR_MS,
    ),
    maxRequestsPerSocket: integer(
      env.MAX_REQUESTS_PER_SOCKET,
      'MAX_REQUESTS_PER_SOCKET',
      d.maxRequestsPerSocket,
      0,
      1_000_000,
    ),
    maxConnections: integer(env.MAX_CONNECTIONS, 'MAX_CONNECTIONS', d.maxConnections, 1, 1_000_000),
    maxConnectionsPerAddress: integer(
      env.MAX_CONNECTIONS_PER_ADDRESS,
      'MAX_CONNECTIONS_PER_ADDRESS',
      d.maxConnectionsPerAddress,
      0,
      1_000_000,
    ),
    shutdownDrainMs: integer(env.SHUTDOWN_DRAIN_MS, 'SHUTDOWN_DRAIN_MS', d.shutdownDrainMs, 0, HOUR_MS),
  };
};

/**
 * Reads the server configuration from environment variables and, when `DATA_SOURCES` is unset,
 * from `crudboard.config.json` in `cwd`. Throws ConfigError with a readable message.
 */
export const loadConfig = (
  env: NodeJS.ProcessEnv,
  cwd: string,
  readFile: ReadTextFile = readIfExists,
): AppConfig => {
  const dataDir = resolve(cwd, env.DATA_DIR?.trim() || 'data');
  const defaultPrimary: DataSourceConfig = {
    name: PRIMARY,
    caption: PRIMARY_CAPTION,
    client: 'sqlite',
    connection: resolve(dataDir, SQLITE_FILE),
    database: SQLITE_FILE,
  };
  const extra = extraDataSources(env, cwd, dataDir, readFile);
  const primary = extra.find((source) => source.name === PRIMARY) ?? defaultPrimary;
  const adminPassword = env.ADMIN_PASSWORD === '' ? undefined : env.ADMIN_PASSWORD;
  return {
    port: integer(env.PORT, 'PORT', 8080, 0, 65535),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir,
    ...(adminPassword === undefined ? {} : { adminPassword }),
    passwordHashCost: powerOfTwo(
      env.PASSWORD_HASH_COST,
      'PASSWORD_HASH_COST',
      DEFAULT_PASSWORD_HASH_COST,
      MIN_PASSWORD_HASH_COST,
      MAX_PASSWORD_HASH_COST,
    ),
    sessionTtlSeconds: integer(
      env.SESSION_TTL,
      'SESSION_TTL',
      DEFAULT_SESSION_TTL_SECONDS,
      1,
      10 * 365 * 86400,
    ),
    sqlTimeoutMs: integer(
      env.SQL_TIMEOUT_MS,
      'SQL_TIMEOUT_MS',
      DEFAULT_SQL_TIMEOUT_MS,
      100,
      24 * 3600 * 1000,
    ),
    sqlConsole: sqlConsoleOf(env),
    queries: queryLimitsOf(env),
    uploads: {
      maxFileSize: integer(env.MAX_FILE_SIZE, 'MAX_FILE_SIZE', DEFAULT_UPLOADS.maxFileSize, 1, 2 ** 50),
      maxBigFileSize: integer(
        env.MAX_BIG_FILE_SIZE,
        'MAX_BIG_FILE_SIZE',
        DEFAULT_UPLOADS.maxBigFileSize,
        1,
        2 ** 50,
      ),
      maxChunkSize: integer(env.MAX_CHUNK_SIZE, 'MAX_CHUNK_SIZE', DEFAULT_UPLOADS.maxChunkSize, 1, 2 ** 40),
      maxChunks: integer(env.MAX_CHUNKS, 'MAX_CHUNKS', DEFAULT_UPLOADS.maxChunks, 1, 1_000_000),
      partialTtlSeconds: integer(
        env.UPLOAD_PARTIAL_TTL,
        'UPLOAD_PARTIAL_TTL',
        DEFAULT_UPLOADS.partialTtlSeconds,
        1,
        365 * 86400,
      ),
      maxImportRows: integer(
        env.MAX_IMPORT_ROWS,
        'MAX_IMPORT_ROWS',
        DEFAULT_UPLOADS.maxImportRows,
        1,
        100_000_000,
      ),
      maxImportSharedStrings: integer(
        env.MAX_IMPORT_SHARED_STRINGS,
        'MAX_IMPORT_SHARED_STRINGS',
        DEFAULT_UPLOADS.maxImportSharedStrings,
        1,
        2 ** 40,
      ),
      maxImportSheetSize: integer(
        env.MAX_IMPORT_SHEET_SIZE,
        'MAX_IMPORT_SHEET_SIZE',
        DEFAULT_UPLOADS.maxImportSheetSize,
        1,
        2 ** 40,
      ),
    },
    downloadTtlSeconds: integer(
      env.DOWNLOAD_TTL,
      'DOWNLOAD_TTL',
      DEFAULT_DOWNLOAD_TTL_SECONDS,
      1,
      30 * 86400,
    ),
    auditRetentionDays: integer(
      env.AUDIT_RETENTION_DAYS,
      'AUDIT_RETENTION_DAYS',
      DEFAULT_AUDIT_RETENTION_DAYS,
      0,
      100 * 366,
    ),
    historyPruneIntervalSeconds: integer(
      env.HISTORY_PRUNE_INTERVAL_SECONDS,
      'HISTORY_PRUNE_INTERVAL_SECONDS',
      DEFAULT_HISTORY_PRUNE_INTERVAL_SECONDS,
      0,
      7 * 86400,
    ),
    webhooks: {
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE?.trim() ?? DEFAULT_WEBHOOKS.allowPrivate,
      timeoutMs: integer(
        env.WEBHOOK_TIMEOUT_MS,
        'WEBHOOK_TIMEOUT_MS',
        DEFAULT_WEBHOOKS.timeoutMs,
        100,
        120_000,
      ),
      retrySeconds: integer(
        env.WEBHOOK_RETRY_SECONDS,
        'WEBHOOK_RETRY_SECONDS',
        DEFAULT_WEBHOOKS.retrySeconds,
        0,
        30 * 86400,
      ),
      retryBaseMs: integer(
        env.WEBHOOK_RETRY_BASE_MS,
        'WEBHOOK_RETRY_BASE_MS',
        DEFAULT_WEBHOOKS.retryBaseMs,
        10,
        3_600_000,
      ),
      retentionDays: integer(
        env.WEBHOOK_RETENTION_DAYS,
        'WEBHOOK_RETENTION_DAYS',
        DEFAULT_LOG_RETENTION_DAYS,
        0,
        100 * 366,
      ),
      pollMs: integer(env.WEBHOOK_POLL_MS, 'WEBHOOK_POLL_MS', DEFAULT_WEBHOOKS.pollMs, 0, 3_600_000),
    },
    schedules: {
      pollMs: integer(env.SCHEDULE_POLL_MS, 'SCHEDULE_POLL_MS', DEFAULT_SCHEDULES.pollMs, 0, 60_000),
      retentionDays: integer(
        env.SCHEDULE_RETENTION_DAYS,
        'SCHEDULE_RETENTION_DAYS',
        DEFAULT_LOG_RETENTION_DAYS,
        0,
        100 * 366,
      ),
    },
    flows: {
      pollMs: integer(env.FLOW_POLL_MS, 'FLOW_POLL_MS', DEFAULT_FLOWS.pollMs, 0, 60_000),
      retentionDays: integer(
        env.FLOW_RETENTION_DAYS,
        'FLOW_RETENTION_DAYS',
        DEFAULT_LOG_RETENTION_DAYS,
        0,
        100 * 366,
      ),
    },
    dataSources: [primary, ...extra.filter((source) => source.name !== PRIMARY)].map((source) =>
      withSearchIndex(source, env),
    ),
    allowedOrigins: allowedOriginsOf(env.ALLOWED_ORIGINS),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    publicApiDocs: flag(env.PUBLIC_API_DOCS),
    http: httpLimitsOf(env),
    authProviders: authProvidersOf(env, cwd, readFile),
  };
};
