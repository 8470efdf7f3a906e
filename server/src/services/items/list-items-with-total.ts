import type { Knex } from 'knex';
import { totalOfPage } from '../../../../contract/index';
import type { ListQuery } from '../../query/query-types';
import { countItems, countItemsUpTo, type CountedTotal } from './count-items';
import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';
import { listItems } from './list-items';

/**
 * GET /api/business/{table}?withTotal=true: the page and the number of records its filters and
 * search select, in one answer. A page shorter than asked for is the last one and gives the total
 * without a count; otherwise the count runs after the page, in the same turn of the read queue,
 * up to `bound` rows (`totalExact: false` beyond), or to the end when `exact`.
 */
export const listItemsWithTotal = async (
  context: ItemContext,
  item: ItemTable,
  query: ListQuery,
  sourceKnex: Knex,
  { bound, exact }: { bound: number; exact: boolean },
): Promise<{ data: Record<string, unknown>[]; total: number; totalExact: boolean }> => {
  const data = await listItems(context, item, query, sourceKnex);
  const known = totalOfPage(query.offset, query.limit, data.length);
  const counted: CountedTotal =
    known !== null
      ? { total: known, exact: true }
      : exact
        ? { total: await countItems(context, item, query, sourceKnex), exact: true }
        : await countItemsUpTo(context, item, query, sourceKnex, bound);
  // A page past the bound shows there are more rows than it.
  const total = counted.exact ? counted.total : Math.max(counted.total, query.offset + data.length);
  return { data, total, totalExact: counted.exact };
};
