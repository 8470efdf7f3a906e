import { createHash } from 'node:crypto';

/**
 * How a key is stored and looked up: its SHA-256 (hex), 64 characters whatever the key's length,
 * so that the unique index stays within MySQL's index limits; the key itself is never stored. Pure.
 */
export const idempotencyKeyHash = (key: string): string => createHash('sha256').update(key).digest('hex');
