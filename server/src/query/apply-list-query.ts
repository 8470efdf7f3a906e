import type { Knex } from 'knex';
import type { Client } from '../config';
import { applyCondition } from './apply-condition';
import type { ListQuery, QueryTable } from './query-types';

export type SearchCondition = (builder: Knex.QueryBuilder, keyword: string) => void;

export interface ApplyOptions {
  dialect: Client;
  /** Narrows the query to rows matching the keyword (the table's full-text method or a LIKE scan). */
  search: SearchCondition;
}

/** WHERE of a list or count: the filters, then the keyword. */
export const applyWhere = (
  builder: Knex.QueryBuilder,
  table: QueryTable,
  query: Pick<ListQuery, 'where' | 'search'>,
  options: ApplyOptions,
): Knex.QueryBuilder => {
  if (query.where) applyCondition(builder, table.tableName, query.where, options.dialect);
  if (query.search) options.search(builder, query.search);
  return builder;
};

/** ORDER BY the requested columns, then the key columns DESC (the default order and the tiebreak). */
export const applyOrder = (
  builder: Knex.QueryBuilder,
  table: QueryTable,
  orderBy: ListQuery['orderBy'],
): Knex.QueryBuilder => {
  for (const item of orderBy) builder.orderBy(`${table.tableName}.${item.column}`, item.direction);
  for (const key of table.primaryNames) {
    if (!orderBy.some((item) => item.column === key)) builder.orderBy(`${table.tableName}.${key}`, 'desc');
  }
  return builder;
};

/** A page of a list: WHERE, ORDER BY, OFFSET / LIMIT. The caller chooses the columns. */
export const applyListQuery = (
  builder: Knex.QueryBuilder,
  table: QueryTable,
  query: ListQuery,
  options: ApplyOptions,
): Knex.QueryBuilder => {
  applyWhere(builder, table, query, options);
  applyOrder(builder, table, query.orderBy);
  return builder.offset(query.offset).limit(query.limit);
};
