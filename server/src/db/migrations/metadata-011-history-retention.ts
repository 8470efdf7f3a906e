import type { Knex } from 'knex';
import { META } from '../table-names';
import type { NamedMigration } from './named-migration';

/**
 * How long a table keeps its records' history (contract/history-retention.ts): `historyMode`
 * (null: `on`, so every existing table keeps recording) and `historyKeep`, the days or revisions
 * per record kept by `days` / `revisions`.
 */
export const metadata011HistoryRetention: NamedMigration = {
  name: 'metadata-011-history-retention',
  async up(knex: Knex) {
    await knex.schema.alterTable(META.table, (t) => {
      t.string('historyMode', 16);
      t.integer('historyKeep');
    });
  },
  async down(knex: Knex) {
    await knex.schema.alterTable(META.table, (t) => {
      t.dropColumn('historyMode');
      t.dropColumn('historyKeep');
    });
  },
};
