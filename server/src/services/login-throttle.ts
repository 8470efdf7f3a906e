import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import {
  addressAfterFailure,
  addressAfterSuccess,
  limitState,
  liveAddress,
  livePair,
  pairAfterFailure,
  type AddressState,
  type LimitState,
  type LoginLimits,
  type PairState,
} from '../auth/login-limiter';
import { dialectOf } from '../db/dialect';
import { SHARED_STATE } from '../db/table-names';
import { toNumber } from '../db/values';
import { sqlDialect } from '../dialects/sql/sql-dialects';
import { CERTIFICATION_TRIES, certificationPauseMs } from '../db/certification-retry';
import { isBusyError } from '../errors/is-busy-error';

export interface LoginLimiter {
  /**
   * Whether an attempt for `account` from `address` may be made now. An allowed attempt is
   * counted as a failure at once, before the password is checked, so that parallel guesses (on
   * any server) wait too; `succeeded` forgets it.
   */
  admit(account: string, address: string, now: number): Promise<LimitState>;
  /** The attempt succeeded: forgets the account's failures from the address. */
  succeeded(account: string, address: string): Promise<void>;
  /** Deletes what is past its window; returns how many rows went. */
  removeExpired(now: number): Promise<number>;
}

const TABLE = SHARED_STATE.loginThrottle;
/**
 * Attempts of one admission that a deadlock or a lost Galera certification with another server's
 * may cost, before it gives up (503), each after a jittered pause so that they do not collide again.
 */
const TRIES = CERTIFICATION_TRIES;

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex');

interface Row {
  key: string;
  kind: string;
  addressKey: string;
  failures: unknown;
  startedAt: unknown;
  lastFailureAt: unknown;
  nextAllowedAt: unknown;
}

const pairOf = (row: Row | undefined): PairState | undefined =>
  row && toNumber(row.failures) > 0
    ? {
        failures: toNumber(row.failures),
        lastFailureAt: toNumber(row.lastFailureAt),
        nextAllowedAt: toNumber(row.nextAllowedAt),
      }
    : undefined;

const addressOf = (row: Row | undefined): AddressState | undefined =>
  row && toNumber(row.startedAt) > 0
    ? {
        start: toNumber(row.startedAt),
        excess: toNumber(row.failures),
        nextAllowedAt: toNumber(row.nextAllowedAt),
      }
    : undefined;

/**
 * Login throttling (auth/login-limiter.ts) with its state in `cb_login_throttle` of primary, so
 * that every server behind a load balancer counts the same failures: a guess refused on one
 * server is refused on the others. One admission is one transaction that locks the pair's row and
 * the address's row (created empty when missing), decides, and writes the failure. Names and
 * addresses are stored hashed. Rows past their window are deleted by `removeExpired`.
 */
export const createLoginThrottle = (knex: Knex, limits: LoginLimits): LoginLimiter => {
  const dialect = sqlDialect(dialectOf(knex));
  const keys = (account: string, address: string) => {
    const addressKey = hash('address', address);
    return { pair: hash('pair', account, address), address: addressKey, addressKey };
  };

  /** Creates the row when missing and locks it until the transaction ends, in every database. */
  const lockRow = async (
    trx: Knex.Transaction,
    key: string,
    kind: string,
    addressKey: string,
    now: number,
  ) => {
    await trx(TABLE)
      .insert({
        key,
        kind,
        addressKey,
        failures: 0,
        startedAt: 0,
        lastFailureAt: 0,
        nextAllowedAt: 0,
        expiresAt: now + limits.windowMs,
      })
      .onConflict('key')
      .merge(['kind']);
    const row: Row | undefined = await dialect.lockForUpdate(trx(TABLE).where('key', key).first());
    return row;
  };

  /** Distinct accounts the address failed on since `since`, kept in the pair rows. */
  const accountsFailing = async (trx: Knex.Transaction, addressKey: string, since: number) => {
    const row = (await trx(TABLE)
      .where({ addressKey, kind: 'pair' })
      .where('failures', '>', 0)
      .where('lastFailureAt', '>=', since)
      .count({ n: '*' })
      .first()) as { n: unknown } | undefined;
    return toNumber(row?.n ?? 0);
  };

  const writePair = (trx: Knex.Transaction, key: string, pair: PairState) =>
    trx(TABLE)
      .where('key', key)
      .update({
        failures: pair.failures,
        startedAt: pair.lastFailureAt,
        lastFailureAt: pair.lastFailureAt,
        nextAllowedAt: pair.nextAllowedAt,
        expiresAt: pair.lastFailureAt + limits.windowMs,
      });

  const writeAddress = (trx: Knex.Transaction, key: string, address: AddressState) =>
    trx(TABLE)
      .where('key', key)
      .update({
        failures: address.excess,
        startedAt: address.start,
        lastFailureAt: address.start,
        nextAllowedAt: address.nextAllowedAt,
        expiresAt: address.start + limits.windowMs,
      });

  const admitOnce = (account: string, address: string, now: number) =>
    knex.transaction(async (trx) => {
      const key = keys(account, address);
      // Always the pair first, then the address: two admissions never wait on each other in a circle.
      const pair = livePair(pairOf(await lockRow(trx, key.pair, 'pair', key.addressKey, now)), now, limits);
      const addressRow = await lockRow(trx, key.address, 'address', key.addressKey, now);
      const addressState = liveAddress(addressOf(addressRow), now, limits);
      const state = limitState(pair, addressState, now);
      if (!state.allowed) return state;
      await writePair(trx, key.pair, pairAfterFailure(pair, now, limits));
      const accounts = await accountsFailing(trx, key.addressKey, addressState?.start ?? now);
      await writeAddress(trx, key.address, addressAfterFailure(addressState, accounts, now, limits));
      return state;
    });

  return {
    async admit(account, address, now) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await admitOnce(account, address, now);
        } catch (error) {
          if (attempt >= TRIES || !isBusyError(error)) throw error;
          await new Promise((done) => setTimeout(done, certificationPauseMs(attempt, Math.random())));
        }
      }
    },
    async succeeded(account, address) {
      const key = keys(account, address);
      await knex.transaction(async (trx) => {
        await trx(TABLE).where('key', key.pair).delete();
        const row: Row | undefined = await dialect.lockForUpdate(
          trx(TABLE).where('key', key.address).first(),
        );
        const state = addressOf(row);
        if (!state || state.excess === 0) return;
        const accounts = await accountsFailing(trx, key.addressKey, state.start);
        await writeAddress(trx, key.address, addressAfterSuccess(state, accounts, limits));
      });
    },
    async removeExpired(now) {
      return knex(TABLE).where('expiresAt', '<=', now).delete();
    },
  };
};
