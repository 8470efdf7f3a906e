import { describe, expect, it } from 'vitest';
import {
  addressAfterFailure,
  addressAfterSuccess,
  DEFAULT_LOGIN_LIMITS,
  delayAfter,
  limitState,
  liveAddress,
  livePair,
  pairAfterFailure,
  type LoginLimits,
} from '../../src/auth/login-limiter';

const limits: LoginLimits = {
  freeFailures: 2,
  baseDelayMs: 1000,
  maxDelayMs: 4000,
  maxAccountsPerAddress: 3,
  windowMs: 60_000,
};

describe('login throttling rules', () => {
  it('lets the free failures through, then waits doubling per failure, capped', () => {
    expect([1, 2, 3, 4, 5, 6].map((count) => delayAfter(count, limits))).toEqual([
      0, 1000, 2000, 4000, 4000, 4000,
    ]);
    expect(delayAfter(1000, DEFAULT_LOGIN_LIMITS)).toBe(10_000);
  });

  it('counts a pair’s failures and makes it wait from the last one', () => {
    const first = pairAfterFailure(undefined, 0, limits);
    expect(first).toEqual({ failures: 1, lastFailureAt: 0, nextAllowedAt: 0 });
    const second = pairAfterFailure(first, 10, limits);
    expect(second).toEqual({ failures: 2, lastFailureAt: 10, nextAllowedAt: 1010 });
    expect(limitState(second, undefined, 10)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limitState(second, undefined, 1010)).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  it('forgets a pair after the window and an address when its window is over', () => {
    const pair = { failures: 5, lastFailureAt: 0, nextAllowedAt: 4000 };
    expect(livePair(pair, 59_999, limits)).toBe(pair);
    expect(livePair(pair, 60_000, limits)).toBeUndefined();
    const address = { start: 0, excess: 1, nextAllowedAt: 1000 };
    expect(liveAddress(address, 59_999, limits)).toBe(address);
    expect(liveAddress(address, 60_000, limits)).toBeUndefined();
  });

  it('makes an address wait once it fails on more distinct accounts than allowed, and stop after a success', () => {
    let address = addressAfterFailure(undefined, 1, 0, limits);
    expect(address).toEqual({ start: 0, excess: 0, nextAllowedAt: 0 });
    address = addressAfterFailure(address, 3, 5, limits);
    expect(address.nextAllowedAt).toBe(0);
    address = addressAfterFailure(address, 4, 5, limits);
    expect(address).toEqual({ start: 0, excess: 1, nextAllowedAt: 1005 });
    address = addressAfterFailure(address, 5, 1005, limits);
    expect(address).toEqual({ start: 0, excess: 2, nextAllowedAt: 3005 });
    expect(addressAfterSuccess(address, 4, limits)).toBe(address);
    expect(addressAfterSuccess(address, 3, limits)).toEqual({ start: 0, excess: 0, nextAllowedAt: 0 });
  });

  it('waits for the longer of the pair’s and the address’s waits', () => {
    const state = limitState(
      { failures: 3, lastFailureAt: 0, nextAllowedAt: 2000 },
      { start: 0, excess: 2, nextAllowedAt: 3500 },
      0,
    );
    expect(state).toEqual({ allowed: false, retryAfterSeconds: 4 });
  });
});
