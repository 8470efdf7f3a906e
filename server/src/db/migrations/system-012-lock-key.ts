import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { dialectOf } from '../dialect';
import { SHARED_STATE } from '../table-names';
import { createTable } from './create-table';
import type { NamedMigration } from './named-migration';

/**
 * The secret from which every server derives the keys of its database locks (schema changes,
 * uploads; database-lock.ts), made once per database: keys a console statement cannot compute, so
 * it cannot take a lock and hold up every server's schema changes. Nobody but crudboard's own role
 * reads it (PostgreSQL: no rights to PUBLIC, and the console role's are taken back at start-up).
 */
export const system012LockKey: NamedMigration = {
  name: 'system-012-lock-key',
  async up(knex: Knex) {
    await createTable(knex, SHARED_STATE.lockKey, (t) => {
      t.string('secret', 64).notNullable();
    });
    await knex(SHARED_STATE.lockKey).insert({ secret: randomBytes(32).toString('hex') });
    if (dialectOf(knex) === 'pg') await knex.raw('REVOKE ALL ON ?? FROM PUBLIC', [SHARED_STATE.lockKey]);
  },
  async down(knex: Knex) {
    await knex.schema.dropTableIfExists(SHARED_STATE.lockKey);
  },
};
