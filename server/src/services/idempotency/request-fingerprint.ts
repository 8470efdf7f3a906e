import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';

/**
 * What identifies a request behind an idempotency key: the SHA-256 (hex) of its method, its path
 * (without the query string: the caller leaves it out) and its body as canonical JSON, so that a retry whose body lists the
 * same members in another order is the same request, and one with another value is not. Pure.
 */
export const requestFingerprint = (method: string, path: string, body: unknown): string =>
  createHash('sha256')
    .update(`${method.toUpperCase()}\n${path}\n${canonicalJson(body)}`)
    .digest('hex');
