import { describe, expect, it } from 'vitest';
import { isExpired, shouldExtend } from '../../src/auth/session-expiry';

const day = 86_400_000;

describe('session expiry', () => {
  it('expires at the stored instant', () => {
    expect(isExpired(1000, 999)).toBe(false);
    expect(isExpired(1000, 1000)).toBe(true);
  });

  it.each([
    [7 * day, 30_000, false],
    [7 * day, 60_000, true],
    [2000, 100, false],
    [2000, 200, true],
  ])('with ttl %i, extends after %i ms of use: %s', (ttl, elapsed, expected) => {
    const lastExtended = 1_000_000;
    expect(shouldExtend(lastExtended + ttl, lastExtended + elapsed, ttl)).toBe(expected);
  });
});
