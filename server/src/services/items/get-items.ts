import { ApiException } from '../../errors/api-exception';
import type { ListQuery } from '../../query/query-types';
import { columnsToRead } from './columns-to-read';
import { embedRelations } from './embed-relations';
import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';
import { readRows } from './read-rows';
import { keyText, whereKeys, type KeyValues } from './record-keys';
import { relationsToEmbed } from './relations-to-embed';
import { filterRows } from './row-filter';
import { toRecord } from './to-record';
import { attachUserNames } from './user-names';

type ReadOptions = Pick<ListQuery, 'select' | 'expand'>;

const readByKeys = async (
  context: ItemContext,
  item: ItemTable,
  keys: readonly KeyValues[],
  options: ReadOptions,
  single: boolean,
): Promise<Record<string, unknown>[]> => {
  const embedded = relationsToEmbed(item, options, single);
  const builder = readRows(
    context.db,
    context.dialect,
    item.table.tableName,
    columnsToRead(item, options.select, embedded),
  );
  filterRows(builder, context, item.table, 'read');
  const rows: Record<string, unknown>[] = await whereKeys(builder, item, keys);
  const records = rows.map((row) => toRecord(item.table.columns, row));
  await embedRelations(context, item, embedded, records, new Set(options.expand));
  await attachUserNames(context, item, records);
  return records;
};

/**
 * GET /api/business/{table}/{id}: the record with all its relations; 404 if there is none or the
 * user's read rule leaves it out (its existence does not show).
 */
export const getItem = async (
  context: ItemContext,
  item: ItemTable,
  key: KeyValues,
  options: ReadOptions,
): Promise<Record<string, unknown>> => {
  const [record] = await readByKeys(context, item, [key], options, true);
  if (!record) throw new ApiException('NOT_FOUND');
  return record;
};

/** GET /api/business/{table}/all?ids=a,b: the records that exist, in the order of `ids`. */
export const getItemsByKeys = async (
  context: ItemContext,
  item: ItemTable,
  keys: readonly KeyValues[],
  options: ReadOptions,
): Promise<Record<string, unknown>[]> => {
  const records = await readByKeys(context, item, keys, options, false);
  const byKey = new Map(records.map((record) => [keyText(item, record), record]));
  return keys.flatMap((key): Record<string, unknown>[] => {
    const record = byKey.get(keyText(item, key));
    return record ? [record] : [];
  });
};
