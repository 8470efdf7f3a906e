import type { Knex } from 'knex';
import { SHARED_STATE } from '../table-names';
import { createTable } from './create-table';
import type { NamedMigration } from './named-migration';

/**
 * Login throttling's state (services/login-throttle.ts), shared by every server: one row per
 * (account, address) pair and per address, keyed by a hash; times are epoch milliseconds.
 */
export const system007LoginThrottle: NamedMigration = {
  name: 'system-007-login-throttle',
  async up(knex: Knex) {
    await createTable(knex, SHARED_STATE.loginThrottle, (t) => {
      t.string('key', 64).primary();
      t.string('kind', 8).notNullable();
      t.string('addressKey', 64).notNullable();
      t.integer('failures').notNullable();
      t.bigInteger('startedAt').notNullable();
      t.bigInteger('lastFailureAt').notNullable();
      t.bigInteger('nextAllowedAt').notNullable();
      t.bigInteger('expiresAt').notNullable();
      t.index(['addressKey', 'kind', 'lastFailureAt'], 'cb_login_throttle_address');
      t.index(['expiresAt'], 'cb_login_throttle_expires');
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTableIfExists(SHARED_STATE.loginThrottle);
  },
};
