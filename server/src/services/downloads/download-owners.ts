import type { Knex } from 'knex';
import { SHARED_STATE } from '../../db/table-names';
import { toNumber } from '../../db/values';

/** Who may fetch each generated download, kept in `cb_download` of primary. */
export interface DownloadOwners {
  /** `fileName`: the name the browser saves it as (null: the random name). */
  add(name: string, ownerId: number, expiresAt: number, fileName?: string | null): Promise<void>;
  /**
   * When `userId` made the download `name` and it has not expired at `now`: the name it is saved
   * as (null for the random one); else undefined.
   */
  ownedBy(name: string, userId: number, now: number): Promise<{ fileName: string | null } | undefined>;
  /** Forgets the downloads expired at `now`; returns how many. */
  removeExpired(now: number): Promise<number>;
}

export const downloadOwners = (knex: Knex): DownloadOwners => ({
  async add(name, ownerId, expiresAt, fileName = null) {
    await knex(SHARED_STATE.download).insert({
      name,
      ownerId,
      expiresAt,
      fileName: fileName?.slice(0, 300) ?? null,
    });
  },
  async ownedBy(name, userId, now) {
    const row: { ownerId: unknown; expiresAt: unknown; fileName: unknown } | undefined = await knex(
      SHARED_STATE.download,
    )
      .where('name', name)
      .first('ownerId', 'expiresAt', 'fileName');
    if (row === undefined || toNumber(row.ownerId) !== userId || toNumber(row.expiresAt) <= now)
      return undefined;
    return { fileName: typeof row.fileName === 'string' && row.fileName !== '' ? row.fileName : null };
  },
  async removeExpired(now) {
    return knex(SHARED_STATE.download).where('expiresAt', '<=', now).delete();
  },
});
