import type { Knex } from 'knex';
import { keepsMysqlRowCount, resetMysqlRowCount } from '../../dialects/row-count/mysql-row-count';
import { dialectOf } from '../dialect';
import { META } from '../table-names';
import type { NamedMigration } from './named-migration';

/**
 * MySQL / MariaDB: tables crudboard created in `primary` before row counts were kept there get
 * their count-keeping triggers; each is counted by its next reader (see mysql-row-count.ts).
 * Reversed tables (not crudboard's) are left alone. Other databases: nothing.
 */
export const system011MysqlRowCounts: NamedMigration = {
  name: 'system-011-mysql-row-counts',
  async up(knex: Knex) {
    if (dialectOf(knex) !== 'mysql') return;
    const tables: { tableName: string }[] = await knex(META.table)
      .where({ reverse: false, dataSource: 'primary' })
      .select('tableName');
    for (const { tableName } of tables) {
      const [rows] = (await knex.raw(
        'SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?',
        [tableName],
      )) as [unknown[]];
      if (rows.length > 0 && !(await keepsMysqlRowCount(knex, tableName)))
        await resetMysqlRowCount(knex, tableName);
    }
  },
  async down() {},
};
