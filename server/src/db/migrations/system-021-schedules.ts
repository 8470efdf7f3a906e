import type { Knex } from 'knex';
import { SYSTEM } from '../table-names';
import { createTable, dateTimeTimestamps } from './create-table';
import type { NamedMigration } from './named-migration';

/**
 * Schedules (services/schedules/): `cb_schedule`, routine work on a cron expression (a signed HTTP
 * call, or a saved SQL statement run as the schedule's owner), and `cb_schedule_run`, one row per
 * tick handled. The unique key on (`scheduleId`, `tick`) is how servers agree: a server runs a tick
 * only when its insert of the tick's row succeeds. Columns the business API never serves: the
 * signing secret (`signingSecret`), the digest of the SQL text approved when the schedule was
 * saved (`sqlDigest`) and the instant from which ticks count (`activeSince`, epoch ms). `tick` is
 * epoch milliseconds; the run's times are DATETIME like other system tables'.
 */
export const system021Schedules: NamedMigration = {
  name: 'system-021-schedules',
  async up(knex: Knex) {
    await createTable(knex, SYSTEM.schedule, (t) => {
      t.bigIncrements('id');
      t.string('name', 100).notNullable();
      t.string('cron', 120).notNullable();
      t.string('timeZone', 64).notNullable();
      t.string('action', 16).notNullable().defaultTo('webhook');
      t.string('url', 2000);
      t.string('method', 8).notNullable().defaultTo('POST');
      t.text('headers');
      // declared as a password (never read back); the value itself is kept in signingSecret
      t.string('secret', 255);
      t.string('signingSecret', 255);
      t.bigInteger('sqlQueryId').unsigned();
      t.string('sqlDigest', 64);
      t.integer('maxMissed').notNullable().defaultTo(1);
      t.boolean('enabled').notNullable().defaultTo(true);
      t.bigInteger('activeSince');
      t.bigInteger('ownerId').unsigned();
      dateTimeTimestamps(t);
    });
    await createTable(knex, SYSTEM.scheduleRun, (t) => {
      t.bigIncrements('id');
      t.bigInteger('scheduleId')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable(SYSTEM.schedule)
        .onDelete('CASCADE');
      t.bigInteger('tick').notNullable();
      t.string('status', 16).notNullable();
      t.dateTime('startedDate', { useTz: false, precision: 0 }).notNullable();
      t.dateTime('finishedDate', { useTz: false, precision: 0 });
      t.integer('durationMs');
      t.string('result', 1000);
      t.string('error', 1000);
      t.string('runner', 64);
      t.unique(['scheduleId', 'tick'], { indexName: 'cb_schedule_run_tick' });
      t.index(['status', 'startedDate'], 'cb_schedule_run_status');
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTableIfExists(SYSTEM.scheduleRun);
    await knex.schema.dropTableIfExists(SYSTEM.schedule);
  },
};
