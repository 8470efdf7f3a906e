import type { Knex } from 'knex';
import type { Client } from '../../config';
import type { ItemTable } from './item-table';
import { readRows } from './read-rows';
import { whereKeys, type KeyValues } from './record-keys';

/** Whether `item` holds a record with `key` now (on `db`, a write's transaction or a reader). */
export const recordExists = async (
  on: { db: Knex; dialect: Client },
  item: ItemTable,
  key: KeyValues,
): Promise<boolean> => {
  const names = item.keys.map((column) => column.name);
  const found: unknown = await whereKeys(readRows(on.db, on.dialect, item.table.tableName, names), item, [
    key,
  ]).first();
  return found !== undefined;
};
