import type { Knex } from 'knex';
import { META } from '../table-names';
import type { NamedMigration } from './named-migration';

/**
 * Columns of reverse-engineered tables keep what the database says that a data type cannot:
 * `nativeType`, the physical type when the data type only approximates it (`uuid`, `jsonb`,
 * `integer[]`...), and `nativeDefault`, the database's default expression when it is not a
 * literal (`gen_random_uuid()`, `now()`, `nextval(...)`). Both stay null for other columns.
 */
export const metadata005NativeColumns: NamedMigration = {
  name: 'metadata-005-native-columns',
  async up(knex: Knex) {
    await knex.schema.alterTable(META.column, (t) => {
      t.string('nativeType', 200);
      t.string('nativeDefault', 1000);
    });
  },
  async down(knex: Knex) {
    await knex.schema.alterTable(META.column, (t) => {
      t.dropColumn('nativeType');
      t.dropColumn('nativeDefault');
    });
  },
};
