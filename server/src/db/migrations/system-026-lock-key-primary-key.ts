import type { Knex } from 'knex';
import { dialectOf } from '../dialect';
import { SHARED_STATE } from '../table-names';
import type { NamedMigration } from './named-migration';

/**
 * `cb_lock_key` (system-012) was made without a primary key: every table crudboard makes has one,
 * since a Galera cluster replicates a write to a keyless table by scanning for the row on every
 * node, and certifies such writes against each other only coarsely. Its one row gets `id` 1.
 * SQLite cannot add a key column to a table, and a SQLite file has one server: left as it is.
 */
export const system026LockKeyPrimaryKey: NamedMigration = {
  name: 'system-026-lock-key-primary-key',
  async up(knex: Knex) {
    const dialect = dialectOf(knex);
    if (dialect === 'mysql') {
      await knex.raw('ALTER TABLE ?? ADD COLUMN id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY FIRST', [
        SHARED_STATE.lockKey,
      ]);
    } else if (dialect === 'pg') {
      await knex.raw('ALTER TABLE ?? ADD COLUMN id serial PRIMARY KEY', [SHARED_STATE.lockKey]);
    }
  },
  async down(knex: Knex) {
    if (dialectOf(knex) !== 'sqlite') {
      await knex.schema.alterTable(SHARED_STATE.lockKey, (t) => t.dropColumn('id'));
    }
  },
};
