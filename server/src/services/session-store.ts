import type { Knex } from 'knex';
import { hashSessionToken, newSessionToken } from '../auth/session-token';
import { SYSTEM } from '../db/table-names';
import { toNumber } from '../db/values';

export interface StoredSession {
  tokenHash: string;
  userId: number;
  expiresAt: number;
}

/** Creates a session row and returns the token for the cookie (only its hash is stored). */
export const createSession = async (
  knex: Knex,
  userId: number,
  now: number,
  ttlMs: number,
): Promise<string> => {
  const token = newSessionToken();
  await knex(SYSTEM.session).insert({
    tokenHash: hashSessionToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: now + ttlMs,
  });
  return token;
};

export const findSession = async (knex: Knex, token: string): Promise<StoredSession | undefined> => {
  const row: Record<string, unknown> | undefined = await knex(SYSTEM.session)
    .select('tokenHash', 'userId', 'expiresAt')
    .where('tokenHash', hashSessionToken(token))
    .first();
  if (!row) return undefined;
  return {
    tokenHash: String(row.tokenHash),
    userId: toNumber(row.userId),
    expiresAt: toNumber(row.expiresAt),
  };
};

export const extendSession = async (
  knex: Knex,
  tokenHash: string,
  now: number,
  ttlMs: number,
): Promise<void> => {
  await knex(SYSTEM.session)
    .where('tokenHash', tokenHash)
    .update({ lastSeenAt: now, expiresAt: now + ttlMs });
};

export const deleteSession = async (knex: Knex, tokenHash: string): Promise<void> => {
  await knex(SYSTEM.session).where('tokenHash', tokenHash).delete();
};

export const deleteExpiredSessions = async (knex: Knex, now: number): Promise<void> => {
  await knex(SYSTEM.session).where('expiresAt', '<=', now).delete();
};

/**
 * Ends every session of a user but `keepTokenHash` (the one that asked for the change, if it is
 * that user's): what a password change does, so that whoever knew the old one is signed out.
 */
export const endOtherSessions = async (
  knex: Knex,
  userId: number | string,
  keepTokenHash: string | undefined,
): Promise<void> => {
  const query = knex(SYSTEM.session).where('userId', userId);
  if (keepTokenHash !== undefined) query.whereNot('tokenHash', keepTokenHash);
  await query.delete();
};
