import type { Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createKnex } from '../../../src/db/create-knex';
import { sqlDialect } from '../../../src/dialects/sql/sql-dialects';
import { describeEachDatabase, type TestEnvironment } from '../../helpers/test-databases';

const TABLE = 'odd "name` table';
const COLUMNS = ['id', 'label "quoted`', 'amount'] as const;

describeEachDatabase('insertPrepared ($name)', (db) => {
  let env: TestEnvironment;
  let knex: Knex;
  const insert = (trx: Knex.Transaction, values: readonly unknown[]) =>
    sqlDialect(db.name).insertPrepared(trx, 'odd_insert', TABLE, COLUMNS, values);
  const rows = async () =>
    (
      await knex(TABLE)
        .select(...COLUMNS)
        .orderBy('id')
    ).map((row: Record<string, unknown>) =>
      COLUMNS.map((column) =>
        column === 'amount' && row[column] !== null ? Number(row[column]) : row[column],
      ),
    );

  beforeAll(async () => {
    env = await db.create();
    const source = env.config().dataSources[0];
    if (!source) throw new Error('no data source');
    knex = createKnex(source, undefined, 2);
    await knex.schema.createTable(TABLE, (t) => {
      t.integer('id').primary();
      t.string('label "quoted`', 50);
      t.bigInteger('amount');
    });
  });
  afterAll(async () => {
    await knex?.destroy();
    await env?.drop();
  });

  it('inserts in the transaction, again and again with the same statement, odd names quoted', async () => {
    await knex.transaction(async (trx) => {
      await insert(trx, [1, "it's", 10]);
      await insert(trx, [2, null, 1_700_000_000_000]);
    });
    await knex.transaction(async (trx) => insert(trx, [3, '第三', null]));
    expect(await rows()).toEqual([
      [1, "it's", 10],
      [2, null, 1_700_000_000_000],
      [3, '第三', null],
    ]);
  });

  it('leaves nothing when its transaction rolls back', async () => {
    await expect(
      knex.transaction(async (trx) => {
        await insert(trx, [4, 'gone', 1]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await rows()).map(([id]) => id)).toEqual([1, 2, 3]);
  });

  it('fails the transaction on a duplicate key, like any insert', async () => {
    await expect(knex.transaction(async (trx) => insert(trx, [1, 'twice', 1]))).rejects.toThrow();
    expect((await rows()).map(([id]) => id)).toEqual([1, 2, 3]);
  });
});
