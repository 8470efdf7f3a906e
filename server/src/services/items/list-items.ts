import type { Knex } from 'knex';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { applyListQuery, applyWhere, collatedColumn } from '../../query/apply-list-query';
import type { ListQuery } from '../../query/query-types';
import { findColumn } from '../../query/resolve-column';
import { columnsToRead } from './columns-to-read';
import { embedRelations } from './embed-relations';
import { fullTextTargetFor } from './full-text-target';
import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';
import { readRows } from './read-rows';
import { relationsToEmbed } from './relations-to-embed';
import { filterRows, hasRowRule } from './row-filter';
import { searchConditionFor } from './search-condition';
import { toRecord } from './to-record';
import { attachUserNames } from './user-names';

/**
 * The direction of a page ordered by `key` alone (the default order is the key descending), else
 * null (also when the key is text in pinyin order: not the index's).
 */
const keyOrder = (item: ItemTable, query: ListQuery, key: string): 'asc' | 'desc' | null => {
  if (query.orderBy.length === 0) return 'desc';
  const [only] = query.orderBy;
  if (query.orderBy.length !== 1 || only?.column !== key) return null;
  return collatedColumn(findColumn(item.query, key), query.collation) ? null : only.direction;
};

/**
 * A keyword page in rowid order read from the full-text index (SQLite, MariaDB's Mroonga), or on
 * MariaDB by a scan in key order when the keyword is common: the matches come in that order, so
 * the page stops after its rows instead of collecting every match and looking each up. False when
 * the order, the key or the keyword does not allow it.
 */
const driveByFullText = async (
  context: ItemContext,
  item: ItemTable,
  query: ListQuery,
  sourceKnex: Knex,
  builder: Knex.QueryBuilder,
): Promise<boolean> => {
  if (!query.search || !item.fullText) return false;
  const index = await fullTextTargetFor(context, item, sourceKnex, query.search);
  const key = index?.target.rowidKey;
  const direction = key ? keyOrder(item, query, key) : null;
  if (!index?.fullText.driveInRowidOrder || !direction) return false;
  const rows = query.offset + query.limit;
  if (!index.fullText.driveInRowidOrder(context.db, builder, index.target, query.search, direction, rows))
    return false;
  // The keyword's condition is in place: only the filters are left.
  applyWhere(
    builder,
    item.query,
    { where: query.where, search: null },
    { dialect: context.dialect, search: () => undefined },
  );
  builder.offset(query.offset).limit(query.limit);
  return true;
};

/** The offset from which a filtered page in key order is read by its keys first (deferDeepPages). */
const DEFER_FROM_OFFSET = 100;

/**
 * A filtered page deep in key order on an engine that reads skipped rows whole (SqlDialect's
 * deferDeepPages), as a deferred join: the page's keys are found with the same conditions, order,
 * offset and limit, which an index on the filtered column answers alone, and only those rows are
 * read. The same rows in the same order; null where it does not apply.
 */
const deferredPage = (
  context: ItemContext,
  item: ItemTable,
  query: ListQuery,
  builder: Knex.QueryBuilder,
  columns: readonly string[],
): Knex.QueryBuilder | null => {
  const [key, ...more] = item.keys;
  if (!key || more.length > 0 || query.offset < DEFER_FROM_OFFSET) return null;
  if (!sqlDialect(context.dialect).deferDeepPages) return null;
  const direction = keyOrder(item, query, key.name);
  // Without a condition the rows are read in key order anyway: nothing to defer.
  const filtered = query.where !== null || query.search !== null || hasRowRule(context, item.table, 'read');
  if (!direction || !filtered) return null;
  const { tableName } = item.table;
  const keyColumn = `${tableName}.${key.name}`;
  const keys = builder.clone().clearSelect().select(keyColumn);
  return readRows(context.db, context.dialect, tableName, columns)
    .join(keys.as('cb_page'), keyColumn, `cb_page.${key.name}`)
    .orderBy(keyColumn, direction);
};

/** GET /api/business/{table}: one page of records with their relations (one query per relation). */
export const listItems = async (
  context: ItemContext,
  item: ItemTable,
  query: ListQuery,
  sourceKnex: Knex,
): Promise<Record<string, unknown>[]> => {
  const embedded = relationsToEmbed(item, query, false);
  const columns = columnsToRead(item, query.select, embedded);
  const builder = readRows(context.db, context.dialect, item.table.tableName, columns);
  filterRows(builder, context, item.table, 'read');
  const driven = await driveByFullText(context, item, query, sourceKnex, builder);
  if (!driven) {
    applyListQuery(builder, item.query, query, {
      dialect: context.dialect,
      search: await searchConditionFor(context, item, sourceKnex, query.search),
      pinyinOrder:
        query.collation === 'pinyin' ? await sqlDialect(context.dialect).pinyinOrder(sourceKnex) : null,
    });
  }
  const page = driven ? builder : (deferredPage(context, item, query, builder, columns) ?? builder);
  const rows: Record<string, unknown>[] = await page;
  const records = rows.map((row) => toRecord(item.table.columns, row));
  await embedRelations(context, item, embedded, records, new Set(query.expand));
  await attachUserNames(context, item, records);
  return records;
};
