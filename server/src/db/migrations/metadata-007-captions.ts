import type { Knex } from 'knex';
import { META } from '../table-names';
import type { NamedMigration } from './named-migration';

const TABLES = [META.table, META.column, META.relation] as const;

/**
 * Tables, columns and relations may carry a caption per UI language (`captions`: JSON text such as
 * `{"en-US":"Orders"}`), shown instead of `caption` in that language. Null for none.
 */
export const metadata007Captions: NamedMigration = {
  name: 'metadata-007-captions',
  async up(knex: Knex) {
    for (const table of TABLES) {
      await knex.schema.alterTable(table, (t) => {
        t.string('captions', 1000);
      });
    }
  },
  async down(knex: Knex) {
    for (const table of TABLES) {
      await knex.schema.alterTable(table, (t) => {
        t.dropColumn('captions');
      });
    }
  },
};
