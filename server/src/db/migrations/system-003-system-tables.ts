import type { Knex } from 'knex';
import { SYSTEM } from '../table-names';
import { createTable, dateTimeTimestamps } from './create-table';
import type { NamedMigration } from './named-migration';

/** A reference to a metadata id (cb_meta_* ids live in the same database but are not foreign keys). */
const metadataId = (table: Knex.CreateTableBuilder, column: string) =>
  table.bigInteger(column).unsigned().notNullable();

/**
 * System tables the web app reads through the business API (docs/api.md §3, §5): saved form layouts,
 * column extension properties (value dialogs), column-level table permissions and saved SQL.
 */
export const system003SystemTables: NamedMigration = {
  name: 'system-003-system-tables',
  async up(knex) {
    await createTable(knex, SYSTEM.tableFormBuilder, (t) => {
      t.bigIncrements('id');
      metadataId(t, 'tableId');
      t.string('name', 200);
      t.string('device', 16).notNullable();
      t.string('type', 16).notNullable();
      t.text('body');
      dateTimeTimestamps(t);
      t.index(['tableId']);
    });
    await createTable(knex, SYSTEM.columnExtProperty, (t) => {
      t.bigIncrements('id');
      metadataId(t, 'tableId');
      metadataId(t, 'columnId');
      t.string('key', 64).notNullable();
      t.text('value');
      dateTimeTimestamps(t);
      t.unique(['tableId', 'columnId', 'key']);
    });
    await createTable(knex, SYSTEM.tablePermission, (t) => {
      t.bigIncrements('id');
      metadataId(t, 'tableId');
      t.bigInteger('roleId')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable(SYSTEM.role)
        .onDelete('CASCADE');
      t.text('permissions');
      t.text('columns');
      dateTimeTimestamps(t);
      t.unique(['tableId', 'roleId']);
      t.index(['roleId']);
    });
    await createTable(knex, SYSTEM.sqlQuery, (t) => {
      t.bigIncrements('id');
      t.string('name', 100).notNullable().unique();
      t.string('caption', 200);
      t.text('sql').notNullable();
      dateTimeTimestamps(t);
    });
  },
  async down(knex) {
    for (const name of [
      SYSTEM.sqlQuery,
      SYSTEM.tablePermission,
      SYSTEM.columnExtProperty,
      SYSTEM.tableFormBuilder,
    ]) {
      await knex.schema.dropTableIfExists(name);
    }
  },
};
