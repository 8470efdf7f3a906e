import type { Knex } from 'knex';
import { sqliteFullText, sqliteFullTextNames } from '../../dialects/full-text/sqlite-full-text';
import { hasBigramTable } from '../../dialects/full-text/sqlite-bigrams';
import { dialectOf } from '../dialect';
import { META } from '../table-names';
import type { NamedMigration } from './named-migration';

/**
 * SQLite: full-text indexes created before two-character terms were indexed get their bigram
 * table (and the triggers that keep it) by being built again. Other databases: nothing to do.
 */
export const metadata002SqliteBigrams: NamedMigration = {
  name: 'metadata-002-sqlite-bigrams',
  async up(knex: Knex) {
    if (dialectOf(knex) !== 'sqlite') return;
    const rows: { tableName: string; name: string; dataType: string; length: number | null }[] = await knex(
      `${META.column} as c`,
    )
      .join(`${META.table} as t`, 't.id', 'c.tableId')
      .where('c.indexType', 'FULLTEXT')
      .select('t.tableName', 'c.name', 'c.dataType', 'c.length');
    for (const row of rows) {
      const names = sqliteFullTextNames(row.tableName);
      const exists = await knex.raw("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [
        names.table,
      ]);
      if ((exists as unknown[]).length === 0 || (await hasBigramTable(knex, names.bigrams))) continue;
      const target = {
        tableName: row.tableName,
        column: { name: row.name, dataType: row.dataType as never, length: row.length },
        key: null,
      };
      await sqliteFullText.dropIndex(knex, target);
      await sqliteFullText.createIndex(knex, target);
    }
  },
  async down() {},
};
