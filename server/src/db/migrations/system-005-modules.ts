import type { Knex } from 'knex';
import { SYSTEM } from '../table-names';
import { createTable, dateTimeTimestamps } from './create-table';
import type { NamedMigration } from './named-migration';

/** Display names of the seeded settings. */
const CONFIG_NAMES: Record<string, string> = { appName: '应用名称', businessName: '业务数据名称' };

/**
 * Tables that crudapi's clients read: `config` gets a display `name`; `module` groups business
 * tables for a home page (`moduleLine` links a module to a table's metadata id).
 */
export const system005Modules: NamedMigration = {
  name: 'system-005-modules',
  async up(knex: Knex) {
    await knex.schema.alterTable(SYSTEM.config, (t) => {
      t.string('name', 100);
    });
    for (const [key, name] of Object.entries(CONFIG_NAMES)) {
      await knex(SYSTEM.config).where('key', key).update({ name });
    }
    await createTable(knex, SYSTEM.module, (t) => {
      t.bigIncrements('id');
      t.string('name', 100).notNullable().unique();
      t.string('caption', 200);
      t.text('description');
      t.integer('displayOrder');
      dateTimeTimestamps(t);
    });
    await createTable(knex, SYSTEM.moduleLine, (t) => {
      t.bigIncrements('id');
      t.bigInteger('moduleId')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable(SYSTEM.module)
        .onDelete('CASCADE');
      t.bigInteger('tableId').unsigned().notNullable();
      dateTimeTimestamps(t);
      t.unique(['moduleId', 'tableId']);
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTableIfExists(SYSTEM.moduleLine);
    await knex.schema.dropTableIfExists(SYSTEM.module);
    await knex.schema.alterTable(SYSTEM.config, (t) => {
      t.dropColumn('name');
    });
  },
};
