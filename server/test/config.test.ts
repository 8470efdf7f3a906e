import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_AUDIT_RETENTION_DAYS,
  DEFAULT_DOWNLOAD_TTL_SECONDS,
  DEFAULT_HISTORY_PRUNE_INTERVAL_SECONDS,
  DEFAULT_WEBHOOKS,
  DEFAULT_SCHEDULES,
  DEFAULT_FLOWS,
  DEFAULT_HTTP_LIMITS,
  DEFAULT_QUERY_LIMITS,
  DEFAULT_PASSWORD_HASH_COST,
  DEFAULT_SESSION_TTL_SECONDS,
  DEFAULT_SQL_CONSOLE,
  DEFAULT_SQL_TIMEOUT_MS,
  DEFAULT_UPLOADS,
  loadConfig,
  type ReadTextFile,
} from '../src/config';

const cwd = '/srv/app';
const noFile: ReadTextFile = () => undefined;
const file =
  (text: string): ReadTextFile =>
  (path) => {
    if (path !== '/srv/app/crudboard.config.json') throw new Error(`unexpected read of ${path}`);
    return text;
  };

describe('loadConfig', () => {
  it('has defaults: port 8080, loopback, ./data, 7-day sessions, SQLite primary', () => {
    expect(loadConfig({}, cwd, noFile)).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/app/data',
      passwordHashCost: DEFAULT_PASSWORD_HASH_COST,
      sessionTtlSeconds: DEFAULT_SESSION_TTL_SECONDS,
      sqlTimeoutMs: DEFAULT_SQL_TIMEOUT_MS,
      sqlConsole: DEFAULT_SQL_CONSOLE,
      uploads: DEFAULT_UPLOADS,
      downloadTtlSeconds: DEFAULT_DOWNLOAD_TTL_SECONDS,
      auditRetentionDays: DEFAULT_AUDIT_RETENTION_DAYS,
      historyPruneIntervalSeconds: DEFAULT_HISTORY_PRUNE_INTERVAL_SECONDS,
      webhooks: DEFAULT_WEBHOOKS,
      schedules: DEFAULT_SCHEDULES,
      flows: DEFAULT_FLOWS,
      dataSources: [
        {
          name: 'primary',
          caption: '主数据源',
          client: 'sqlite',
          connection: '/srv/app/data/crudboard.sqlite',
          database: 'crudboard.sqlite',
        },
      ],
      allowedOrigins: [],
      trustProxy: false,
      publicApiDocs: false,
      http: DEFAULT_HTTP_LIMITS,
      authProviders: { providers: [], passwordSignIn: true },
      queries: DEFAULT_QUERY_LIMITS,
    });
  });

  it('reads PASSWORD_HASH_COST: a power of two from 1024 to 1048576', () => {
    expect(loadConfig({ PASSWORD_HASH_COST: '65536' }, cwd, noFile).passwordHashCost).toBe(65536);
    for (const bad of ['1000', '512', '2097152', 'high']) {
      expect(() => loadConfig({ PASSWORD_HASH_COST: bad }, cwd, noFile)).toThrow(/PASSWORD_HASH_COST/);
    }
  });

  it('reads ALLOWED_ORIGINS, TRUST_PROXY, PUBLIC_API_DOCS and the HTTP limits', () => {
    const config = loadConfig(
      {
        ALLOWED_ORIGINS: 'https://admin.example.com/, http://10.0.0.5:3000',
        TRUST_PROXY: '1',
        PUBLIC_API_DOCS: '1',
        HEADERS_TIMEOUT_MS: '500',
        REQUEST_TIMEOUT_MS: '1000',
        UPLOAD_TIMEOUT_MS: '9000',
        IDLE_TIMEOUT_MS: '2000',
        KEEP_ALIVE_TIMEOUT_MS: '300',
        MAX_REQUESTS_PER_SOCKET: '0',
        MAX_CONNECTIONS: '50',
        MAX_CONNECTIONS_PER_ADDRESS: '5',
        SHUTDOWN_DRAIN_MS: '5000',
      },
      cwd,
      noFile,
    );
    expect(config.allowedOrigins).toEqual(['https://admin.example.com', 'http://10.0.0.5:3000']);
    expect(config.trustProxy).toBe(1);
    expect(config.publicApiDocs).toBe(true);
    expect(config.http).toEqual({
      headersTimeoutMs: 500,
      requestTimeoutMs: 1000,
      uploadTimeoutMs: 9000,
      idleTimeoutMs: 2000,
      keepAliveTimeoutMs: 300,
      maxRequestsPerSocket: 0,
      maxConnections: 50,
      maxConnectionsPerAddress: 5,
      shutdownDrainMs: 5000,
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }, cwd, noFile).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }, cwd, noFile).trustProxy).toBe('10.0.0.0/8');
  });

  it('refuses an ALLOWED_ORIGINS entry that is not an http(s) origin and a bad limit', () => {
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'admin.example.com' }, cwd, noFile)).toThrow(ConfigError);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'ftp://x.example' }, cwd, noFile)).toThrow(ConfigError);
    expect(() => loadConfig({ MAX_CONNECTIONS: '0' }, cwd, noFile)).toThrow(/MAX_CONNECTIONS/);
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '-1' }, cwd, noFile)).toThrow(
      /MAX_CONNECTIONS_PER_ADDRESS/,
    );
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '-1' }, cwd, noFile)).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it('reads PORT, HOST, DATA_DIR, ADMIN_PASSWORD, SESSION_TTL and SQL_TIMEOUT_MS', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: 'var',
        ADMIN_PASSWORD: 's3cret',
        SESSION_TTL: '60',
        SQL_TIMEOUT_MS: '500',
      },
      cwd,
      noFile,
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/srv/app/var',
      adminPassword: 's3cret',
      sessionTtlSeconds: 60,
      sqlTimeoutMs: 500,
    });
    expect(config.dataSources[0]?.connection).toBe('/srv/app/var/crudboard.sqlite');
  });

  it('reads the business read ceilings: timeout, per-user running and waiting, running in all, the sign-in pool', () => {
    expect(loadConfig({}, cwd, noFile).queries).toEqual(DEFAULT_QUERY_LIMITS);
    expect(DEFAULT_QUERY_LIMITS).toEqual({
      timeoutMs: 20_000,
      maxPerUser: 4,
      maxWaitingPerUser: 32,
      maxRunning: 8,
      maxExpensive: 4,
      authPoolSize: 2,
      countExactLimit: 10_000,
      replicaMaxLagMs: 5000,
    });
    const config = loadConfig(
      {
        QUERY_TIMEOUT_MS: '0',
        QUERY_MAX_PER_USER: '2',
        QUERY_MAX_WAITING_PER_USER: '5',
        QUERY_MAX_RUNNING: '6',
        QUERY_MAX_EXPENSIVE: '2',
        AUTH_POOL_SIZE: '3',
        COUNT_EXACT_LIMIT: '500',
      },
      cwd,
      noFile,
    );
    expect(config.queries).toEqual({
      timeoutMs: 0,
      maxPerUser: 2,
      maxWaitingPerUser: 5,
      maxRunning: 6,
      maxExpensive: 2,
      authPoolSize: 3,
      countExactLimit: 500,
      replicaMaxLagMs: 5000,
    });
    expect(() => loadConfig({ QUERY_MAX_PER_USER: '0' }, cwd, noFile)).toThrow(/QUERY_MAX_PER_USER/);
    expect(() => loadConfig({ QUERY_MAX_RUNNING: '0' }, cwd, noFile)).toThrow(/QUERY_MAX_RUNNING/);
    // Expensive reads are a share of the running ones.
    expect(() => loadConfig({ QUERY_MAX_RUNNING: '4', QUERY_MAX_EXPENSIVE: '5' }, cwd, noFile)).toThrow(
      /QUERY_MAX_EXPENSIVE/,
    );
    expect(() => loadConfig({ AUTH_POOL_SIZE: 'x' }, cwd, noFile)).toThrow(/AUTH_POOL_SIZE/);
    expect(() => loadConfig({ COUNT_EXACT_LIMIT: '0' }, cwd, noFile)).toThrow(/COUNT_EXACT_LIMIT/);
  });

  it('reads the upload limits', () => {
    const config = loadConfig(
      {
        MAX_FILE_SIZE: '1000',
        MAX_BIG_FILE_SIZE: '5000',
        MAX_CHUNK_SIZE: '100',
        MAX_CHUNKS: '50',
        UPLOAD_PARTIAL_TTL: '60',
        MAX_IMPORT_ROWS: '10',
        MAX_IMPORT_SHARED_STRINGS: '2000',
        MAX_IMPORT_SHEET_SIZE: '3000',
      },
      cwd,
      noFile,
    );
    expect(config.uploads).toEqual({
      maxFileSize: 1000,
      maxBigFileSize: 5000,
      maxChunkSize: 100,
      maxChunks: 50,
      partialTtlSeconds: 60,
      maxImportRows: 10,
      maxImportSharedStrings: 2000,
      maxImportSheetSize: 3000,
    });
    expect(DEFAULT_UPLOADS.maxImportRows).toBe(1_000_000);
    expect(DEFAULT_UPLOADS.maxFileSize).toBe(100 * 1024 * 1024);
  });

  it('reads SQL_CONSOLE_URL, a mysql:// URL naming a database, and refuses anything else', () => {
    const url = 'mysql://crm_console:secret@db.example:3306/crm';
    expect(loadConfig({ SQL_CONSOLE_URL: ` ${url} ` }, cwd, noFile).sqlConsole.url).toBe(url);
    expect(loadConfig({}, cwd, noFile).sqlConsole.url).toBeUndefined();
    for (const bad of ['postgres://u:p@h/db', 'mysql://u:p@h', 'mysql://u:p@h/', 'crm_console']) {
      expect(() => loadConfig({ SQL_CONSOLE_URL: bad }, cwd, noFile), bad).toThrow(/SQL_CONSOLE_URL/);
    }
  });

  it('reads how long downloads live: one hour unless DOWNLOAD_TTL says otherwise', () => {
    expect(DEFAULT_DOWNLOAD_TTL_SECONDS).toBe(3600);
    expect(loadConfig({ DOWNLOAD_TTL: '120' }, cwd, noFile).downloadTtlSeconds).toBe(120);
    expect(() => loadConfig({ DOWNLOAD_TTL: '0' }, cwd, noFile)).toThrow(ConfigError);
  });

  it('reads how long audit log entries are kept: 365 days unless AUDIT_RETENTION_DAYS says otherwise (0: forever)', () => {
    expect(DEFAULT_AUDIT_RETENTION_DAYS).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }, cwd, noFile).auditRetentionDays).toBe(30);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '0' }, cwd, noFile).auditRetentionDays).toBe(0);
    for (const bad of ['-1', '1.5', 'year'])
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: bad }, cwd, noFile), bad).toThrow(
        /AUDIT_RETENTION_DAYS/,
      );
  });

  it('reads how often flow runs are looked for and how long finished ones are kept', () => {
    expect(loadConfig({ FLOW_POLL_MS: '250', FLOW_RETENTION_DAYS: '0' }, cwd, noFile).flows).toEqual({
      pollMs: 250,
      retentionDays: 0,
    });
    expect(() => loadConfig({ FLOW_POLL_MS: '-1' }, cwd, noFile)).toThrow(ConfigError);
    expect(() => loadConfig({ FLOW_RETENTION_DAYS: 'soon' }, cwd, noFile)).toThrow(ConfigError);
  });

  it('reads how often record history is pruned: hourly unless HISTORY_PRUNE_INTERVAL_SECONDS says otherwise', () => {
    expect(DEFAULT_HISTORY_PRUNE_INTERVAL_SECONDS).toBe(3600);
    const every = (value: string) =>
      loadConfig({ HISTORY_PRUNE_INTERVAL_SECONDS: value }, cwd, noFile).historyPruneIntervalSeconds;
    expect(every('60')).toBe(60);
    expect(every('0')).toBe(0);
    expect(() => every('-1')).toThrow(/HISTORY_PRUNE_INTERVAL_SECONDS/);
    expect(() => every('1.5')).toThrow(ConfigError);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig(
      { PORT: '', ADMIN_PASSWORD: '', DATA_SOURCES: ' ', SESSION_TTL: '' },
      cwd,
      noFile,
    );
    expect(config.port).toBe(8080);
    expect(config).not.toHaveProperty('adminPassword');
    expect(config.dataSources).toHaveLength(1);
  });

  it('adds DATA_SOURCES after primary, resolving sqlite paths against DATA_DIR and naming databases', () => {
    const config = loadConfig(
      {
        DATA_DIR: '/data',
        DATA_SOURCES: JSON.stringify([
          { name: 'reports', caption: '报表', client: 'pg', connection: 'postgres://u:p@db:5432/reports' },
          { name: 'shop', client: 'mysql', connection: 'mysql://u:p%40ss@db/shop_db' },
          { name: 'archive', client: 'sqlite', connection: 'old/archive.sqlite' },
          { name: 'abs', client: 'sqlite', connection: '/mnt/x.db' },
        ]),
      },
      cwd,
      noFile,
    );
    expect(
      config.dataSources.map(({ name, caption, client, database }) => [name, caption, client, database]),
    ).toEqual([
      ['primary', '主数据源', 'sqlite', 'crudboard.sqlite'],
      ['reports', '报表', 'pg', 'reports'],
      ['shop', 'shop', 'mysql', 'shop_db'],
      ['archive', 'archive', 'sqlite', 'archive.sqlite'],
      ['abs', 'abs', 'sqlite', 'x.db'],
    ]);
    expect(config.dataSources[3]?.connection).toBe('/data/old/archive.sqlite');
    expect(config.dataSources[4]?.connection).toBe('/mnt/x.db');
  });

  it('lets an entry named primary replace the embedded SQLite database', () => {
    const config = loadConfig(
      {
        DATA_SOURCES: JSON.stringify({
          dataSources: [
            { name: 'other', client: 'sqlite', connection: 'o.sqlite' },
            { name: 'primary', client: 'pg', connection: 'postgresql://u@h/main' },
          ],
        }),
      },
      cwd,
      noFile,
    );
    expect(config.dataSources.map((s) => [s.name, s.client, s.caption])).toEqual([
      ['primary', 'pg', '主数据源'],
      ['other', 'sqlite', 'other'],
    ]);
  });

  it('takes a schema for a PostgreSQL data source only, and refuses a name it could not quote', () => {
    const sources = (entry: Record<string, unknown>) =>
      loadConfig({ DATA_SOURCES: JSON.stringify([entry]) }, cwd, noFile).dataSources;
    expect(
      sources({ name: 'sales', client: 'pg', connection: 'postgresql://u@h/main', schema: 'Sales 2026' })[1],
    ).toMatchObject({ name: 'sales', client: 'pg', schema: 'Sales 2026' });
    expect(
      sources({ name: 'plain', client: 'pg', connection: 'postgresql://u@h/main' })[1],
    ).not.toHaveProperty('schema');
    expect(() => sources({ name: 's', client: 'sqlite', connection: 's.sqlite', schema: 'x' })).toThrow(
      /schema is for PostgreSQL/,
    );
    expect(() => sources({ name: 'm', client: 'mysql', connection: 'mysql://u@h/db', schema: 'x' })).toThrow(
      /names its database in the connection URL/,
    );
    for (const schema of ['a"b', 'a\u0000b', '', ' padded', 'x'.repeat(64), 3])
      expect(() => sources({ name: 'p', client: 'pg', connection: 'postgresql://u@h/main', schema })).toThrow(
        /schema must be/,
      );
  });

  it('keeps a MariaDB search index in InnoDB when a data source or MARIADB_SEARCH_INDEX asks', () => {
    const sources = (entries: Record<string, unknown>[], env: Record<string, string> = {}) =>
      loadConfig({ ...env, DATA_SOURCES: JSON.stringify(entries) }, cwd, noFile).dataSources;
    const maria = { name: 'm', client: 'mysql', connection: 'mysql://u@h/db' };
    const pg = { name: 'p', client: 'pg', connection: 'postgresql://u@h/main' };
    expect(sources([{ ...maria, searchIndex: 'innodb' }])[1]).toMatchObject({ searchIndex: 'innodb' });
    expect(sources([{ ...maria, searchIndex: 'auto' }])[1]).toMatchObject({ searchIndex: 'auto' });
    // A data source that names its own keeps it whatever the environment says.
    expect(sources([{ ...maria, searchIndex: 'auto' }], { MARIADB_SEARCH_INDEX: 'innodb' })[1]).toMatchObject(
      { searchIndex: 'auto' },
    );
    expect(sources([maria])[1]).not.toHaveProperty('searchIndex');
    const all = sources([maria, pg], { MARIADB_SEARCH_INDEX: 'innodb' });
    expect(all.map((source) => source.searchIndex)).toEqual([undefined, 'innodb', undefined]);
    expect(sources([maria], { MARIADB_SEARCH_INDEX: 'auto' })[1]).not.toHaveProperty('searchIndex');
    expect(() => sources([{ ...pg, searchIndex: 'innodb' }])).toThrow(/searchIndex is for MariaDB/);
    expect(() => sources([{ ...maria, searchIndex: 'mroonga' }])).toThrow(/must be auto or innodb/);
    expect(() => sources([maria], { MARIADB_SEARCH_INDEX: 'fast' })).toThrow(
      /MARIADB_SEARCH_INDEX must be auto or innodb, got "fast"/,
    );
  });

  it('reads crudboard.config.json (object or array form) when DATA_SOURCES is unset', () => {
    const entry = { name: 'extra', client: 'sqlite', connection: 'e.sqlite' };
    for (const text of [JSON.stringify({ dataSources: [entry] }), JSON.stringify([entry])]) {
      expect(loadConfig({}, cwd, file(text)).dataSources.map((s) => s.name)).toEqual(['primary', 'extra']);
    }
  });

  it('prefers DATA_SOURCES (and AUTH_PROVIDERS) over the file', () => {
    const reads: string[] = [];
    const config = loadConfig({ DATA_SOURCES: '[]', AUTH_PROVIDERS: '[]' }, cwd, (path) => {
      reads.push(path);
      return '[{"name":"fromFile","client":"sqlite","connection":"f"}]';
    });
    expect(reads).toEqual([]);
    expect(config.dataSources).toHaveLength(1);
  });

  it.each([
    ['bad JSON', { DATA_SOURCES: '[{' }, /DATA_SOURCES is not valid JSON/],
    ['not a list', { DATA_SOURCES: '{"x":1}' }, /must be an array of data sources/],
    ['entry not an object', { DATA_SOURCES: '["x"]' }, /DATA_SOURCES\[0\] must be an object/],
    [
      'unknown client',
      { DATA_SOURCES: '[{"name":"a","client":"oracle","connection":"x"}]' },
      /unknown client "oracle"/,
    ],
    [
      'duplicate names',
      {
        DATA_SOURCES:
          '[{"name":"a","client":"sqlite","connection":"x"},{"name":"A","client":"sqlite","connection":"y"}]',
      },
      /duplicate data source name "A"/,
    ],
    ['bad name', { DATA_SOURCES: '[{"name":"a b","client":"sqlite","connection":"x"}]' }, /name must match/],
    [
      'missing connection',
      { DATA_SOURCES: '[{"name":"a","client":"sqlite"}]' },
      /connection must be a non-empty/,
    ],
    ['not a URL', { DATA_SOURCES: '[{"name":"a","client":"pg","connection":"db"}]' }, /must be a URL/],
    [
      'wrong scheme',
      { DATA_SOURCES: '[{"name":"a","client":"pg","connection":"mysql://h/db"}]' },
      /starts with postgres: or postgresql:/,
    ],
    [
      'no database',
      { DATA_SOURCES: '[{"name":"a","client":"mysql","connection":"mysql://h/"}]' },
      /name a database/,
    ],
    [
      'caption not text',
      { DATA_SOURCES: '[{"name":"a","caption":1,"client":"sqlite","connection":"x"}]' },
      /caption/,
    ],
    ['bad PORT', { PORT: 'eighty' }, /PORT must be an integer/],
    ['PORT out of range', { PORT: '70000' }, /PORT must be an integer between 0 and 65535/],
    ['bad SESSION_TTL', { SESSION_TTL: '0' }, /SESSION_TTL must be an integer/],
    ['bad SQL_TIMEOUT_MS', { SQL_TIMEOUT_MS: '10' }, /SQL_TIMEOUT_MS must be an integer/],
    ['bad MAX_CHUNK_SIZE', { MAX_CHUNK_SIZE: '0' }, /MAX_CHUNK_SIZE must be an integer/],
  ])('refuses %s', (_label, env, message) => {
    expect(() => loadConfig(env, cwd, noFile)).toThrow(ConfigError);
    expect(() => loadConfig(env, cwd, noFile)).toThrow(message);
  });

  it('names the file when crudboard.config.json is broken', () => {
    expect(() => loadConfig({}, cwd, file('{oops'))).toThrow(/crudboard.config.json is not valid JSON/);
  });
});
