import type { Knex } from 'knex';
import { applyWhere } from '../../query/apply-list-query';
import type { ListQuery } from '../../query/query-types';
import type { ItemContext } from './item-context';
import { fastCount } from './fast-count';
import type { ItemTable } from './item-table';
import { filterRows, hasRowRule } from './row-filter';
import { searchConditionFor } from './search-condition';

/** GET /api/business/{table}/count: the number of records the same filters and search select. */
export const countItems = async (
  context: ItemContext,
  item: ItemTable,
  query: Pick<ListQuery, 'where' | 'search'>,
  sourceKnex: Knex,
): Promise<number> => {
  // A count under a row rule is counted: never the table's kept or estimated total.
  if (!hasRowRule(context, item.table, 'read')) {
    const fast = await fastCount(context, item, query, sourceKnex);
    if (fast !== null) return fast;
  }
  const builder = context.db(item.table.tableName);
  filterRows(builder, context, item.table, 'read');
  applyWhere(builder, item.query, query, {
    dialect: context.dialect,
    search: await searchConditionFor(context, item, sourceKnex, query.search),
  });
  const row = (await builder.count({ n: '*' }).first()) as { n: unknown } | undefined;
  return Number(row?.n ?? 0);
};
