import type { Knex } from 'knex';
import { sqliteFullTextNames } from '../../dialects/full-text/sqlite-full-text';
import { hasBigramTable } from '../../dialects/full-text/sqlite-bigrams';
import { dialectOf } from '../dialect';
import type { NamedMigration } from './named-migration';
import { rebuildSqliteFullText } from './rebuild-sqlite-full-text';

/**
 * SQLite: full-text indexes created before two-character terms were indexed get their bigram
 * table (and the triggers that keep it) by being built again. Other databases: nothing to do.
 */
export const metadata002SqliteBigrams: NamedMigration = {
  name: 'metadata-002-sqlite-bigrams',
  async up(knex: Knex) {
    if (dialectOf(knex) !== 'sqlite') return;
    await rebuildSqliteFullText(
      knex,
      async (target) => !(await hasBigramTable(knex, sqliteFullTextNames(target.tableName).bigrams)),
    );
  },
  async down() {},
};
