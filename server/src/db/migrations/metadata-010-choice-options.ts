import type { Knex } from 'knex';
import { META } from '../table-names';
import type { NamedMigration } from './named-migration';

/**
 * A column may be a choice column: `options` holds its allowed values as JSON text
 * (`[{"value":"scifi","captions":{"zh-CN":"科幻","en-US":"Science fiction"},"color":"blue"}]`),
 * in the order they are offered. Null for any other column.
 */
export const metadata010ChoiceOptions: NamedMigration = {
  name: 'metadata-010-choice-options',
  async up(knex: Knex) {
    await knex.schema.alterTable(META.column, (t) => {
      t.text('options');
    });
  },
  async down(knex: Knex) {
    await knex.schema.alterTable(META.column, (t) => {
      t.dropColumn('options');
    });
  },
};
