import type { Knex } from 'knex';
import { collatedColumn } from '../../query/apply-list-query';
import { coerceValue } from '../../query/coerce-value';
import { findColumn } from '../../query/resolve-column';
import type { Condition, ListQuery } from '../../query/query-types';
import type { ItemContext } from '../items/item-context';
import type { ItemTable } from '../items/item-table';
import { listItems } from '../items/list-items';

/** Rows read per query while exporting: memory holds one batch, whatever the row count. */
export const EXPORT_BATCH = 1000;

/**
 * The direction of a list ordered by its single key alone (the default order, key DESC), for
 * keyset paging; null for any other order (paged by offset), a text key in pinyin order among them
 * (its order is not the key comparison's).
 */
const keyOrder = (item: ItemTable, query: ListQuery): 'asc' | 'desc' | null => {
  const [key] = item.keys;
  if (item.keys.length !== 1 || !key) return null;
  if (query.orderBy.length === 0) return 'desc';
  const [only] = query.orderBy;
  if (query.orderBy.length !== 1 || only?.column !== key.name) return null;
  return collatedColumn(findColumn(item.query, key.name), query.collation) ? null : only.direction;
};

/** The query for the rows after `last` in key order: the list's conditions AND key beyond `last`. */
const after = (query: ListQuery, key: string, direction: 'asc' | 'desc', last: unknown): ListQuery => {
  const beyond: Condition = {
    kind: 'leaf',
    column: key,
    operator: direction === 'desc' ? 'LT' : 'GT',
    values: [last as string | number],
  };
  return {
    ...query,
    offset: 0,
    where: query.where ? { kind: 'group', conditionType: 'AND', conditions: [query.where, beyond] } : beyond,
  };
};

/**
 * Every record of a list query, batch by batch, in the list's order. Ordered by the key alone
 * (the default) it pages by key (each batch starts after the last key read, so a deep export costs
 * no more per batch than the first one); any other order pages by offset.
 */
export async function* exportRecords(
  context: ItemContext,
  item: ItemTable,
  query: ListQuery,
  sourceKnex: Knex,
  batch = EXPORT_BATCH,
): AsyncGenerator<Record<string, unknown>[]> {
  const direction = keyOrder(item, query);
  const [key] = item.keys;
  let page: ListQuery = { ...query, offset: 0, limit: batch };
  for (let offset = 0; ; offset += batch) {
    const records = await listItems(context, item, page, sourceKnex);
    if (records.length > 0) yield records;
    if (records.length < batch) return;
    const last = records[records.length - 1]?.[key?.name ?? ''];
    const coerced = direction && key ? coerceValue(key, last) : null;
    page =
      coerced?.ok && key && direction
        ? after({ ...query, limit: batch }, key.name, direction, coerced.value)
        : { ...query, offset: offset + batch, limit: batch };
  }
}
