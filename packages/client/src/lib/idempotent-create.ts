/**
 * Rules of a create sent with an `Idempotency-Key` (docs/api.md §3): the server stores the answer
 * of a create under its key, so a create sent again with the same key, after an answer that never
 * arrived, gets the first answer back instead of making a second record.
 */

/** Waits before each new attempt of a create whose answer was lost or was a passing failure. */
export const CREATE_RETRY_DELAYS_MS: readonly number[] = [400, 1200];

/** Statuses that say the create may not have been done and may be sent again: none arrived, or a gateway's. */
const PASSING = new Set([0, 502, 503, 504]);

/** The server's 409 while the first request with the key is still under way (it asks to retry). */
export const KEY_IN_USE = 'IDEMPOTENCY_KEY_IN_USE';

/**
 * Whether a create that failed is sent again with the same key: no answer (status 0), a gateway's
 * 502–504, or the 409 saying the same key's first request is still under way.
 */
export const isRetriedCreateFailure = (failure: { statusCode?: number; code?: string }): boolean =>
  (failure.statusCode !== undefined && PASSING.has(failure.statusCode)) ||
  (failure.statusCode === 409 && failure.code === KEY_IN_USE);

/**
 * A new key: 128 random bits as 32 hex digits. `getRandomValues` works on plain http too, where
 * browsers leave `crypto.randomUUID` out.
 */
export const newIdempotencyKey = (): string => {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
};
