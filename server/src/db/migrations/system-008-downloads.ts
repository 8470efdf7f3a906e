import type { Knex } from 'knex';
import { SHARED_STATE } from '../table-names';
import { createTable } from './create-table';
import type { NamedMigration } from './named-migration';

/**
 * Who may fetch each generated download (plugins/downloads.ts), in primary so that a link made on
 * one server works on every other one, and the name it is saved as; `expiresAt` in epoch milliseconds.
 */
export const system008Downloads: NamedMigration = {
  name: 'system-008-downloads',
  async up(knex: Knex) {
    await createTable(knex, SHARED_STATE.download, (t) => {
      t.string('name', 64).primary();
      t.bigInteger('ownerId').notNullable();
      t.string('fileName', 300);
      t.bigInteger('expiresAt').notNullable();
      t.index(['expiresAt'], 'cb_download_expires');
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTableIfExists(SHARED_STATE.download);
  },
};
