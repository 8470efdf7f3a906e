import type { Knex } from 'knex';
import { dateTimeText } from '../../db/clock';
import { SYSTEM } from '../../db/table-names';
import { toNumber } from '../../db/values';
import { downloadUrl } from './file-names';

/** A row of `cb_file`. */
export interface StoredFile {
  name: string;
  fileName: string;
  url: string;
  size: number;
  md5: string;
}

const COLUMNS = ['name', 'fileName', 'url', 'size', 'md5'] as const;

const toStoredFile = (row: Record<string, unknown>): StoredFile => ({
  name: String(row.name),
  fileName: String(row.fileName),
  url: String(row.url),
  size: toNumber(row.size),
  md5: String(row.md5),
});

/** Records a file just moved into the store. */
export const insertFile = async (
  knex: Knex,
  file: { name: string; fileName: string; size: number; md5: string; ownerId: number | null },
): Promise<StoredFile> => {
  const now = dateTimeText(new Date());
  const row = { ...file, url: downloadUrl(file.fileName), createdDate: now, lastModifiedDate: now };
  await knex(SYSTEM.file).insert(row);
  return toStoredFile(row);
};

/** The oldest file with this md5 that this user stored, if any. */
export const findOwnFileByMd5 = async (
  knex: Knex,
  md5: string,
  ownerId: number,
): Promise<StoredFile | undefined> => {
  const row = await knex(SYSTEM.file).select(COLUMNS).where({ md5, ownerId }).orderBy('id').first();
  return row ? toStoredFile(row) : undefined;
};

export const findFileByStoredName = async (knex: Knex, fileName: string): Promise<StoredFile | undefined> => {
  const row = await knex(SYSTEM.file).select(COLUMNS).where({ fileName }).first();
  return row ? toStoredFile(row) : undefined;
};

/** A stored file and who uploaded it (null: nobody known), for serving it. */
export const findServedFile = async (
  knex: Knex,
  fileName: string,
): Promise<(StoredFile & { ownerId: number | null }) | undefined> => {
  const row = await knex(SYSTEM.file)
    .select([...COLUMNS, 'ownerId'])
    .where({ fileName })
    .first();
  if (!row) return undefined;
  const owner = (row as { ownerId: unknown }).ownerId;
  return { ...toStoredFile(row), ownerId: owner === null || owner === undefined ? null : toNumber(owner) };
};
