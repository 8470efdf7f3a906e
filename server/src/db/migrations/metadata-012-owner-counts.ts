import type { Knex } from 'knex';
import { hasMysqlOwnerColumn } from '../../dialects/row-count/mysql-owner-count';
import {
  keepsMysqlOwnerCount,
  keepsMysqlRowCount,
  resetMysqlRowCount,
} from '../../dialects/row-count/mysql-row-count';
import { attachPgOwnerCount, keepsPgOwnerCount } from '../../dialects/row-count/pg-owner-count';
import { pgRowCountTriggers } from '../../dialects/row-count/pg-row-count';
import { dialectOf } from '../dialect';
import { META } from '../table-names';
import type { NamedMigration } from './named-migration';

/**
 * Tables whose row count is kept start keeping their counts per owner too, when they have an
 * `ownerId` column (pg-owner-count.ts, mysql-owner-count.ts): PostgreSQL counts them at once,
 * MySQL / MariaDB makes the triggers again and the next reader counts the table anew. SQLite:
 * nothing (its counts are cheap).
 */
export const metadata012OwnerCounts: NamedMigration = {
  name: 'metadata-012-owner-counts',
  async up(knex: Knex) {
    const dialect = dialectOf(knex);
    if (dialect !== 'pg' && dialect !== 'mysql') return;
    const tables: { tableName: string }[] = await knex(META.table).select('tableName');
    for (const { tableName } of tables) {
      if (dialect === 'pg') {
        const { rows } = (await knex.raw(
          'SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass(?) AND tgname = ?',
          [knex.raw('??', [tableName]).toQuery(), pgRowCountTriggers(tableName).insert],
        )) as { rows: unknown[] };
        if (rows.length > 0 && !(await keepsPgOwnerCount(knex, tableName)))
          await knex.transaction((trx) => attachPgOwnerCount(trx, tableName, { empty: false }));
      } else if (
        (await keepsMysqlRowCount(knex, tableName)) &&
        !(await keepsMysqlOwnerCount(knex, tableName)) &&
        (await hasMysqlOwnerColumn(knex, tableName))
      ) {
        await resetMysqlRowCount(knex, tableName);
      }
    }
  },
  async down() {},
};
