import type { Knex } from 'knex';
import { sqliteFullText, sqliteFullTextNames } from '../../dialects/full-text/sqlite-full-text';
import { DELETED_FLAG } from '../../services/tables/index-deleted-flag';
import { dialectOf } from '../dialect';
import { META } from '../table-names';
import type { NamedMigration } from './named-migration';

/**
 * SQLite: full-text indexes of tables with a soft-delete flag, built before the index marked the
 * flagged rows (see sqlite-deleted-marks.ts), are built again with the marks. Indexes that have
 * them already, and tables without the flag, are left alone. Other databases: nothing to do.
 */
export const metadata004SqliteDeletedMarks: NamedMigration = {
  name: 'metadata-004-sqlite-deleted-marks',
  async up(knex: Knex) {
    if (dialectOf(knex) !== 'sqlite') return;
    const rows: { tableName: string; name: string; dataType: string; length: number | null }[] = await knex(
      `${META.column} as c`,
    )
      .join(`${META.table} as t`, 't.id', 'c.tableId')
      .where('c.indexType', 'FULLTEXT')
      .whereExists((flags) =>
        flags
          .from(`${META.column} as f`)
          .whereRaw('f.tableId = t.id')
          .where({ 'f.name': DELETED_FLAG, 'f.dataType': 'BOOL' }),
      )
      .select('t.tableName', 'c.name', 'c.dataType', 'c.length');
    for (const row of rows) {
      const target = {
        tableName: row.tableName,
        column: { name: row.name, dataType: row.dataType as never, length: row.length },
        key: null,
        flag: { name: DELETED_FLAG },
      };
      const indexed: unknown[] = await knex.raw(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
        [sqliteFullTextNames(row.tableName).table],
      );
      if (indexed.length === 0 || (await sqliteFullText.inspect!(knex, target)).flag) continue;
      await sqliteFullText.dropIndex(knex, target);
      await sqliteFullText.createIndex(knex, target);
    }
  },
  async down() {},
};
