import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { DatabaseLockTimeout } from './database-lock';
import { leaseBackoffMs } from './lease-backoff';
import { isMysqlErrno, ER_LOCK_DEADLOCK } from './mysql-errno';

/**
 * The table of lock leases (one row per lock held). Made by migration system-025-lock-leases,
 * and on first use when it is not there yet: the start-up lock is taken before the migrations run.
 */
export const LOCK_LEASE_TABLE = 'cb_lock_lease';

/** How long a lease lasts unless renewed: how long a lock outlives a server that died holding it. */
export const LEASE_TTL_MS = 10_000;
/** How often the holder renews its lease: several renewals fit in one lease. */
export const LEASE_RENEW_MS = 3_000;

/** MySQL's time in epoch milliseconds: every server compares expiries on the database's clock. */
const NOW_MS = 'CAST(UNIX_TIMESTAMP(NOW(3)) * 1000 AS SIGNED)';

const CREATE_LEASE_TABLE = `CREATE TABLE IF NOT EXISTS ${LOCK_LEASE_TABLE} (
  name VARCHAR(64) NOT NULL PRIMARY KEY,
  owner VARCHAR(64) NOT NULL,
  expiresAt BIGINT NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin`;

/** The statement that makes the lease table (the migration runs it too). */
export const createLeaseTable = async (knex: Knex): Promise<void> => {
  await knex.raw(CREATE_LEASE_TABLE);
};

const tableMade = new WeakMap<Knex, Promise<void>>();
const ensureLeaseTable = (knex: Knex): Promise<void> => {
  let made = tableMade.get(knex);
  if (!made) {
    made = createLeaseTable(knex);
    made.catch(() => tableMade.delete(knex));
    tableMade.set(knex, made);
  }
  return made;
};

/**
 * One try at the lease `name` for `owner`: inserted when there is none, taken over when the one
 * there has expired, left alone otherwise. The statement is certified cluster-wide like any
 * write: of two servers trying at once through different nodes, one commits and the other loses
 * certification (a deadlock error) or, retried by its node, finds the winner's lease. The read
 * after it waits for the cluster (wsrep_sync_wait) and tells who holds the lease now.
 */
const tryTake = async (knex: Knex, name: string, owner: string): Promise<boolean> => {
  try {
    await knex.raw(
      `INSERT INTO ${LOCK_LEASE_TABLE} (name, owner, expiresAt) VALUES (?, ?, ${NOW_MS} + ?)
       ON DUPLICATE KEY UPDATE
         owner = IF(expiresAt < ${NOW_MS}, VALUES(owner), owner),
         expiresAt = IF(owner = VALUES(owner), VALUES(expiresAt), expiresAt)`,
      [name, owner, LEASE_TTL_MS],
    );
  } catch (error) {
    // Lost to another server taking it at the same moment.
    if (isMysqlErrno(error, ER_LOCK_DEADLOCK)) return false;
    throw error;
  }
  const [rows] = (await knex.raw(
    `SET STATEMENT wsrep_sync_wait = 1 FOR SELECT owner FROM ${LOCK_LEASE_TABLE} WHERE name = ?`,
    [name],
  )) as [{ owner: string }[]];
  return rows[0]?.owner === owner;
};

const renew = (knex: Knex, name: string, owner: string) =>
  knex.raw(`UPDATE ${LOCK_LEASE_TABLE} SET expiresAt = ${NOW_MS} + ? WHERE name = ? AND owner = ?`, [
    LEASE_TTL_MS,
    name,
    owner,
  ]);

const give = (knex: Knex, name: string, owner: string) =>
  knex.raw(`DELETE FROM ${LOCK_LEASE_TABLE} WHERE name = ? AND owner = ?`, [name, owner]);

/** Where the lease's holder reports a renewal that failed (its lease may have been taken over). */
export interface LeaseLog {
  warn(fields: object, message: string): void;
}

/**
 * Runs `work` while this server holds the lease `key` (the lock's database-wide name) in
 * `cb_lock_lease`: the database lock of a Galera cluster, where GET_LOCK is held by one node only
 * and two servers on two nodes would both get it. The lease is a row written by an INSERT the
 * cluster certifies, renewed every LEASE_RENEW_MS while `work` runs and deleted after it; a server
 * that dies stops renewing, and its lease is taken over once expired (LEASE_TTL_MS). Waiting is
 * bounded by `waitMs` (DatabaseLockTimeout after it, under the lock's `name`), with backoff.
 */
export const withLeaseLock = async <T>(
  knex: Knex,
  name: string,
  key: string,
  work: () => Promise<T>,
  waitMs: number | undefined,
  log?: LeaseLog,
): Promise<T> => {
  await ensureLeaseTable(knex);
  const owner = randomUUID();
  const started = Date.now();
  for (let attempt = 0; !(await tryTake(knex, key, owner)); attempt += 1) {
    const waited = Date.now() - started;
    if (waitMs !== undefined && waited >= waitMs) throw new DatabaseLockTimeout(name, waited);
    const pause = leaseBackoffMs(attempt, Math.random());
    await new Promise((done) =>
      setTimeout(done, waitMs === undefined ? pause : Math.min(pause, waitMs - waited)),
    );
  }
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = renew(knex, key, owner).catch((error: unknown) =>
      log?.warn({ err: error, lock: name }, 'could not renew a database lock lease'),
    );
  }, LEASE_RENEW_MS);
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
    await renewing;
    // A server that cannot reach the database now leaves its lease to expire.
    await give(knex, key, owner).catch(() => undefined);
  }
};
