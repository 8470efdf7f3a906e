import type { Knex } from 'knex';
import { SHARED_STATE, SYSTEM } from '../table-names';
import { createTable } from './create-table';
import type { NamedMigration } from './named-migration';

/**
 * Single sign-on: `cb_user_identity` links a provider's subject to a user (one user per
 * (providerId, subject)); `cb_sso_state` holds sign-ins under way (state, nonce, PKCE verifier),
 * in primary so that a sign-in started on one server finishes on another; a row is deleted when
 * used or past `expiresAt`. Times are epoch milliseconds.
 */
export const system019ExternalIdentities: NamedMigration = {
  name: 'system-019-external-identities',
  async up(knex: Knex) {
    await createTable(knex, SHARED_STATE.userIdentity, (t) => {
      t.bigIncrements('id').primary();
      t.bigInteger('userId')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable(SYSTEM.user)
        .onDelete('CASCADE');
      t.string('providerId', 32).notNullable();
      t.string('subject', 255).notNullable();
      t.bigInteger('createdAt').notNullable();
      t.bigInteger('lastSignInAt').notNullable();
      t.unique(['providerId', 'subject'], { indexName: 'cb_user_identity_subject' });
      t.index(['userId'], 'cb_user_identity_user');
    });
    await createTable(knex, SHARED_STATE.ssoState, (t) => {
      t.string('state', 64).primary();
      t.string('providerId', 32).notNullable();
      t.string('nonce', 64).notNullable();
      t.string('codeVerifier', 128).notNullable();
      t.string('returnTo', 1000);
      t.bigInteger('createdAt').notNullable();
      t.bigInteger('expiresAt').notNullable();
      t.index(['expiresAt'], 'cb_sso_state_expires');
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTableIfExists(SHARED_STATE.ssoState);
    await knex.schema.dropTableIfExists(SHARED_STATE.userIdentity);
  },
};
