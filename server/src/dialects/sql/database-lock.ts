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

/** PostgreSQL: an advisory lock of the database, keyed by crudboard's namespace and the name. */
export const pgSessionLock: SessionLock = {
  async take(knex, connection, name, waitMs) {
    // lock_timeout bounds the wait of pg_advisory_lock too; the connection's own setting comes back after.
    if (waitMs !== undefined) {
      await knex.raw(`SET lock_timeout = ${Math.max(1, Math.ceil(waitMs))}`).connection(connection);
    }
    try {
      await knex
        .raw('SELECT pg_advisory_lock(hashtext(?), hashtext(?))', ['crudboard', name])
        .connection(connection);
    } catch (error) {
      // 55P03: lock_not_available, the wait ran out.
      if (sqlState(error) === '55P03') throw new DatabaseLockTimeout(name, waitMs ?? 0);
      throw error;
    } finally {
      if (waitMs !== undefined) await knex.raw('RESET lock_timeout').connection(connection);
    }
  },
  async give(knex, connection, name) {
    await knex
      .raw('SELECT pg_advisory_unlock(hashtext(?), hashtext(?))', ['crudboard', name])
      .connection(connection);
  },
};

/**
 * MySQL/MariaDB: a user-level lock (GET_LOCK). Such locks are shared by every database of the
 * server, so the name includes the current database's, hashed to stay within 64 characters.
 */
const MYSQL_LOCK_NAME = "CONCAT('crudboard:', LEFT(SHA1(CONCAT(DATABASE(), ':', ?)), 40))";
/** GET_LOCK has no "forever": a year stands for it. */
const MYSQL_NO_LIMIT_SECONDS = 365 * 24 * 3600;

export const mysqlSessionLock: SessionLock = {
  async take(knex, connection, name, waitMs) {
    const seconds = waitMs === undefined ? MYSQL_NO_LIMIT_SECONDS : Math.max(0.001, waitMs / 1000);
    const [rows] = (await knex
      .raw(`SELECT GET_LOCK(${MYSQL_LOCK_NAME}, ?) AS got`, [name, seconds])
      .connection(connection)) as [{ got: unknown }[]];
    const got = rows[0]?.got;
    if (Number(got) === 1) return;
    if (got !== null && got !== undefined && Number(got) === 0)
      throw new DatabaseLockTimeout(name, waitMs ?? 0);
    throw new Error(`GET_LOCK failed for the database lock "${name}"`);
  },
  async give(knex, connection, name) {
    await knex.raw(`SELECT RELEASE_LOCK(${MYSQL_LOCK_NAME}) AS released`, [name]).connection(connection);
  },
};
