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
  /** Accounts and addresses remembered at most; the oldest are dropped first. */
  maxKeys?: number;
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

interface PairState {
  failures: number;
  lastFailureAt: number;
  nextAllowedAt: number;
}

interface AddressState {
  start: number;
  accounts: Set<string>;
  /** Failures past the account cap. */
  excess: number;
  nextAllowedAt: number;
}

export interface LoginLimiter {
  /** Whether an attempt for `account` from `address` may be made now. */
  check(account: string, address: string, now: number): LimitState;
  /** Counts a failure (recorded before the password is checked, so that parallel guesses wait too). */
  recordFailure(account: string, address: string, now: number): void;
  /** The attempt succeeded: forgets the account's failures from the address. */
  succeeded(account: string, address: string): void;
}

/**
 * Slows password guessing down without locking anyone out: each (account, address) pair gets a
 * few free failures, then a wait doubling per failure up to `maxDelayMs`; an address failing on
 * many distinct accounts waits the same way. Refused attempts are not failures, so the right
 * password gets through as soon as the current wait is over, and another address is not slowed
 * by someone else's guesses. In memory: it resets when the server restarts.
 */
export const createLoginLimiter = (limits: LoginLimits): LoginLimiter => {
  const pairs = new Map<string, PairState>();
  const addresses = new Map<string, AddressState>();
  const maxKeys = limits.maxKeys ?? 10_000;
  const pairKey = (account: string, address: string) => `${account}\n${address}`;

  const delay = (count: number) =>
    count < limits.freeFailures
      ? 0
      : Math.min(limits.maxDelayMs, limits.baseDelayMs * 2 ** Math.min(30, count - limits.freeFailures));

  const bounded = <T>(map: Map<string, T>, key: string, value: T) => {
    map.delete(key);
    map.set(key, value);
    while (map.size > maxKeys) {
      const oldest = map.keys().next().value;
      if (oldest === undefined) break;
      map.delete(oldest);
    }
  };

  const pairOf = (key: string, now: number) => {
    const state = pairs.get(key);
    if (state && now - state.lastFailureAt >= limits.windowMs) {
      pairs.delete(key);
      return undefined;
    }
    return state;
  };
  const addressOf = (address: string, now: number) => {
    const state = addresses.get(address);
    if (state && now - state.start >= limits.windowMs) {
      addresses.delete(address);
      return undefined;
    }
    return state;
  };

  return {
    check(account, address, now) {
      const waits = [
        pairOf(pairKey(account, address), now)?.nextAllowedAt ?? 0,
        addressOf(address, now)?.nextAllowedAt ?? 0,
      ].map((at) => at - now);
      const wait = Math.max(0, ...waits);
      return { allowed: wait <= 0, retryAfterSeconds: Math.ceil(wait / 1000) };
    },
    recordFailure(account, address, now) {
      const key = pairKey(account, address);
      const pair = pairOf(key, now) ?? { failures: 0, lastFailureAt: now, nextAllowedAt: 0 };
      pair.failures += 1;
      pair.lastFailureAt = now;
      pair.nextAllowedAt = now + delay(pair.failures);
      bounded(pairs, key, pair);

      const state = addressOf(address, now) ?? {
        start: now,
        accounts: new Set(),
        excess: 0,
        nextAllowedAt: 0,
      };
      state.accounts.add(account);
      if (state.accounts.size > limits.maxAccountsPerAddress) {
        state.excess += 1;
        state.nextAllowedAt = now + delay(limits.freeFailures + state.excess - 1);
      }
      bounded(addresses, address, state);
    },
    succeeded(account, address) {
      pairs.delete(pairKey(account, address));
      const state = addresses.get(address);
      if (!state) return;
      state.accounts.delete(account);
      if (state.accounts.size <= limits.maxAccountsPerAddress) {
        state.excess = 0;
        state.nextAllowedAt = 0;
      }
    },
  };
};
