import type { Knex } from 'knex';
import type { ListQuery } from '../../query/query-types';
import type { ItemContext } from '../items/item-context';
import type { ItemTable } from '../items/item-table';
import { listItems } from '../items/list-items';

/** Rows read per query while exporting: memory holds one batch, whatever the row count. */
export const EXPORT_BATCH = 1000;

/** Every record of a list query, batch by batch, in the list's order. */
export async function* exportRecords(
  context: ItemContext,
  item: ItemTable,
  query: ListQuery,
  sourceKnex: Knex,
  batch = EXPORT_BATCH,
): AsyncGenerator<Record<string, unknown>[]> {
  for (let offset = 0; ; offset += batch) {
    const records = await listItems(context, item, { ...query, offset, limit: batch }, sourceKnex);
    if (records.length > 0) yield records;
    if (records.length < batch) return;
  }
}
