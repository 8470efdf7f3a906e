import type { Knex } from 'knex';
import type { Client } from '../config';
import { nativeKindOf } from '../dialects/native-kind';
import { nativeOrderSql } from '../dialects/native-sql';
import { applyCondition } from './apply-condition';
import { isOptionOrdered, optionOrderSql } from './choice-order';
import { isTextType } from './data-type-kind';
import type { ListCollation, ListQuery, QueryColumn, QueryTable } from './query-types';
import { findColumn } from './resolve-column';

export type SearchCondition = (builder: Knex.QueryBuilder, keyword: string) => void;

export interface ApplyOptions {
  dialect: Client;
  /** Narrows the query to rows matching the keyword (the table's full-text method or a LIKE scan). */
  search: SearchCondition;
  /**
   * How the data source orders text in pinyin (`dialects/pinyin-order.ts`: a template with `??`
   * for the column), used when the query asks `collation=pinyin`; null or absent: plain order.
   */
  pinyinOrder?: string | null;
}

/** MySQL's ENUM and SET keep the order of their members (as a PostgreSQL enum does), pinyin or not. */
const ENUMERATED = /^\s*(enum|set)\b/i;

/**
 * Whether `collation` changes how `column` is ordered: pinyin applies to text columns (CHAR,
 * VARCHAR, TEXT, LONGTEXT, ATTACHMENT; a reversed column whose native type is a plain text type
 * too), never to numbers, dates, booleans, enumerated types or other native kinds.
 */
export const collatedColumn = (
  column: QueryColumn | undefined,
  collation: ListCollation | null | undefined,
): boolean =>
  collation === 'pinyin' &&
  column !== undefined &&
  isTextType(column.dataType) &&
  nativeKindOf(column.nativeType) === null &&
  !ENUMERATED.test(column.nativeType ?? '');

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
 * A column with a native type is ordered as its kind asks (a JSON document as a document; a reversed
 * PostgreSQL enum by its options, its declared order); a text column, with `pinyinOrder`, in pinyin
 * order.
 */
export const applyOrder = (
  builder: Knex.QueryBuilder,
  table: QueryTable,
  orderBy: ListQuery['orderBy'],
  dialect: Client,
  pinyinOrder: string | null = null,
): Knex.QueryBuilder => {
  for (const item of orderBy) {
    const column = `${table.tableName}.${item.column}`;
    const found = findColumn(table, item.column);
    const direction = item.direction === 'desc' ? 'DESC' : 'ASC';
    if (found && isOptionOrdered(found)) {
      const { sql, bindings } = optionOrderSql(dialect, found);
      builder.orderByRaw(`${sql} ${direction}`, [column, ...bindings]);
      continue;
    }
    const sql =
      pinyinOrder && collatedColumn(found, 'pinyin')
        ? pinyinOrder
        : nativeOrderSql(dialect, found?.nativeType);
    if (sql === '??') builder.orderBy(column, item.direction);
    else builder.orderByRaw(`${sql} ${direction}`, [column]);
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
  applyOrder(
    builder,
    table,
    query.orderBy,
    options.dialect,
    query.collation === 'pinyin' ? (options.pinyinOrder ?? null) : null,
  );
  return builder.offset(query.offset).limit(query.limit);
};
