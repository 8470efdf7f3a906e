import { describe, expect, it } from 'vitest';
import { createLoginLimiter, DEFAULT_LOGIN_LIMITS, type LoginLimits } from '../../src/auth/login-limiter';

const limits: LoginLimits = {
  freeFailures: 2,
  baseDelayMs: 1000,
  maxDelayMs: 4000,
  maxAccountsPerAddress: 3,
  windowMs: 60_000,
};

describe('createLoginLimiter', () => {
  it('lets the free failures through, then waits doubling per failure, capped', () => {
    const limiter = createLoginLimiter(limits);
    let now = 0;
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const state = limiter.check('a', '1', now);
      expect(state.allowed).toBe(true);
      limiter.recordFailure('a', '1', now);
      const next = limiter.check('a', '1', now);
      waits.push(next.retryAfterSeconds);
      now += next.retryAfterSeconds * 1000;
    }
    expect(waits).toEqual([0, 1, 2, 4, 4, 4]);
  });

  it('never refuses for longer than the current wait, and refusals do not add to it', () => {
    const limiter = createLoginLimiter(limits);
    for (let i = 0; i < 20; i++) limiter.recordFailure('a', '1', 0);
    for (let t = 0; t < 4000; t += 500) expect(limiter.check('a', '1', t).allowed).toBe(false);
    expect(limiter.check('a', '1', 4000)).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  it('does not slow the same account from another address, nor another account', () => {
    const limiter = createLoginLimiter(limits);
    for (let i = 0; i < 10; i++) limiter.recordFailure('a', '1', 0);
    expect(limiter.check('a', '2', 0).allowed).toBe(true);
    expect(limiter.check('b', '1', 0).allowed).toBe(true);
  });

  it('slows an address failing on more distinct accounts than allowed, for every account, capped', () => {
    const limiter = createLoginLimiter(limits);
    for (const account of ['a', 'b', 'c']) limiter.recordFailure(account, '1', 0);
    expect(limiter.check('z', '1', 0).allowed).toBe(true);
    for (const account of ['d', 'e', 'f', 'g', 'h']) limiter.recordFailure(account, '1', 0);
    expect(limiter.check('z', '1', 0)).toEqual({ allowed: false, retryAfterSeconds: 4 });
    expect(limiter.check('z', '2', 0).allowed).toBe(true);
    expect(limiter.check('z', '1', 4000).allowed).toBe(true);
  });

  it('forgets the pair on success', () => {
    const limiter = createLoginLimiter(limits);
    for (let i = 0; i < 5; i++) limiter.recordFailure('a', '1', 0);
    limiter.succeeded('a', '1');
    expect(limiter.check('a', '1', 0).allowed).toBe(true);
  });

  it('forgets failures after the window', () => {
    const limiter = createLoginLimiter({ ...limits, maxDelayMs: 120_000, baseDelayMs: 100_000 });
    for (let i = 0; i < 3; i++) limiter.recordFailure('a', '1', 0);
    expect(limiter.check('a', '1', 59_999).allowed).toBe(false);
    expect(limiter.check('a', '1', 60_000).allowed).toBe(true);
  });

  it('remembers at most maxKeys pairs, dropping the oldest', () => {
    const limiter = createLoginLimiter({ ...limits, maxKeys: 2, freeFailures: 0 });
    limiter.recordFailure('a', '1', 0);
    limiter.recordFailure('b', '2', 0);
    limiter.recordFailure('c', '3', 0);
    expect(limiter.check('a', '1', 0).allowed).toBe(true);
    expect(limiter.check('b', '2', 0).allowed).toBe(false);
    expect(limiter.check('c', '3', 0).allowed).toBe(false);
  });

  it('waits at most 10 s by default', () => {
    const limiter = createLoginLimiter(DEFAULT_LOGIN_LIMITS);
    for (let i = 0; i < 100; i++) limiter.recordFailure(`u${i}`, '1', 0);
    for (let i = 0; i < 100; i++) limiter.recordFailure('a', '1', 0);
    expect(limiter.check('a', '1', 0).retryAfterSeconds).toBe(10);
  });
});
