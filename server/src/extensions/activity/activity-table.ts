import type { Knex, NamedMigration } from '../sdk';

/**
 * The feed's own log of earlier releases, in `primary` (each row names the data source of its
 * record). Nothing writes it any more: the feed reads crudboard's record history, so a change is
 * recorded once. Its migrations and the upgrade move stay so that an older database still opens
 * and keeps what was logged then.
 */
export const ACTIVITY_TABLE = 'cb_ext_activity';

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

/** Each activity row names the data source of the record it is about (`primary` for older rows). */
export const activity002DataSource: NamedMigration = {
  name: 'activity-002-data-source',
  async up(knex) {
    await knex.schema.alterTable(ACTIVITY_TABLE, (t) => {
      t.string('dataSource', 64).notNullable().defaultTo('primary');
      t.index(['dataSource', 'id']);
      t.index(['dataSource', 'tableName', 'id']);
    });
  },
  async down(knex) {
    await knex(ACTIVITY_TABLE).whereNot('dataSource', 'primary').delete();
    await knex.schema.alterTable(ACTIVITY_TABLE, (t) => {
      t.dropIndex(['dataSource', 'tableName', 'id']);
      t.dropIndex(['dataSource', 'id']);
      t.dropColumn('dataSource');
    });
  },
};

/** Rows copied per statement when an earlier release's feed moves out of another data source. */
const MOVE_BATCH = 500;

/**
 * Upgrade: the feed an earlier release kept in another data source moves into `primary` under that
 * source's name, in id order, then the source's table is dropped.
 */
export const moveActivityFromDataSource = async (move: {
  primary: Knex;
  source: Knex;
  dataSource: string;
}): Promise<void> => {
  if (await move.source.schema.hasTable(ACTIVITY_TABLE)) {
    await move.primary.transaction(async (trx) => {
      let after = 0;
      for (;;) {
        const rows: Record<string, unknown>[] = await move
          .source(ACTIVITY_TABLE)
          .where('id', '>', after)
          .orderBy('id')
          .limit(MOVE_BATCH)
          .select('id', 'tableName', 'recordKey', 'action', 'userId', 'createdAt');
        if (rows.length === 0) break;
        after = Number(rows[rows.length - 1]?.id);
        await trx(ACTIVITY_TABLE).insert(
          rows.map(({ id: _id, ...row }) => ({ ...row, dataSource: move.dataSource })),
        );
      }
    });
  }
  await move.source.schema.dropTableIfExists(ACTIVITY_TABLE);
};

/** Days of the old feed a prune keeps when its input names none. */
export const PRUNE_DEFAULT_DAYS = 90;

/** Rows deleted per statement by a prune: short statements, never one long lock. */
const PRUNE_BATCH = 1000;

/**
 * How many days a prune keeps: a whole number of at least 1 given as `days` in its input (a number
 * or its text), else `PRUNE_DEFAULT_DAYS`; anything else fails the run.
 */
export const pruneDays = (input: Record<string, unknown>): number => {
  const given = input.days;
  if (given === undefined || given === null || given === '') return PRUNE_DEFAULT_DAYS;
  const days = typeof given === 'string' ? Number(given.trim()) : given;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > 36_500)
    throw new Error(`days must be a whole number from 1 to 36500, not ${JSON.stringify(given).slice(0, 40)}`);
  return days;
};

/**
 * The `prune` task: deletes the rows of the old feed older than `days` (default 90), a thousand at
 * a time, oldest first; answers how many went.
 */
export const pruneActivity = async (primary: Knex, days: number, now: Date = new Date()): Promise<number> => {
  const cutoff = now.getTime() - days * 86_400_000;
  let deleted = 0;
  for (;;) {
    const ids = (
      (await primary(ACTIVITY_TABLE)
        .where('createdAt', '<', cutoff)
        .orderBy('id')
        .limit(PRUNE_BATCH)
        .select('id')) as { id: unknown }[]
    ).map((row) => Number(row.id));
    if (ids.length === 0) return deleted;
    deleted += Number(await primary(ACTIVITY_TABLE).whereIn('id', ids).delete());
    if (ids.length < PRUNE_BATCH) return deleted;
  }
};
