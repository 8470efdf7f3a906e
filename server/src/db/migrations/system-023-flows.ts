import type { Knex } from 'knex';
import { SYSTEM } from '../table-names';
import { createTable, dateTimeTimestamps } from './create-table';
import type { NamedMigration } from './named-migration';

/**
 * Flows (services/flows/): `cb_flow`, a trigger (record events of one table, a button on its
 * records, or a schedule) and a short list of steps, and `cb_flow_run`, one row per run. A write
 * that a flow's event trigger answers inserts its run as `pending` in the writer's transaction (the
 * same outbox as webhooks); a server claims it with a lease (`leaseOwner`, `leaseUntil`, epoch ms)
 * and runs it. A schedule may run a flow (`cb_schedule.flowId`). Columns the business API never
 * serves: the signing secret of the flow's webhook steps (`signingSecret`) and the lease.
 */
export const system023Flows: NamedMigration = {
  name: 'system-023-flows',
  async up(knex: Knex) {
    await createTable(knex, SYSTEM.flow, (t) => {
      t.bigIncrements('id');
      t.string('name', 100).notNullable();
      t.string('dataSource', 64).notNullable().defaultTo('primary');
      t.string('tableName', 64);
      t.string('trigger', 48).notNullable().defaultTo('button');
      t.string('actions', 64);
      t.text('condition');
      t.text('steps').notNullable();
      // declared as a password (never read back); the value itself is kept in signingSecret
      t.string('secret', 255);
      t.string('signingSecret', 255);
      t.boolean('enabled').notNullable().defaultTo(true);
      t.bigInteger('ownerId').unsigned();
      dateTimeTimestamps(t);
    });
    await createTable(knex, SYSTEM.flowRun, (t) => {
      t.bigIncrements('id');
      t.bigInteger('flowId')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable(SYSTEM.flow)
        .onDelete('CASCADE');
      t.string('trigger', 48).notNullable();
      t.string('eventId', 36);
      t.string('dataSource', 64);
      t.string('tableName', 64);
      t.string('recordKey', 400);
      t.string('status', 16).notNullable();
      t.integer('step');
      t.string('stepKind', 48);
      t.text('input');
      t.text('event');
      t.string('result', 1000);
      t.string('error', 1000);
      t.bigInteger('userId').unsigned();
      t.string('userName', 200);
      t.dateTime('startedDate', { useTz: false, precision: 0 });
      t.dateTime('finishedDate', { useTz: false, precision: 0 });
      t.integer('durationMs');
      t.string('leaseOwner', 64);
      t.bigInteger('leaseUntil');
      dateTimeTimestamps(t);
      t.index(['status', 'id'], 'cb_flow_run_status');
      t.index(['flowId', 'recordKey', 'id'], 'cb_flow_run_record');
    });
    await knex.schema.alterTable(SYSTEM.schedule, (t) => {
      t.bigInteger('flowId').unsigned();
    });
  },
  async down(knex: Knex) {
    await knex.schema.alterTable(SYSTEM.schedule, (t) => {
      t.dropColumn('flowId');
    });
    await knex.schema.dropTableIfExists(SYSTEM.flowRun);
    await knex.schema.dropTableIfExists(SYSTEM.flow);
  },
};
