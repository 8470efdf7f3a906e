import { createHash, randomBytes } from 'node:crypto';

/** A new session token: 32 random bytes, URL-safe. Only its hash is stored. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');

/** SHA-256 hex of a token: the session row's key. */
export const hashSessionToken = (token: string): string => createHash('sha256').update(token).digest('hex');
