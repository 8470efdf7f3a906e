import type { Knex } from 'knex';
import type { Client } from '../config';
import { nativeOrderSql } from '../dialects/native-sql';
import { applyCondition } from './apply-condition';
import type { ListQuery, QueryTable } from './query-types';
import { findColumn } from './resolve-column';

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
  if (query.where) applyCondition(builder, table, query.where, options.dialect);
  if (query.search) options.search(builder, query.search);
  return builder;
};

/**
 * ORDER BY the requested columns, then the key columns DESC (the default order and the tiebreak).
 * A column with a native type is ordered as its kind asks (a JSON document as a document).
 */
export const applyOrder = (
  builder: Knex.QueryBuilder,
  table: QueryTable,
  orderBy: ListQuery['orderBy'],
  dialect: Client,
): Knex.QueryBuilder => {
  for (const item of orderBy) {
    const column = `${table.tableName}.${item.column}`;
    const sql = nativeOrderSql(dialect, findColumn(table, item.column)?.nativeType);
    if (sql === '??') builder.orderBy(column, item.direction);
    else builder.orderByRaw(`${sql} ${item.direction === 'desc' ? 'DESC' : 'ASC'}`, [column]);
  }
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
  applyOrder(builder, table, query.orderBy, options.dialect);
  return builder.offset(query.offset).limit(query.limit);
};
