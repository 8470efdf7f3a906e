import { describe, expect, it } from 'vitest';
import { createLoginLimiter } from '../../src/auth/login-limiter';

const minute = 60_000;

describe('createLoginLimiter', () => {
  it('allows maxFailures failures, then refuses until the window has passed', () => {
    const limiter = createLoginLimiter({ maxFailures: 3, windowMs: 15 * minute });
    const keys = ['user:a'];
    for (let i = 0; i < 3; i++) {
      expect(limiter.check(keys, i * minute).allowed).toBe(true);
      limiter.recordFailure(keys, i * minute);
    }
    expect(limiter.check(keys, 3 * minute)).toEqual({ allowed: false, retryAfterSeconds: 12 * 60 });
    expect(limiter.check(keys, 15 * minute - 500)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.check(keys, 15 * minute)).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  it('refuses when any of the keys is over its limit, waiting for the longest', () => {
    const limiter = createLoginLimiter((key) =>
      key.startsWith('user:')
        ? { maxFailures: 1, windowMs: minute }
        : { maxFailures: 2, windowMs: 10 * minute },
    );
    limiter.recordFailure(['user:a', 'address:1'], 0);
    expect(limiter.check(['user:b', 'address:1'], 0).allowed).toBe(true);
    limiter.recordFailure(['user:b', 'address:1'], 0);
    expect(limiter.check(['user:c', 'address:1'], 0)).toEqual({ allowed: false, retryAfterSeconds: 600 });
    expect(limiter.check(['user:a', 'address:2'], 0)).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('forgets a key on reset', () => {
    const limiter = createLoginLimiter({ maxFailures: 1, windowMs: minute });
    limiter.recordFailure(['user:a', 'address:1'], 0);
    limiter.reset('user:a');
    expect(limiter.check(['user:a'], 1).allowed).toBe(true);
    expect(limiter.check(['address:1'], 1).allowed).toBe(false);
  });

  it('takes back one failure on forgive', () => {
    const limiter = createLoginLimiter({ maxFailures: 2, windowMs: minute });
    limiter.recordFailure(['k'], 0);
    limiter.recordFailure(['k'], 0);
    expect(limiter.check(['k'], 0).allowed).toBe(false);
    limiter.forgive('k');
    expect(limiter.check(['k'], 0).allowed).toBe(true);
    limiter.forgive('k');
    limiter.forgive('k');
    limiter.forgive('unknown');
    limiter.recordFailure(['k'], 0);
    expect(limiter.check(['k'], 0).allowed).toBe(true);
  });

  it('starts a new window after the old one expired', () => {
    const limiter = createLoginLimiter({ maxFailures: 2, windowMs: minute });
    limiter.recordFailure(['k'], 0);
    limiter.recordFailure(['k'], minute);
    expect(limiter.check(['k'], minute).allowed).toBe(true);
  });

  it('remembers at most maxKeys keys, dropping the oldest', () => {
    const limiter = createLoginLimiter({ maxFailures: 1, windowMs: minute, maxKeys: 2 });
    limiter.recordFailure(['a'], 0);
    limiter.recordFailure(['b'], 0);
    limiter.recordFailure(['c'], 0);
    expect(limiter.check(['a'], 0).allowed).toBe(true);
    expect(limiter.check(['b'], 0).allowed).toBe(false);
    expect(limiter.check(['c'], 0).allowed).toBe(false);
  });
});
