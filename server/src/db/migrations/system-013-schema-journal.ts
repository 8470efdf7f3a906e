import type { Knex } from 'knex';
import { SHARED_STATE } from '../table-names';
import { createTable } from './create-table';
import type { NamedMigration } from './named-migration';

/**
 * The journal of schema changes applied step by step (MySQL / MariaDB, where each DDL statement
 * commits on its own): one row per change under way, naming its data source, the ordered
 * operations (`ops`, JSON), how many of them have been applied, and whether the metadata has been
 * committed (`state`). A server that dies mid-change leaves its row; the next start-up, or the next
 * schema change of that data source, finishes or takes back the change (services/ddl).
 */
export const system013SchemaJournal: NamedMigration = {
  name: 'system-013-schema-journal',
  async up(knex: Knex) {
    await createTable(knex, SHARED_STATE.schemaJournal, (t) => {
      t.increments('id').primary();
      t.string('dataSource', 100).notNullable();
      t.text('tables').notNullable();
      t.text('ops', 'longtext').notNullable();
      t.integer('applied').notNullable().defaultTo(0);
      t.string('state', 16).notNullable();
      t.bigInteger('createdAt').notNullable();
      t.index(['dataSource'], 'cb_schema_journal_source');
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTableIfExists(SHARED_STATE.schemaJournal);
  },
};
