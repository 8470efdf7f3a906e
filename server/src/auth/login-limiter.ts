export interface LoginLimits {
  /** Failures of one account from one address before the next attempt has to wait. */
  freeFailures: number;
  /** The first wait; it doubles with every further failure. */
  baseDelayMs: number;
  /** The longest wait: no attempt, the right password included, is ever refused for longer. */
  maxDelayMs: number;
  /** Distinct accounts one address may fail on within `windowMs` before all its attempts wait too. */
  maxAccountsPerAddress: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  freeFailures: 3,
  baseDelayMs: 1000,
  maxDelayMs: 10_000,
  maxAccountsPerAddress: 20,
  windowMs: 15 * 60_000,
};

export interface LimitState {
  allowed: boolean;
  /** Whole seconds until the attempt may be made (0 when allowed). */
  retryAfterSeconds: number;
}

/** The failures of one account from one address. */
export interface PairState {
  failures: number;
  lastFailureAt: number;
  nextAllowedAt: number;
}

/** The failures of one address, whatever the account. */
export interface AddressState {
  /** When its window began (its first failure in it). */
  start: number;
  /** Failures past the account cap. */
  excess: number;
  nextAllowedAt: number;
}

/*
 * The rules of login throttling, as pure functions over the state of one (account, address) pair
 * and of one address; `services/login-throttle.ts` keeps that state in the database, so that every
 * server behind a load balancer applies the same waits.
 *
 * They slow password guessing down without locking anyone out: each pair gets a few free
 * failures, then a wait doubling per failure up to `maxDelayMs`; an address failing on many
 * distinct accounts waits the same way. Refused attempts are not failures, so the right password
 * gets through as soon as the current wait is over, and another address is not slowed by someone
 * else's guesses.
 */

/** The wait after `count` failures. */
export const delayAfter = (count: number, limits: LoginLimits): number =>
  count < limits.freeFailures
    ? 0
    : Math.min(limits.maxDelayMs, limits.baseDelayMs * 2 ** Math.min(30, count - limits.freeFailures));

/** A pair's state unless its last failure is older than the window (then it is forgotten). */
export const livePair = (
  pair: PairState | undefined,
  now: number,
  limits: LoginLimits,
): PairState | undefined => (pair && now - pair.lastFailureAt < limits.windowMs ? pair : undefined);

/** An address's state unless its window is over. */
export const liveAddress = (
  address: AddressState | undefined,
  now: number,
  limits: LoginLimits,
): AddressState | undefined => (address && now - address.start < limits.windowMs ? address : undefined);

/** Whether an attempt may be made now, given the live states of its pair and address. */
export const limitState = (
  pair: PairState | undefined,
  address: AddressState | undefined,
  now: number,
): LimitState => {
  const wait = Math.max(0, (pair?.nextAllowedAt ?? 0) - now, (address?.nextAllowedAt ?? 0) - now);
  return { allowed: wait <= 0, retryAfterSeconds: Math.ceil(wait / 1000) };
};

/** A pair after one more failure now. */
export const pairAfterFailure = (
  pair: PairState | undefined,
  now: number,
  limits: LoginLimits,
): PairState => {
  const failures = (pair?.failures ?? 0) + 1;
  return { failures, lastFailureAt: now, nextAllowedAt: now + delayAfter(failures, limits) };
};

/**
 * An address after one more failure now, `accounts` being the distinct accounts it has failed on
 * within its window, this one included: past the cap, every further failure makes it wait.
 */
export const addressAfterFailure = (
  address: AddressState | undefined,
  accounts: number,
  now: number,
  limits: LoginLimits,
): AddressState => {
  const state = address ?? { start: now, excess: 0, nextAllowedAt: 0 };
  if (accounts <= limits.maxAccountsPerAddress) return state;
  const excess = state.excess + 1;
  return {
    start: state.start,
    excess,
    nextAllowedAt: now + delayAfter(limits.freeFailures + excess - 1, limits),
  };
};

/** An address after one of its accounts signed in: back under the cap, it waits no more. */
export const addressAfterSuccess = (
  address: AddressState,
  accounts: number,
  limits: LoginLimits,
): AddressState =>
  accounts <= limits.maxAccountsPerAddress ? { start: address.start, excess: 0, nextAllowedAt: 0 } : address;
