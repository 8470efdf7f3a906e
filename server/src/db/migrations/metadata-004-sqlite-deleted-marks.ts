import type { Knex } from 'knex';
import { sqliteFullText } from '../../dialects/full-text/sqlite-full-text';
import { dialectOf } from '../dialect';
import type { NamedMigration } from './named-migration';
import { rebuildSqliteFullText } from './rebuild-sqlite-full-text';

/**
 * SQLite: full-text indexes of tables with a soft-delete flag, built before the index marked the
 * flagged rows (see sqlite-deleted-marks.ts), are built again with the marks. Indexes that have
 * them already, and tables without the flag, are left alone. Other databases: nothing to do.
 */
export const metadata004SqliteDeletedMarks: NamedMigration = {
  name: 'metadata-004-sqlite-deleted-marks',
  async up(knex: Knex) {
    if (dialectOf(knex) !== 'sqlite') return;
    await rebuildSqliteFullText(
      knex,
      async (target) => target.flag !== null && !(await sqliteFullText.inspect!(knex, target)).flag,
    );
  },
  async down() {},
};
