import { USER_ID_COLUMNS, USER_NAMES_KEY } from '../../../../contract/system-columns';
import { metaOf } from '../../db/metadata-home';
import { SYSTEM } from '../../db/table-names';
import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';

type RecordRow = Record<string, unknown>;

/** Ids per lookup query: well below every database's bound-parameter limit. */
const CHUNK = 500;

const userIdIn = (value: unknown): number | null => {
  const id = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * Adds to each record the names of the users its bookkeeping columns hold (`$userNames`), read in
 * one query per 500 ids from `primary`'s user table: the name a reader sees instead of an id. Only
 * the columns the record carries count, so a column the reader may not read names nobody.
 */
export const attachUserNames = async (
  context: Pick<ItemContext, 'db'>,
  item: ItemTable,
  records: RecordRow[],
): Promise<void> => {
  const columns = USER_ID_COLUMNS.filter((name) => item.table.columns.some((column) => column.name === name));
  if (columns.length === 0 || records.length === 0) return;
  const ids = new Set<number>();
  for (const record of records) {
    for (const name of columns) {
      const id = userIdIn(record[name]);
      if (id !== null) ids.add(id);
    }
  }
  if (ids.size === 0) return;
  const { db } = metaOf(context.db);
  const names = new Map<number, string>();
  const all = [...ids];
  for (let start = 0; start < all.length; start += CHUNK) {
    const rows: { id: unknown; username: unknown; realname: unknown }[] = await db(SYSTEM.user)
      .select('id', 'username', 'realname')
      .whereIn('id', all.slice(start, start + CHUNK));
    for (const row of rows) {
      const realname = typeof row.realname === 'string' ? row.realname.trim() : '';
      names.set(Number(row.id), realname || String(row.username));
    }
  }
  for (const record of records) {
    const own: Record<string, string> = {};
    for (const name of columns) {
      const id = userIdIn(record[name]);
      const known = id === null ? undefined : names.get(id);
      if (id !== null && known !== undefined) own[String(id)] = known;
    }
    if (Object.keys(own).length > 0) record[USER_NAMES_KEY] = own;
  }
};
