import type { Knex } from 'knex';
import { SHARED_STATE } from '../table-names';
import { createTable } from './create-table';
import type { NamedMigration } from './named-migration';

/**
 * The audit log (services/audit/): one row per signed-in, refused, schema, console, export,
 * import, file or account event, appended and never changed. `at` epoch milliseconds, `detail`
 * JSON. Read newest first (the key), by user, action or table over time (the indexes); pruned
 * oldest first by `at`.
 */
export const system016AuditLog: NamedMigration = {
  name: 'system-016-audit-log',
  async up(knex: Knex) {
    await createTable(knex, SHARED_STATE.audit, (t) => {
      t.bigIncrements('id').primary();
      t.bigInteger('at').notNullable();
      t.bigInteger('userId');
      t.string('userName', 200);
      t.string('action', 32).notNullable();
      t.string('dataSource', 64);
      t.string('tableName', 128);
      t.text('detail', 'longtext').notNullable();
      t.string('requestId', 64);
      t.string('address', 64);
      t.string('userAgent', 400);
      t.index(['at'], 'cb_audit_at');
      t.index(['userId', 'id'], 'cb_audit_user');
      t.index(['action', 'id'], 'cb_audit_action');
      t.index(['tableName', 'id'], 'cb_audit_table');
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTableIfExists(SHARED_STATE.audit);
  },
};
