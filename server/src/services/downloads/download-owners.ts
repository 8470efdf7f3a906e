import type { Knex } from 'knex';
import { SHARED_STATE } from '../../db/table-names';
import { toNumber } from '../../db/values';

/** Who may fetch each generated download, kept in `cb_download` of primary. */
export interface DownloadOwners {
  add(name: string, ownerId: number, expiresAt: number): Promise<void>;
  /** Whether `userId` made the download `name` and it has not expired at `now`. */
  owns(name: string, userId: number, now: number): Promise<boolean>;
  /** Forgets the downloads expired at `now`; returns how many. */
  removeExpired(now: number): Promise<number>;
}

export const downloadOwners = (knex: Knex): DownloadOwners => ({
  async add(name, ownerId, expiresAt) {
    await knex(SHARED_STATE.download).insert({ name, ownerId, expiresAt });
  },
  async owns(name, userId, now) {
    const row: { ownerId: unknown; expiresAt: unknown } | undefined = await knex(SHARED_STATE.download)
      .where('name', name)
      .first('ownerId', 'expiresAt');
    return row !== undefined && toNumber(row.ownerId) === userId && toNumber(row.expiresAt) > now;
  },
  async removeExpired(now) {
    return knex(SHARED_STATE.download).where('expiresAt', '<=', now).delete();
  },
});
