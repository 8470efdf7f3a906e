import type { Knex } from 'knex';
import { applyWhere } from '../../query/apply-list-query';
import type { ListQuery } from '../../query/query-types';
import { withoutLiveRowsFlag } from '../../query/read-cost';
import type { ItemContext } from './item-context';
import { fastCount } from './fast-count';
import { ownerCount } from './owner-count';
import type { ItemTable } from './item-table';
import { filterRows, hasRowRule } from './row-filter';
import { searchConditionFor } from './search-condition';

/** A total, and whether it is the exact number or a lower bound (more rows match). */
export interface CountedTotal {
  total: number;
  exact: boolean;
}

/** A total the server keeps (the table's, the live rows', an owner's), or null to count. */
const keptTotal = (
  context: ItemContext,
  item: ItemTable,
  query: Pick<ListQuery, 'where' | 'search'>,
  sourceKnex: Knex,
): Promise<number | null> =>
  // A count under a row rule is never the table's kept or estimated total: at most the owner's.
  hasRowRule(context, item.table, 'read')
    ? ownerCount(context, item, query, sourceKnex)
    : fastCount(context, item, query, sourceKnex);

/**
 * The rows the same filters, search and row rules select, as a query to count (in an object: a
 * query builder is a thenable, which an async function's return would run); with `bound`, a
 * count of at most `bound + 1` of them (the search may then order them).
 */
const matchingRows = async (
  context: ItemContext,
  item: ItemTable,
  query: Pick<ListQuery, 'where' | 'search'>,
  sourceKnex: Knex,
  bound?: number,
): Promise<{ rows: Knex.QueryBuilder }> => {
  const search = await searchConditionFor(context, item, sourceKnex, query.search, bound);
  const rows = context.db(item.table.tableName);
  filterRows(rows, context, item.table, 'read');
  applyWhere(rows, item.query, query, { dialect: context.dialect, search });
  return { rows };
};

/** GET /api/business/{table}/count: the number of records the same filters and search select. */
export const countItems = async (
  context: ItemContext,
  item: ItemTable,
  query: Pick<ListQuery, 'where' | 'search'>,
  sourceKnex: Knex,
): Promise<number> => {
  const kept = await keptTotal(context, item, query, sourceKnex);
  if (kept !== null) return kept;
  const { rows } = await matchingRows(context, item, query, sourceKnex);
  const row = (await rows.count({ n: '*' }).first()) as { n: unknown } | undefined;
  return Number(row?.n ?? 0);
};

/**
 * The number of records the same filters and search select, counted up to `bound`: a kept total,
 * and the count of the whole table or of its live rows, are exact whatever their size; with a
 * keyword or another filter at most `bound + 1` matching rows are read, and more than `bound`
 * answers `bound` as a lower bound. The cost of a count of many matches stays that of reading
 * `bound` rows.
 */
export const countItemsUpTo = async (
  context: ItemContext,
  item: ItemTable,
  query: Pick<ListQuery, 'where' | 'search'>,
  sourceKnex: Knex,
  bound: number,
): Promise<CountedTotal> => {
  if (query.search === null && withoutLiveRowsFlag(query.where) === null)
    return { total: await countItems(context, item, query, sourceKnex), exact: true };
  const kept = await keptTotal(context, item, query, sourceKnex);
  if (kept !== null) return { total: kept, exact: true };
  const { rows } = await matchingRows(context, item, query, sourceKnex, bound);
  const firstRows = rows.select(context.db.raw('1')).limit(bound + 1);
  const row = (await context.db.from(firstRows.as('matched')).count({ n: '*' }).first()) as
    { n: unknown } | undefined;
  const n = Number(row?.n ?? 0);
  return n > bound ? { total: bound, exact: false } : { total: n, exact: true };
};
