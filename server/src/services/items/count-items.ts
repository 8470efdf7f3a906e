import type { Knex } from 'knex';
import { applyWhere } from '../../query/apply-list-query';
import type { ListQuery } from '../../query/query-types';
import type { ItemContext } from './item-context';
import { fastCount } from './fast-count';
import { ownerCount } from './owner-count';
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
  // A count under a row rule is never the table's kept or estimated total: at most the owner's.
  const fast = hasRowRule(context, item.table, 'read')
    ? await ownerCount(context, item, query, sourceKnex)
    : await fastCount(context, item, query, sourceKnex);
  if (fast !== null) return fast;
  const builder = context.db(item.table.tableName);
  filterRows(builder, context, item.table, 'read');
  applyWhere(builder, item.query, query, {
    dialect: context.dialect,
    search: await searchConditionFor(context, item, sourceKnex, query.search),
  });
  const row = (await builder.count({ n: '*' }).first()) as { n: unknown } | undefined;
  return Number(row?.n ?? 0);
};
