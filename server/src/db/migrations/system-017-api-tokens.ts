import type { Knex } from 'knex';
import { SHARED_STATE, SYSTEM } from '../table-names';
import { createTable } from './create-table';
import type { NamedMigration } from './named-migration';

/**
 * Personal API tokens (services/api-token-store.ts): a user's named tokens, kept as the SHA-256 of
 * the token (`tokenHash`, unique); `permissions` a JSON array narrowing the user's codes (null: all
 * of them). Times are epoch milliseconds; a token is deleted when revoked, and with its user.
 */
export const system017ApiTokens: NamedMigration = {
  name: 'system-017-api-tokens',
  async up(knex: Knex) {
    await createTable(knex, SHARED_STATE.apiToken, (t) => {
      t.bigIncrements('id').primary();
      t.bigInteger('userId')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable(SYSTEM.user)
        .onDelete('CASCADE');
      t.string('name', 100).notNullable();
      t.string('tokenHash', 64).notNullable().unique('cb_api_token_hash');
      t.text('permissions');
      t.bigInteger('createdAt').notNullable();
      t.bigInteger('expiresAt');
      t.bigInteger('lastUsedAt');
      t.index(['userId'], 'cb_api_token_user');
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTableIfExists(SHARED_STATE.apiToken);
  },
};
