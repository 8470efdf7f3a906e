import { SYSTEM } from '../table-names';
import type { NamedMigration } from './named-migration';

/**
 * Form layouts, column extension properties and saved SQL live in `primary` whichever data source
 * they are about, like table permissions (system-004): each names its data source (`primary` for
 * the existing ones), and what was unique per table or name is unique per data source.
 */
export const system009StatePerDataSource: NamedMigration = {
  name: 'system-009-state-per-data-source',
  async up(knex) {
    for (const table of [SYSTEM.tableFormBuilder, SYSTEM.columnExtProperty, SYSTEM.sqlQuery]) {
      await knex.schema.alterTable(table, (t) => {
        t.string('dataSource', 64).notNullable().defaultTo('primary');
      });
    }
    await knex.schema.alterTable(SYSTEM.tableFormBuilder, (t) => {
      t.dropIndex(['tableId']);
      t.index(['dataSource', 'tableId']);
    });
    await knex.schema.alterTable(SYSTEM.columnExtProperty, (t) => {
      t.dropUnique(['tableId', 'columnId', 'key']);
      t.unique(['dataSource', 'tableId', 'columnId', 'key']);
    });
    await knex.schema.alterTable(SYSTEM.sqlQuery, (t) => {
      t.dropUnique(['name']);
      t.unique(['dataSource', 'name']);
    });
  },
  async down(knex) {
    for (const table of [SYSTEM.tableFormBuilder, SYSTEM.columnExtProperty, SYSTEM.sqlQuery])
      await knex(table).whereNot('dataSource', 'primary').delete();
    await knex.schema.alterTable(SYSTEM.sqlQuery, (t) => {
      t.dropUnique(['dataSource', 'name']);
      t.unique(['name']);
    });
    await knex.schema.alterTable(SYSTEM.columnExtProperty, (t) => {
      t.dropUnique(['dataSource', 'tableId', 'columnId', 'key']);
      t.unique(['tableId', 'columnId', 'key']);
    });
    await knex.schema.alterTable(SYSTEM.tableFormBuilder, (t) => {
      t.dropIndex(['dataSource', 'tableId']);
      t.index(['tableId']);
    });
    for (const table of [SYSTEM.tableFormBuilder, SYSTEM.columnExtProperty, SYSTEM.sqlQuery]) {
      await knex.schema.alterTable(table, (t) => {
        t.dropColumn('dataSource');
      });
    }
  },
};
