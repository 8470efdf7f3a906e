import type { Knex } from 'knex';
import type { ColumnDef } from '../../model/table-def';
import { physicalType } from '../column-type';
import { isIntegerType } from '../integer-range';
import { likeTerm, termsOf, type FullTextTable } from './full-text';

/**
 * What MariaDB's two search indexes share (Mroonga's and the InnoDB bigrams'): a search table
 * beside the business table, keyed by its single key and kept by three row triggers.
 */

/** The search table's key column, named for the business table's single key. */
export const SEARCH_KEY = 'rowKey';

/** Names of a search table and its triggers. */
export interface SearchTableNames {
  table: string;
  afterInsert: string;
  afterUpdate: string;
  afterDelete: string;
}

/** Adds the search table's key: the business key's type, the primary key. */
export const addSearchKey = (
  t: Knex.CreateTableBuilder,
  key: Pick<ColumnDef, 'dataType' | 'length' | 'precision' | 'scale' | 'unsigned' | 'autoIncrement'>,
): void => {
  const keyColumn = t.specificType(SEARCH_KEY, physicalType('mysql', key)).notNullable().primary();
  if (isIntegerType(key.dataType) && (key.unsigned || key.autoIncrement)) keyColumn.unsigned();
};

/** Drops a search table and its triggers, whichever of them exist. */
export const dropSearchTable = async (db: Knex, names: SearchTableNames): Promise<void> => {
  for (const trigger of [names.afterInsert, names.afterUpdate, names.afterDelete]) {
    await db.raw('DROP TRIGGER IF EXISTS ??', [trigger]);
  }
  await db.schema.dropTableIfExists(names.table);
};

/**
 * Makes `query` read the search table's matches first (STRAIGHT_JOIN) in key order, then the
 * business rows by their keys: `against` (a boolean-mode query of `column`, a search-table column)
 * finds the matches, each term of `keyword` is matched with LIKE too.
 */
export const readSearchTableFirst = (
  db: Knex,
  query: Knex.QueryBuilder,
  table: FullTextTable & { key: NonNullable<FullTextTable['key']> },
  searchTable: string,
  column: string,
  against: string,
  keyword: string,
  direction: 'asc' | 'desc',
): void => {
  query.from(
    db.raw('?? STRAIGHT_JOIN ?? ON ?? = ??', [
      searchTable,
      table.tableName,
      `${table.tableName}.${table.key.name}`,
      `${searchTable}.${SEARCH_KEY}`,
    ]),
  );
  query.whereRaw('MATCH(??) AGAINST(? IN BOOLEAN MODE)', [`${searchTable}.${column}`, against]);
  for (const term of termsOf(keyword)) likeTerm(query, table, term);
  query.orderBy(`${searchTable}.${SEARCH_KEY}`, direction);
};
