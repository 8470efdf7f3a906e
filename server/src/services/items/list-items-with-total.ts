import type { Knex } from 'knex';
import { totalOfPage } from '../../../../contract/index';
import type { ListQuery } from '../../query/query-types';
import { countItems } from './count-items';
import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';
import { listItems } from './list-items';

/**
 * GET /api/business/{table}?withTotal=true: the page and the number of records its filters and
 * search select, in one answer. A page shorter than asked for is the last one and gives the total
 * without a count; otherwise the count runs after the page, in the same turn of the read queue.
 */
export const listItemsWithTotal = async (
  context: ItemContext,
  item: ItemTable,
  query: ListQuery,
  sourceKnex: Knex,
): Promise<{ data: Record<string, unknown>[]; total: number }> => {
  const data = await listItems(context, item, query, sourceKnex);
  const total =
    totalOfPage(query.offset, query.limit, data.length) ??
    (await countItems(context, item, query, sourceKnex));
  return { data, total };
};
