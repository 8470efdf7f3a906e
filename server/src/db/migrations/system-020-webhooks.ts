import type { Knex } from 'knex';
import { SYSTEM } from '../table-names';
import { createTable, dateTimeTimestamps } from './create-table';
import type { NamedMigration } from './named-migration';

/**
 * Webhooks (services/webhooks/): `cb_webhook`, what an administrator subscribes to and where it is
 * sent (its signing secret in `signingSecret`, a column the business API never reads), and
 * `cb_webhook_delivery`, the outbox: one row per webhook and event, written in the transaction of
 * the write that caused it, then claimed by one server at a time (`leaseOwner` until `leaseUntil`)
 * and delivered. `nextAttemptAt`, `leaseUntil` and `firstAttemptAt` are epoch milliseconds; the
 * record timestamps are DATETIME like other system tables'.
 */
export const system020Webhooks: NamedMigration = {
  name: 'system-020-webhooks',
  async up(knex: Knex) {
    await createTable(knex, SYSTEM.webhook, (t) => {
      t.bigIncrements('id');
      t.string('name', 100).notNullable();
      t.string('dataSource', 64).notNullable().defaultTo('primary');
      t.text('tables').notNullable();
      t.string('actions', 200).notNullable().defaultTo('create,update,delete,restore');
      t.text('condition');
      t.string('url', 2000).notNullable();
      t.string('method', 8).notNullable().defaultTo('POST');
      t.text('headers');
      // declared as a password (never read back); the value itself is kept in signingSecret
      t.string('secret', 255);
      t.string('signingSecret', 255);
      t.boolean('enabled').notNullable().defaultTo(true);
      t.bigInteger('ownerId').unsigned();
      dateTimeTimestamps(t);
    });
    await createTable(knex, SYSTEM.webhookDelivery, (t) => {
      t.bigIncrements('id');
      t.bigInteger('webhookId')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable(SYSTEM.webhook)
        .onDelete('CASCADE');
      t.string('eventId', 36).notNullable();
      t.string('dataSource', 64).notNullable();
      t.string('tableName', 64).notNullable();
      t.string('recordKey', 400).notNullable();
      t.string('action', 16).notNullable();
      t.string('status', 16).notNullable();
      t.integer('attempts').notNullable().defaultTo(0);
      t.integer('responseCode');
      t.string('lastError', 1000);
      t.string('responseBody', 1000);
      t.text('payload').notNullable();
      t.bigInteger('nextAttemptAt').notNullable();
      t.bigInteger('firstAttemptAt');
      t.bigInteger('leaseUntil');
      t.string('leaseOwner', 64);
      t.dateTime('createdDate', { useTz: false, precision: 0 }).notNullable();
      t.dateTime('deliveredDate', { useTz: false, precision: 0 });
      t.dateTime('lastModifiedDate', { useTz: false, precision: 0 }).notNullable();
      t.index(['status', 'nextAttemptAt'], 'cb_webhook_delivery_due');
      t.index(['webhookId', 'recordKey', 'id'], 'cb_webhook_delivery_order');
      t.index(['createdDate'], 'cb_webhook_delivery_created');
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTableIfExists(SYSTEM.webhookDelivery);
    await knex.schema.dropTableIfExists(SYSTEM.webhook);
  },
};
