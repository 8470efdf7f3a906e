import type { Knex } from 'knex';
import { SYSTEM } from '../table-names';
import type { NamedMigration } from './named-migration';

/**
 * Schedules that run an extension's task (the `task` action): `cb_schedule.task` names it by its
 * full name, `<extension>:<task>` (at most 40 + 1 + 40 characters).
 */
export const system022ScheduleTasks: NamedMigration = {
  name: 'system-022-schedule-tasks',
  async up(knex: Knex) {
    await knex.schema.alterTable(SYSTEM.schedule, (t) => {
      t.string('task', 81);
    });
  },
  async down(knex: Knex) {
    await knex.schema.alterTable(SYSTEM.schedule, (t) => {
      t.dropColumn('task');
    });
  },
};
