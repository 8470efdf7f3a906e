import type { Knex } from 'knex';
import { SHARED_STATE } from '../table-names';
import { createTable } from './create-table';
import type { NamedMigration } from './named-migration';

/**
 * Record history (services/history/): one row per record a committed write changed, written in
 * that write's transaction. `tableName` is the metadata name, `recordKey` the key as the API
 * writes it (contract/record-key.ts), `at` epoch milliseconds, `changes` JSON (contract/revision.ts).
 * Read newest first per record, hence the index.
 */
export const system014Revisions: NamedMigration = {
  name: 'system-014-revisions',
  async up(knex: Knex) {
    await createTable(knex, SHARED_STATE.revision, (t) => {
      t.bigIncrements('id').primary();
      t.string('dataSource', 64).notNullable();
      t.string('tableName', 128).notNullable();
      t.string('recordKey', 400).notNullable();
      t.string('action', 16).notNullable();
      t.bigInteger('at').notNullable();
      t.bigInteger('userId');
      t.string('userName', 200);
      t.string('channel', 16).notNullable();
      t.string('requestId', 64);
      t.text('changes', 'longtext').notNullable();
      t.index(['dataSource', 'tableName', 'recordKey', 'id'], 'cb_revision_record');
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTableIfExists(SHARED_STATE.revision);
  },
};
