/**
 * Sliding expiry: a session used while valid is pushed to `now + ttl`, but the row (and cookie)
 * are rewritten only when a tenth of the lifetime (at most a minute) has passed since the last
 * extension, so that busy clients do not write on every request.
 */
export const shouldExtend = (expiresAt: number, now: number, ttlMs: number): boolean =>
  now + ttlMs - expiresAt >= Math.min(60_000, ttlMs / 10);

export const isExpired = (expiresAt: number, now: number): boolean => expiresAt <= now;
