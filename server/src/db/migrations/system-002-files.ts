import { SYSTEM } from '../table-names';
import { createTable, dateTimeTimestamps } from './create-table';
import type { NamedMigration } from './named-migration';

/**
 * Uploaded files (docs/api.md §4): one row per stored file. `name` is the original file name, `fileName`
 * the random name on disk, `md5` finds an already stored copy ("instant upload").
 */
export const system002Files: NamedMigration = {
  name: 'system-002-files',
  async up(knex) {
    await createTable(knex, SYSTEM.file, (t) => {
      t.bigIncrements('id');
      t.string('name', 500).notNullable();
      t.string('fileName', 100).notNullable().unique();
      t.string('url', 500).notNullable();
      t.bigInteger('size').notNullable();
      t.string('md5', 32).notNullable();
      t.bigInteger('ownerId').unsigned().nullable();
      dateTimeTimestamps(t);
      t.index(['md5']);
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists(SYSTEM.file);
  },
};
