import type { NamedMigration } from '../sdk';

/** The activity feed's own table, in every data source (beside the records it describes). */
export const ACTIVITY_TABLE = 'cb_ext_activity';

export type ActivityAction = 'create' | 'update' | 'delete';

export const activity001Table: NamedMigration = {
  name: 'activity-001-table',
  async up(knex) {
    await knex.schema.createTable(ACTIVITY_TABLE, (t) => {
      t.bigIncrements('id');
      t.string('tableName', 200).notNullable();
      t.string('recordKey', 500).notNullable();
      t.string('action', 10).notNullable();
      t.bigInteger('userId').nullable();
      // epoch milliseconds, the same on every database
      t.bigInteger('createdAt').notNullable();
      t.index(['tableName', 'id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists(ACTIVITY_TABLE);
  },
};
