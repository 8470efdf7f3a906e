import { SOFT_DELETE_COLUMN } from '../../../contract/index';
import { collatedColumn } from './apply-list-query';
import { isOptionOrdered } from './choice-order';
import type { Condition, LeafCondition, ListQuery, QueryColumn, QueryTable } from './query-types';

/**
 * What a business read may cost the database: `cheap` ones find their rows through an index and
 * stop after a few (a record by key, a first page in key order), `expensive` ones may read the
 * whole table (a keyword, a filter no index serves, a count, a sort of the whole table, a large or
 * deep page). Expensive reads share a smaller part of the connection pool.
 */
export type ReadCost = 'cheap' | 'expensive';

/** The largest page read cheaply: the list screen's pages are 10 to 100 rows. */
export const CHEAP_PAGE_ROWS = 100;
/** The deepest offset read cheaply: the rows skipped are read too. */
export const CHEAP_OFFSET = 1000;

/** Operators an index on the column can answer (a LIKE matches anywhere in the text; NE, NOTIN and ISNOTNULL select almost all rows). */
const INDEX_OPERATORS: ReadonlySet<string> = new Set([
  'EQ',
  'IN',
  'GE',
  'GT',
  'LE',
  'LT',
  'BETWEEN',
  'ISNULL',
]);

const isIndexed = (column: QueryColumn | undefined, table: QueryTable): boolean =>
  column !== undefined &&
  (table.primaryNames.includes(column.name) ||
    column.indexType === 'PRIMARY' ||
    column.indexType === 'UNIQUE' ||
    column.indexType === 'INDEX');

const columnOf = (table: QueryTable, name: string): QueryColumn | undefined =>
  table.columns.find((column) => column.name === name);

const indexedLeaf = (leaf: LeafCondition, table: QueryTable): boolean =>
  INDEX_OPERATORS.has(leaf.operator) && isIndexed(columnOf(table, leaf.column), table);

/**
 * Whether an index finds the rows of `condition`: a test of an indexed column, a conjunction one of
 * whose parts is such a test, or a disjunction all of whose parts are.
 */
export const narrowedByIndex = (condition: Condition, table: QueryTable): boolean => {
  if (condition.kind === 'leaf') return indexedLeaf(condition, table);
  if (condition.conditionType === 'AND')
    return condition.conditions.some((part) => narrowedByIndex(part, table));
  return (
    condition.conditions.length > 0 && condition.conditions.every((part) => narrowedByIndex(part, table))
  );
};

/**
 * The list screen's `isDeleted = false`: almost every row is live, so a page in key order finds
 * its rows after a few; the condition neither narrows nor widens the read.
 */
const isLiveRowsFlag = (condition: Condition): boolean =>
  condition.kind === 'leaf' &&
  condition.column === SOFT_DELETE_COLUMN &&
  condition.operator === 'EQ' &&
  condition.values.length === 1 &&
  condition.values[0] === false;

/** `where` without the live-rows flag at its top level; null when nothing else is left. */
export const withoutLiveRowsFlag = (where: Condition | null): Condition | null => {
  if (!where || isLiveRowsFlag(where)) return null;
  if (where.kind === 'leaf' || where.conditionType === 'OR') return where;
  const rest = where.conditions
    .map((part) => withoutLiveRowsFlag(part))
    .filter((part): part is Condition => part !== null);
  if (rest.length === 0) return null;
  return rest.length === 1 && rest[0] ? rest[0] : { ...where, conditions: rest };
};

/**
 * Whether the page's order is an index's: none asked (key descending) or an indexed column first
 * (not a text column in pinyin order: no index holds that order).
 */
const orderedByIndex = (
  query: Pick<ListQuery, 'orderBy'> & Partial<Pick<ListQuery, 'collation'>>,
  table: QueryTable,
): boolean => {
  const [first] = query.orderBy;
  if (first === undefined) return true;
  const column = columnOf(table, first.column);
  return isIndexed(column, table) && !collatedColumn(column, query.collation) && !isOptionOrdered(column);
};

/**
 * The cost of a page of records (GET /api/business/{table}): cheap when it is small and shallow,
 * has no keyword, and either an index finds its rows, or it has no other condition than the live
 * rows' flag and is read in an index's order (it stops after its rows).
 */
export const listReadCost = (
  query: Pick<ListQuery, 'search' | 'limit' | 'offset' | 'where' | 'orderBy'> &
    Partial<Pick<ListQuery, 'collation'>>,
  table: QueryTable,
): ReadCost => {
  if (query.search !== null) return 'expensive';
  if (query.limit > CHEAP_PAGE_ROWS || query.offset > CHEAP_OFFSET) return 'expensive';
  const where = withoutLiveRowsFlag(query.where);
  if (where) return narrowedByIndex(where, table) ? 'cheap' : 'expensive';
  return orderedByIndex(query, table) ? 'cheap' : 'expensive';
};

/**
 * The cost of a count (GET /api/business/{table}/count): a count reads every row it counts, so it
 * is cheap only when an index finds those rows (a record's children by their foreign key); a count
 * of the whole table, of a keyword's matches or of a filter no index serves is expensive.
 */
export const countReadCost = (query: Pick<ListQuery, 'search' | 'where'>, table: QueryTable): ReadCost =>
  query.search === null && query.where !== null && narrowedByIndex(query.where, table)
    ? 'cheap'
    : 'expensive';

/**
 * The cost of a page asked for with its total (`withTotal=true`): the page's, or the count's when
 * that is dearer, since both run in the one turn.
 */
export const pageReadCost = (
  query: Pick<ListQuery, 'search' | 'limit' | 'offset' | 'where' | 'orderBy'> &
    Partial<Pick<ListQuery, 'collation'>>,
  table: QueryTable,
  withTotal: boolean,
): ReadCost => {
  const page = listReadCost(query, table);
  return withTotal && page === 'cheap' ? countReadCost(query, table) : page;
};
