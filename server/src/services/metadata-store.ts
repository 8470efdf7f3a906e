import type { Knex } from 'knex';
import { metaOf, type MetaDb } from '../db/metadata-home';
import { META } from '../db/table-names';
import { toNumber } from '../db/values';
import { tablesOf } from './scoped-meta';
import { toColumn, toIndex, toTable, type Row, type StoredTable } from './metadata-rows';

const groupBy = <T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> => {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const id = key(row);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
};

/**
 * Table metadata (docs/api.md §2.1) of one data source, with columns and indexes, in id order.
 * `ids` narrows it to some tables. Four queries whatever the number of tables.
 */
export const listTables = (knex: Knex, ids?: readonly number[]): Promise<StoredTable[]> =>
  listMetaTables(metaOf(knex), ids);

/** `listTables` in a data source's metadata home. */
export const listMetaTables = async (meta: MetaDb, ids?: readonly number[]): Promise<StoredTable[]> => {
  const tableQuery = tablesOf(meta).select('*').orderBy('id');
  if (ids) tableQuery.whereIn('id', ids);
  return withColumnsAndIndexes(meta.db, await tableQuery);
};

/**
 * `cb_meta_table` rows as table metadata, with their columns and indexes read from the same
 * database (`primary`, or a connected database an earlier release kept its own metadata in).
 */
export const withColumnsAndIndexes = async (
  knex: Knex,
  tableRows: readonly Row[],
): Promise<StoredTable[]> => {
  if (tableRows.length === 0) return [];
  const tableIds = tableRows.map((row) => toNumber(row.id));

  const columnRows: Row[] = await knex(META.column)
    .select('*')
    .whereIn('tableId', tableIds)
    .orderBy([{ column: 'tableId' }, { column: 'displayOrder' }, { column: 'id' }]);
  const indexRows: Row[] = await knex(META.index).select('*').whereIn('tableId', tableIds).orderBy('id');
  const lineRows: Row[] = await knex(`${META.indexLine} as l`)
    .join(`${META.column} as c`, 'c.id', 'l.columnId')
    .whereIn('c.tableId', tableIds)
    .select('l.id', 'l.indexId', 'c.id as columnId', 'c.name as columnName')
    .orderBy([{ column: 'l.indexId' }, { column: 'l.displayOrder' }, { column: 'l.id' }]);

  const columnsByTable = groupBy(columnRows, (row) => toNumber(row.tableId));
  const indexesByTable = groupBy(indexRows, (row) => toNumber(row.tableId));
  const linesByIndex = groupBy(lineRows, (row) => toNumber(row.indexId));

  return tableRows.map((row) => {
    const id = toNumber(row.id);
    const columns = (columnsByTable.get(id) ?? []).map(toColumn);
    const indexes = (indexesByTable.get(id) ?? []).map((index) =>
      toIndex(index, linesByIndex.get(toNumber(index.id)) ?? []),
    );
    return toTable(row, columns, indexes);
  });
};
