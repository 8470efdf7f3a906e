import type { Knex } from 'knex';

/**
 * What in-memory caches of a data source depend on: its table metadata (tables, columns, indexes,
 * relations) and the signed-in users' principals (users, roles, their links, table permissions).
 * These versions follow this process's own writes; other servers' writes reach them through
 * `cb_cache_version` (plugins/cache-versions.ts), whose triggers watch the same tables.
 */
export type WriteScope = 'metadata' | 'principal';

const SCOPES: readonly WriteScope[] = ['metadata', 'principal'];

const SCOPE_TABLES: Record<WriteScope, RegExp> = {
  metadata: /\bcb_meta_(?:table|column|index|index_line|relation)\b/i,
  principal: /\bcb_(?:user|role|user_role|table_permission)\b/i,
};

/** Ended sessions (logout, new password, expiry) end cached principals; extending one does not. */
const SESSION_DELETE = /^\s*delete\b[\s\S]*\bcb_session\b/i;

const READ_ONLY = /^\s*(?:select|pragma|explain|show|describe)\b/i;

type Versions = Record<WriteScope, number>;

/** Versions per database (not per Knex instance: two pools on one database share them). */
const versionsByDatabase = new Map<string, Versions>();
const databaseKeys = new WeakMap<object, string>();

const databaseKey = (db: Knex): string => {
  const config = db.client.config as { client?: unknown; connection?: unknown };
  let key = databaseKeys.get(config);
  if (key === undefined) {
    key = `${String(config.client)} ${JSON.stringify(config.connection ?? null)}`;
    databaseKeys.set(config, key);
  }
  return key;
};

const versionsOf = (db: Knex): Versions => {
  const key = databaseKey(db);
  let versions = versionsByDatabase.get(key);
  if (!versions) {
    versions = { metadata: 0, principal: 0 };
    versionsByDatabase.set(key, versions);
  }
  return versions;
};

/** The current version of a scope: it changes whenever a statement may have changed what it covers. */
export const writeVersion = (db: Knex, scope: WriteScope): number => versionsOf(db)[scope];

/** Marks scopes of a database as changed (all of them by default). */
export const bumpWriteVersion = (db: Knex, scopes: readonly WriteScope[] = SCOPES): void => {
  const versions = versionsOf(db);
  for (const scope of scopes) versions[scope] += 1;
};

/** The scopes a statement may change: none for reads, those whose tables it names otherwise. */
export const scopesWrittenBy = (sql: unknown): WriteScope[] => {
  if (typeof sql !== 'string' || READ_ONLY.test(sql)) return [];
  return SCOPES.filter(
    (scope) => SCOPE_TABLES[scope].test(sql) || (scope === 'principal' && SESSION_DELETE.test(sql)),
  );
};

const sum = (versions: Versions) => versions.metadata + versions.principal;

/**
 * Keeps the write versions of a Knex instance's database: a statement that may write metadata or
 * principal tables bumps them before it runs and again once it answered, and a transaction in
 * which any bump happened bumps them again when it ends (commit or rollback). A cached value is
 * therefore valid only while the version it was read under is still the current one, and a value
 * read while a write was in flight is never stored as current (see `cachedRead`).
 */
export const observeWrites = (db: Knex): Knex => {
  const onStatement = (query: { sql?: unknown }) => {
    const scopes = scopesWrittenBy(query?.sql);
    if (scopes.length > 0) bumpWriteVersion(db, scopes);
  };
  db.on('query', onStatement);
  db.on('query-response', (_response: unknown, query: { sql?: unknown }) => onStatement(query));
  db.on('query-error', (_error: unknown, query: { sql?: unknown }) => onStatement(query));

  const context = (db as unknown as { context: { transaction: (...args: unknown[]) => unknown } }).context;
  const transaction = context.transaction.bind(context);
  context.transaction = (...args: unknown[]) => {
    const before = sum(versionsOf(db));
    const result = transaction(...args);
    const settle = () => {
      if (sum(versionsOf(db)) !== before) bumpWriteVersion(db);
    };
    if (typeof args[0] === 'function' && result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(settle, settle);
    }
    return result;
  };
  return db;
};

/**
 * A read cache bound to one scope of a database: `get` answers from memory while the scope's
 * version is unchanged since the value was read, and reads (then keeps) it otherwise. Values read
 * inside a transaction, or while the version moved, are returned but not kept.
 */
export const cachedRead = <V>(scope: WriteScope, maxEntries = 500) => {
  const entries = new Map<string, { version: number; value: V }>();
  return {
    async get(db: Knex, key: string, read: () => Promise<V>): Promise<V> {
      const fullKey = `${databaseKey(db)}\n${key}`;
      const version = writeVersion(db, scope);
      const entry = entries.get(fullKey);
      if (entry && entry.version === version) return entry.value;
      const value = await read();
      if (!db.isTransaction && writeVersion(db, scope) === version) {
        if (entries.size >= maxEntries) entries.clear();
        entries.set(fullKey, { version, value });
      }
      return value;
    },
    clear(): void {
      entries.clear();
    },
  };
};
