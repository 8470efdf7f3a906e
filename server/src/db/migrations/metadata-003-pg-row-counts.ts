import type { Knex } from 'knex';
import {
  attachPgRowCount,
  ensurePgRowCount,
  pgRowCountTriggers,
} from '../../dialects/row-count/pg-row-count';
import { dialectOf } from '../dialect';
import { META } from '../table-names';
import type { NamedMigration } from './named-migration';

/**
 * PostgreSQL: tables crudboard created before row counts were kept start keeping them (see
 * pg-row-count.ts). Reversed tables (not crudboard's) are left alone. Other databases: nothing.
 */
export const metadata003PgRowCounts: NamedMigration = {
  name: 'metadata-003-pg-row-counts',
  async up(knex: Knex) {
    if (dialectOf(knex) !== 'pg') return;
    await ensurePgRowCount(knex);
    const tables: { tableName: string }[] = await knex(META.table)
      .where('reverse', false)
      .select('tableName');
    for (const { tableName } of tables) {
      const { rows } = (await knex.raw(
        'SELECT to_regclass(?) IS NOT NULL AS present, EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass(?) AND tgname = ?) AS kept',
        [
          knex.raw('??', [tableName]).toQuery(),
          knex.raw('??', [tableName]).toQuery(),
          pgRowCountTriggers(tableName).insert,
        ],
      )) as { rows: { present: boolean; kept: boolean }[] };
      if (rows[0]?.present && !rows[0].kept) await attachPgRowCount(knex, tableName, { empty: false });
    }
  },
  async down() {},
};
