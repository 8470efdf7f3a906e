import type { ItemTable } from './item-table';
import { readRows } from './read-rows';
import { whereKeys, type KeyValues } from './record-keys';
import { toRecord } from './to-record';
import type { WriteContext } from './write-context';

/** The value of a column of the row just written (read back when the database filled it). */
export const columnValue = async (
  write: WriteContext,
  item: ItemTable,
  key: KeyValues,
  row: Record<string, unknown>,
  column: string,
): Promise<unknown> => {
  if (row[column] !== undefined) return row[column];
  if (key[column] !== undefined) return key[column];
  const stored = await whereKeys(readRows(write.db, write.dialect, item.table.tableName, [column]), item, [
    key,
  ]).first();
  return stored ? toRecord(item.table.columns, stored)[column] : undefined;
};
