import type { Knex } from 'knex';
import type { FullTextTable } from '../../dialects/full-text/full-text';
import { sqliteFullText, sqliteFullTextNames } from '../../dialects/full-text/sqlite-full-text';
import { DELETED_FLAG } from '../../services/tables/index-deleted-flag';
import { META } from '../table-names';

/**
 * SQLite: builds again, as this version builds them, the full-text indexes that `outdated` picks
 * among the existing ones (each described as this version describes it: its column, and the
 * soft-delete flag when the table has one). Tables whose index is missing are left alone.
 */
export const rebuildSqliteFullText = async (
  knex: Knex,
  outdated: (target: FullTextTable) => Promise<boolean>,
): Promise<void> => {
  const rows: {
    tableName: string;
    name: string;
    dataType: string;
    length: number | null;
    flagged: number;
  }[] = await knex(`${META.column} as c`)
    .join(`${META.table} as t`, 't.id', 'c.tableId')
    .where('c.indexType', 'FULLTEXT')
    .select(
      't.tableName',
      'c.name',
      'c.dataType',
      'c.length',
      knex
        .from(`${META.column} as f`)
        .whereRaw('f.tableId = t.id')
        .where({ 'f.name': DELETED_FLAG, 'f.dataType': 'BOOL' })
        .count('*')
        .as('flagged'),
    );
  for (const row of rows) {
    const target: FullTextTable = {
      tableName: row.tableName,
      column: { name: row.name, dataType: row.dataType as never, length: row.length },
      key: null,
      flag: Number(row.flagged) > 0 ? { name: DELETED_FLAG } : null,
    };
    const indexed = await knex.schema.hasTable(sqliteFullTextNames(row.tableName).table);
    if (!indexed || !(await outdated(target))) continue;
    await sqliteFullText.dropIndex(knex, target);
    await sqliteFullText.createIndex(knex, target);
  }
};
