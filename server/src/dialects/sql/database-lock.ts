import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/** The `code` of a `DatabaseLockTimeout`: another server held the lock longer than the caller waits. */
export const LOCK_TIMEOUT_CODE = 'CB_DATABASE_LOCK_TIMEOUT';

/** Waiting for a database lock (`SqlDialect.withDatabaseLock`) took longer than allowed. */
export class DatabaseLockTimeout extends Error {
  readonly code = LOCK_TIMEOUT_CODE;
  constructor(
    readonly lock: string,
    readonly waitedMs: number,
  ) {
    super(`waited ${Math.round(waitedMs / 1000)} s for the database lock "${lock}": another server holds it`);
    this.name = 'DatabaseLockTimeout';
  }
}

/** How one database takes and gives back a named lock held by a session. */
export interface SessionLock {
  /** Takes the lock on `connection`; throws `DatabaseLockTimeout` after `waitMs` (undefined: no limit). */
  take(knex: Knex, connection: unknown, name: string, waitMs: number | undefined): Promise<void>;
  give(knex: Knex, connection: unknown, name: string): Promise<void>;
}

interface PoolClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
}

/**
 * Runs `work` while one connection of `knex`'s pool, set aside for it, holds the session lock
 * `name`: other servers asking for the same lock on the same database wait until `work` has
 * settled. `work` itself runs on the pool's other connections. The lock is given back, and the
 * connection returned to the pool, whatever `work` does; a server that dies loses its connection
 * and with it the lock.
 */
export const withSessionLock = async <T>(
  lock: SessionLock,
  knex: Knex,
  name: string,
  work: () => Promise<T>,
  waitMs: number | undefined,
): Promise<T> => {
  const client = knex.client as PoolClient;
  const connection = await client.acquireConnection();
  try {
    await lock.take(knex, connection, name, waitMs);
    try {
      return await work();
    } finally {
      // A connection that broke meanwhile has lost the lock with it: nothing to give back.
      await lock.give(knex, connection, name).catch(() => undefined);
    }
  } finally {
    await client.releaseConnection(connection);
  }
};

const sqlState = (error: unknown): string => String((error as { code?: unknown }).code ?? '');

/** The lock servers hold while preparing a data source at start-up (migrations, the console role). */
export const START_UP_LOCK = 'start-up';

const lockSecrets = new WeakMap<Knex, string>();

/**
 * From now on the locks taken through `knex` are keyed by `secret` (primary's `cb_lock_key`, read
 * at start-up by every server): a console statement cannot compute the keys, so it cannot take a
 * lock and hold up the server's schema changes or uploads. The start-up lock keeps a fixed key:
 * it is taken before the secret can be read (the migrations that make it run under it), and a
 * server starting later must wait for the one migrating; the console refuses the lock functions
 * to everyone but the super admin, the start-up lock's only guard.
 */
export const keyLocksWith = (knex: Knex, secret: string): void => {
  lockSecrets.set(knex, secret);
};

/** The secret-derived digest of a lock's name, or undefined where the key stays fixed. */
const keyedDigest = (knex: Knex, name: string): Buffer | undefined => {
  const secret = lockSecrets.get(knex);
  if (secret === undefined || name === START_UP_LOCK) return undefined;
  return createHash('sha256').update(`${secret}\0${name}`).digest();
};

/**
 * PostgreSQL: an advisory lock of the database. Its two keys are derived from the secret and the
 * name; the start-up lock's (and any before the secret is read) from crudboard's namespace and the
 * name, as earlier releases did, so that servers of both releases starting together take turns.
 */
const pgLockKeys = (knex: Knex, name: string): { sql: string; bindings: (string | number)[] } => {
  const digest = keyedDigest(knex, name);
  if (!digest)
    return { sql: 'pg_catalog.hashtext(?), pg_catalog.hashtext(?)', bindings: ['crudboard', name] };
  return { sql: '?::int4, ?::int4', bindings: [digest.readInt32BE(0), digest.readInt32BE(4)] };
};

/** PostgreSQL: an advisory lock of the database (pgLockKeys). */
export const pgSessionLock: SessionLock = {
  async take(knex, connection, name, waitMs) {
    // lock_timeout bounds the wait of pg_advisory_lock too; the connection's own setting comes back after.
    if (waitMs !== undefined) {
      await knex.raw(`SET lock_timeout = ${Math.max(1, Math.ceil(waitMs))}`).connection(connection);
    }
    const keys = pgLockKeys(knex, name);
    try {
      await knex.raw(`SELECT pg_catalog.pg_advisory_lock(${keys.sql})`, keys.bindings).connection(connection);
    } catch (error) {
      // 55P03: lock_not_available, the wait ran out.
      if (sqlState(error) === '55P03') throw new DatabaseLockTimeout(name, waitMs ?? 0);
      throw error;
    } finally {
      if (waitMs !== undefined) await knex.raw('RESET lock_timeout').connection(connection);
    }
  },
  async give(knex, connection, name) {
    const keys = pgLockKeys(knex, name);
    await knex.raw(`SELECT pg_catalog.pg_advisory_unlock(${keys.sql})`, keys.bindings).connection(connection);
  },
};

/**
 * MySQL/MariaDB: a user-level lock (GET_LOCK). Such locks are shared by every database of the
 * server: a name derived from the database's secret is its own (40 hex digits, within the
 * 64-character limit); the start-up lock's includes the current database's name instead, hashed.
 */
const mysqlLockName = (knex: Knex, name: string): { sql: string; binding: string } => {
  const digest = keyedDigest(knex, name);
  if (!digest)
    return { sql: "CONCAT('crudboard:', LEFT(SHA1(CONCAT(DATABASE(), ':', ?)), 40))", binding: name };
  return { sql: '?', binding: `crudboard:${digest.toString('hex').slice(0, 40)}` };
};
/**
 * A Galera cluster's lock lease (lease-lock.ts): the row's key, as secret-derived as GET_LOCK's
 * name. The lease table belongs to the database, so the fixed key needs no database name.
 */
export const leaseKey = (knex: Knex, name: string): string => {
  const digest = keyedDigest(knex, name);
  return digest ? `crudboard:${digest.toString('hex').slice(0, 40)}` : `crudboard:${name}`;
};

/** GET_LOCK has no "forever": a year stands for it. */
const MYSQL_NO_LIMIT_SECONDS = 365 * 24 * 3600;

export const mysqlSessionLock: SessionLock = {
  async take(knex, connection, name, waitMs) {
    const seconds = waitMs === undefined ? MYSQL_NO_LIMIT_SECONDS : Math.max(0.001, waitMs / 1000);
    const lock = mysqlLockName(knex, name);
    const [rows] = (await knex
      .raw(`SELECT GET_LOCK(${lock.sql}, ?) AS got`, [lock.binding, seconds])
      .connection(connection)) as [{ got: unknown }[]];
    const got = rows[0]?.got;
    if (Number(got) === 1) return;
    if (got !== null && got !== undefined && Number(got) === 0)
      throw new DatabaseLockTimeout(name, waitMs ?? 0);
    throw new Error(`GET_LOCK failed for the database lock "${name}"`);
  },
  async give(knex, connection, name) {
    const lock = mysqlLockName(knex, name);
    await knex.raw(`SELECT RELEASE_LOCK(${lock.sql}) AS released`, [lock.binding]).connection(connection);
  },
};
