import type { Knex } from 'knex';
import { SHARED_STATE } from '../table-names';
import { createTable } from './create-table';
import type { NamedMigration } from './named-migration';

/**
 * `cb_idempotency_key` (services/idempotency/): the answer of a create sent with an
 * `Idempotency-Key`, inserted in the create's transaction, so that a retry gets that answer
 * instead of a second record. One row per (key, user, data source, table): the unique key is what
 * stops two requests with the same key from both writing. The key is stored as its SHA-256, 64
 * characters, so that the index fits MySQL's limits. `fingerprint` is the SHA-256 of the request
 * (method, path, canonical body); `body` the answer's JSON. Times are epoch milliseconds; a row is
 * deleted once past `expiresAt` (24 hours).
 */
export const system024IdempotencyKeys: NamedMigration = {
  name: 'system-024-idempotency-keys',
  async up(knex: Knex) {
    await createTable(knex, SHARED_STATE.idempotencyKey, (t) => {
      t.bigIncrements('id').primary();
      t.string('keyHash', 64).notNullable();
      t.bigInteger('userId').unsigned().notNullable();
      t.string('dataSource', 64).notNullable();
      t.string('tableName', 64).notNullable();
      t.string('fingerprint', 64).notNullable();
      t.integer('status').notNullable();
      t.text('body').notNullable();
      t.bigInteger('createdAt').notNullable();
      t.bigInteger('expiresAt').notNullable();
      t.unique(['keyHash', 'userId', 'dataSource', 'tableName'], { indexName: 'cb_idempotency_key_scope' });
      t.index(['expiresAt'], 'cb_idempotency_key_expires');
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTableIfExists(SHARED_STATE.idempotencyKey);
  },
};
