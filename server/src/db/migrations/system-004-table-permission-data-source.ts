import { SYSTEM } from '../table-names';
import type { NamedMigration } from './named-migration';

/**
 * Table permissions live in `primary` but may be about a table of another data source: each names
 * its data source (`primary` for the existing ones), and a role has one record per table of each
 * source.
 */
export const system004TablePermissionDataSource: NamedMigration = {
  name: 'system-004-table-permission-data-source',
  async up(knex) {
    await knex.schema.alterTable(SYSTEM.tablePermission, (t) => {
      t.string('dataSource', 64).notNullable().defaultTo('primary');
    });
    await knex.schema.alterTable(SYSTEM.tablePermission, (t) => {
      t.dropUnique(['tableId', 'roleId']);
      t.unique(['dataSource', 'tableId', 'roleId']);
    });
  },
  async down(knex) {
    await knex.schema.alterTable(SYSTEM.tablePermission, (t) => {
      t.dropUnique(['dataSource', 'tableId', 'roleId']);
    });
    await knex(SYSTEM.tablePermission).whereNot('dataSource', 'primary').delete();
    await knex.schema.alterTable(SYSTEM.tablePermission, (t) => {
      t.dropColumn('dataSource');
      t.unique(['tableId', 'roleId']);
    });
  },
};
