import type { Knex } from 'knex';
import { META } from '../table-names';
import type { NamedMigration } from './named-migration';

/**
 * A table may name the column whose value stands for a record wherever the record is shown by
 * reference (`titleColumn`); null keeps the default rule (first text column, else the key).
 */
export const metadata009TitleColumn: NamedMigration = {
  name: 'metadata-009-title-column',
  async up(knex: Knex) {
    await knex.schema.alterTable(META.table, (t) => {
      t.string('titleColumn', 1000);
    });
  },
  async down(knex: Knex) {
    await knex.schema.alterTable(META.table, (t) => {
      t.dropColumn('titleColumn');
    });
  },
};
