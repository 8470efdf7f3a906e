import type { Knex } from 'knex';
import type { ApiTokenInfo } from '../../../contract/api-token';
import type { TokenRequest } from '../auth/api-token-rules';
import { TOKEN_TOUCH_MS } from '../auth/api-token-rules';
import { hashSessionToken, newSessionToken } from '../auth/session-token';
import { insertReturningId } from '../db/insert-returning-id';
import { SHARED_STATE } from '../db/table-names';
import { toNumber } from '../db/values';

/** A token row as authentication needs it. */
export interface StoredApiToken {
  id: number;
  userId: number;
  name: string;
  tokenHash: string;
  permissions: string[] | null;
  expiresAt: number | null;
  lastUsedAt: number | null;
}

const numberOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : toNumber(value);

const isoOrNull = (value: unknown): string | null => {
  const at = numberOrNull(value);
  return at === null ? null : new Date(at).toISOString();
};

const permissionsOf = (value: unknown): string[] | null => {
  if (value === null || value === undefined) return null;
  const parsed: unknown = JSON.parse(String(value));
  return Array.isArray(parsed) ? parsed.map(String) : null;
};

/** Stores a new token of `userId`; gives its id and the token (only its hash is kept). */
export const createApiToken = async (
  knex: Knex,
  userId: number,
  request: TokenRequest,
  now: number,
): Promise<{ id: number; token: string }> => {
  const token = newSessionToken();
  const row = {
    userId,
    name: request.name,
    tokenHash: hashSessionToken(token),
    permissions: request.permissions === null ? null : JSON.stringify(request.permissions),
    createdAt: now,
    expiresAt: request.expiresAt,
    lastUsedAt: null,
  };
  return { id: await insertReturningId(knex, SHARED_STATE.apiToken, row), token };
};

/** A user's tokens, newest first, without their hashes. */
export const listApiTokens = async (knex: Knex, userId: number): Promise<ApiTokenInfo[]> => {
  const rows: Record<string, unknown>[] = await knex(SHARED_STATE.apiToken)
    .select('id', 'name', 'permissions', 'createdAt', 'expiresAt', 'lastUsedAt')
    .where('userId', userId)
    .orderBy('id', 'desc');
  return rows.map((row) => ({
    id: toNumber(row.id),
    name: String(row.name),
    createdAt: new Date(toNumber(row.createdAt)).toISOString(),
    expiresAt: isoOrNull(row.expiresAt),
    lastUsedAt: isoOrNull(row.lastUsedAt),
    permissions: permissionsOf(row.permissions),
  }));
};

/** Deletes a token of `userId`; gives its name, or undefined when that user has no such token. */
export const deleteApiToken = async (
  knex: Knex,
  userId: number,
  tokenId: number,
): Promise<string | undefined> =>
  knex.transaction(async (trx) => {
    const row: { name: unknown } | undefined = await trx(SHARED_STATE.apiToken)
      .select('name')
      .where({ id: tokenId, userId })
      .first();
    if (!row) return undefined;
    await trx(SHARED_STATE.apiToken).where({ id: tokenId, userId }).delete();
    return String(row.name);
  });

/** The token whose hash is `tokenHash`, if any. */
export const findApiToken = async (knex: Knex, tokenHash: string): Promise<StoredApiToken | undefined> => {
  const row: Record<string, unknown> | undefined = await knex(SHARED_STATE.apiToken)
    .select('id', 'userId', 'name', 'tokenHash', 'permissions', 'expiresAt', 'lastUsedAt')
    .where('tokenHash', tokenHash)
    .first();
  if (!row) return undefined;
  return {
    id: toNumber(row.id),
    userId: toNumber(row.userId),
    name: String(row.name),
    tokenHash: String(row.tokenHash),
    permissions: permissionsOf(row.permissions),
    expiresAt: numberOrNull(row.expiresAt),
    lastUsedAt: numberOrNull(row.lastUsedAt),
  };
};

/** Writes a use of a token, unless another request wrote one less than a minute ago. */
export const touchApiToken = async (knex: Knex, tokenId: number, now: number): Promise<void> => {
  await knex(SHARED_STATE.apiToken)
    .where('id', tokenId)
    .andWhere((query) => query.whereNull('lastUsedAt').orWhere('lastUsedAt', '<=', now - TOKEN_TOUCH_MS))
    .update({ lastUsedAt: now });
};
