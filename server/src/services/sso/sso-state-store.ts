import type { Knex } from 'knex';
import { SHARED_STATE } from '../../db/table-names';
import { toNumber, toStringOrNull } from '../../db/values';

const TABLE = SHARED_STATE.ssoState;

/** A single sign-on under way: what the callback checks the provider's answer against. */
export interface SsoState {
  state: string;
  providerId: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string | null;
  createdAt: number;
  expiresAt: number;
}

/** How long a started sign-in may take at the provider before its state is refused. */
export const SSO_STATE_TTL_MS = 10 * 60_000;

export const saveSsoState = async (knex: Knex, state: SsoState): Promise<void> => {
  await knex(TABLE).insert(state);
};

/**
 * The state's row, deleted as it is read, so that it serves one callback only (on any server):
 * undefined when unknown, already used, or past its expiry.
 */
export const takeSsoState = async (knex: Knex, state: string, now: number): Promise<SsoState | undefined> => {
  const row: Record<string, unknown> | undefined = await knex(TABLE).where('state', state).first();
  if (!row) return undefined;
  const deleted = await knex(TABLE).where('state', state).delete();
  // Another callback took it between the read and the delete.
  if (deleted === 0) return undefined;
  const taken: SsoState = {
    state: String(row.state),
    providerId: String(row.providerId),
    nonce: String(row.nonce),
    codeVerifier: String(row.codeVerifier),
    returnTo: toStringOrNull(row.returnTo),
    createdAt: toNumber(row.createdAt),
    expiresAt: toNumber(row.expiresAt),
  };
  return taken.expiresAt > now ? taken : undefined;
};

/** Deletes states past their expiry; returns how many went. */
export const deleteExpiredSsoStates = async (knex: Knex, now: number): Promise<number> =>
  knex(TABLE).where('expiresAt', '<=', now).delete();
