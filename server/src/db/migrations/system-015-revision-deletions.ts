import type { Knex } from 'knex';
import { SHARED_STATE } from '../table-names';
import type { NamedMigration } from './named-migration';

/**
 * A table's deleted records (services/history/deleted-records.ts) are its `delete` revisions,
 * newest first: this index finds them without reading the table's other revisions.
 */
export const system015RevisionDeletions: NamedMigration = {
  name: 'system-015-revision-deletions',
  async up(knex: Knex) {
    await knex.schema.alterTable(SHARED_STATE.revision, (t) => {
      t.index(['dataSource', 'tableName', 'action', 'id'], 'cb_revision_action');
    });
  },
  async down(knex: Knex) {
    await knex.schema.alterTable(SHARED_STATE.revision, (t) => {
      t.dropIndex(['dataSource', 'tableName', 'action', 'id'], 'cb_revision_action');
    });
  },
};
