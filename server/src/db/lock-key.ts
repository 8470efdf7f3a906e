import type { Knex } from 'knex';
import { keyLocksWith } from '../dialects/sql/database-lock';
import { SHARED_STATE } from './table-names';

/**
 * Start-up, once primary is migrated: keys the database locks of every data source with primary's
 * secret (`cb_lock_key`), which every server sharing primary reads alike.
 */
export const keyDatabaseLocks = async (primary: Knex, sources: readonly Knex[]): Promise<void> => {
  const row = (await primary(SHARED_STATE.lockKey).first('secret')) as { secret?: unknown } | undefined;
  if (typeof row?.secret !== 'string' || row.secret === '') {
    throw new Error(`${SHARED_STATE.lockKey} holds no secret: the database locks cannot be keyed`);
  }
  for (const knex of sources) keyLocksWith(knex, row.secret);
};
