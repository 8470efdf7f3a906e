import type { Knex } from 'knex';
import { SHARED_STATE } from '../table-names';
import type { NamedMigration } from './named-migration';

/**
 * Create batches (services/history/create-batches.ts): one revision row may hold the creates of
 * many records of one write (a large import): `keyCount` records whose integer keys lie between
 * `keyFrom` and `keyTo` (every key between them when `keyCount` says so). A record's history finds
 * the batches that may hold it through this index. The three stay empty on a single record's
 * revision.
 */
export const system027RevisionBatches: NamedMigration = {
  name: 'system-027-revision-batches',
  async up(knex: Knex) {
    await knex.schema.alterTable(SHARED_STATE.revision, (t) => {
      t.bigInteger('keyFrom');
      t.bigInteger('keyTo');
      t.integer('keyCount');
      t.index(['dataSource', 'tableName', 'keyFrom'], 'cb_revision_batch');
    });
  },
  async down(knex: Knex) {
    await knex.schema.alterTable(SHARED_STATE.revision, (t) => {
      t.dropIndex(['dataSource', 'tableName', 'keyFrom'], 'cb_revision_batch');
      t.dropColumn('keyFrom');
      t.dropColumn('keyTo');
      t.dropColumn('keyCount');
    });
  },
};
