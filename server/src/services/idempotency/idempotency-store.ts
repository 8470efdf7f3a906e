import type { Knex } from 'knex';
import { deleteInBatches } from '../../db/delete-in-batches';
import { dialectOf } from '../../db/dialect';
import { SHARED_STATE } from '../../db/table-names';
import { toNumber } from '../../db/values';
import { sqlDialect } from '../../dialects/sql/sql-dialects';

const TABLE = SHARED_STATE.idempotencyKey;

/** How long the answer of a request with an idempotency key is kept: 24 hours. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** Whose key, for what: one key of one user on one table of one data source. */
export interface IdempotencyScope {
  /** The key's SHA-256 (idempotency-key-hash.ts), never the key. */
  keyHash: string;
  userId: number;
  dataSource: string;
  tableName: string;
}

/** The columns of the unique key, in its order. */
const SCOPE_COLUMNS = ['keyHash', 'userId', 'dataSource', 'tableName'] as const;

/** The answer given to the first request with a key. */
export interface StoredAnswer {
  /** requestFingerprint() of that request. */
  fingerprint: string;
  status: number;
  /** The answer's body as JSON text. */
  body: string;
}

const where = (scope: IdempotencyScope) => ({
  keyHash: scope.keyHash,
  userId: scope.userId,
  dataSource: scope.dataSource,
  tableName: scope.tableName,
});

/**
 * The answer kept for `scope`, unless there is none or it has expired at `now` (epoch ms): an
 * expired row is deleted here rather than waiting for the prune, so that the key can be used again.
 */
export const findStoredAnswer = async (
  db: Knex,
  scope: IdempotencyScope,
  now: number,
): Promise<StoredAnswer | undefined> => {
  const row = (await db(TABLE).where(where(scope)).first('fingerprint', 'status', 'body', 'expiresAt')) as
    { fingerprint: unknown; status: unknown; body: unknown; expiresAt: unknown } | undefined;
  if (row === undefined) return undefined;
  if (toNumber(row.expiresAt) <= now) {
    await db(TABLE).where(where(scope)).where('expiresAt', '<=', now).delete();
    return undefined;
  }
  return { fingerprint: String(row.fingerprint), status: toNumber(row.status), body: String(row.body) };
};

/**
 * Keeps the answer of the request with `scope`'s key, in `trx`: the transaction of the write that
 * made it, so that both commit or neither does. False, and nothing inserted, when a row for the
 * key is there already (another request with it committed first, or is committing: the unique key
 * makes this insert wait for it); the caller then rolls its write back.
 */
export const keepAnswer = async (
  trx: Knex,
  scope: IdempotencyScope,
  answer: StoredAnswer,
  now: number,
): Promise<boolean> =>
  sqlDialect(dialectOf(trx)).insertUnlessPresent(
    trx,
    TABLE,
    { ...where(scope), ...answer, createdAt: now, expiresAt: now + IDEMPOTENCY_KEY_TTL_MS },
    SCOPE_COLUMNS,
  );

/**
 * Deletes the answers expired at `now` (epoch ms), a batch at a time (db/delete-in-batches.ts);
 * `stopped` ends it between batches. Returns how many went.
 */
export const removeExpiredAnswers = (db: Knex, now: number, stopped?: () => boolean): Promise<number> =>
  deleteInBatches(db, TABLE, (query) => query.where('expiresAt', '<=', now), stopped ? { stopped } : {});
