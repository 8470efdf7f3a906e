import type { Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createKnex } from '../../../src/db/create-knex';
import { sqlDialect } from '../../../src/dialects/sql/sql-dialects';
import { describeEachDatabase, itOn, type TestEnvironment } from '../../helpers/test-databases';

const TABLE = 'odd "name` at commit';
const COLUMNS = ['id', 'label "quoted`', 'amount'] as const;

describeEachDatabase('insertAtCommit ($name)', (db) => {
  let env: TestEnvironment;
  // One connection: a transaction left open or aborted would show in the next one.
  let knex: Knex;
  let other: Knex;
  const insert = (trx: Knex.Transaction, values: readonly (string | number | null)[]) =>
    sqlDialect(db.name).insertAtCommit(trx, 'odd_at_commit', TABLE, COLUMNS, values);
  const rows = async (on: Knex = knex) =>
    (
      await on(TABLE)
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
    knex = createKnex(source, undefined, 1);
    other = createKnex(source, undefined, 1);
    await knex.schema.createTable(TABLE, (t) => {
      t.integer('id').primary();
      t.string('label "quoted`', 50);
      t.bigInteger('amount').notNullable();
    });
  });
  afterAll(async () => {
    await Promise.all([knex?.destroy(), other?.destroy()]);
    await env?.drop();
  });

  it('commits the rows with the transaction, values of every kind sent as they are', async () => {
    const odd = `it's \\ a "test"; drop table x; -- 第三 \u{1F600}`;
    await knex.transaction(async (trx) => {
      await insert(trx, [1, odd, 10]);
      await insert(trx, [2, null, 1_700_000_000_000]);
    });
    expect(await rows()).toEqual([
      [1, odd, 10],
      [2, null, 1_700_000_000_000],
    ]);
    await knex(TABLE).delete();
  });

  it('leaves nothing when its transaction rolls back, and the next transaction runs as usual', async () => {
    await expect(
      knex.transaction(async (trx) => {
        await insert(trx, [3, 'gone', 1]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await knex.transaction(async (trx) => insert(trx, [4, 'kept', 1]));
    expect(await rows()).toEqual([[4, 'kept', 1]]);
    await knex(TABLE).delete();
  });

  it('fails the commit when the row is refused: nothing of the transaction commits, the connection stays usable', async () => {
    await knex(TABLE).insert({ id: 5, 'label "quoted`': 'first', amount: 1 });
    await expect(
      knex.transaction(async (trx) => {
        await trx(TABLE).insert({ id: 6, 'label "quoted`': 'same transaction', amount: 1 });
        await insert(trx, [5, 'a key taken', 1]);
      }),
    ).rejects.toThrow();
    expect(await rows(other)).toEqual([[5, 'first', 1]]);
    // The one connection is clean: a new transaction commits.
    await knex.transaction(async (trx) => {
      await trx(TABLE).insert({ id: 7, 'label "quoted`': 'after', amount: 1 });
      await insert(trx, [8, 'after too', 2]);
    });
    expect(await rows(other)).toEqual([
      [5, 'first', 1],
      [7, 'after', 1],
      [8, 'after too', 2],
    ]);
    await knex(TABLE).delete();
  });

  it('in a nested transaction, inserts with it: a savepoint rolled back takes the row, the outer commit keeps the others', async () => {
    await knex.transaction(async (trx) => {
      await insert(trx, [9, 'outer', 1]);
      await trx
        .transaction(async (inner) => {
          await insert(inner, [10, 'inner, rolled back', 1]);
          throw new Error('inner');
        })
        .catch(() => undefined);
      await trx.transaction(async (inner) => insert(inner, [11, 'inner, kept', 1]));
    });
    expect(await rows(other)).toEqual([
      [9, 'outer', 1],
      [11, 'inner, kept', 1],
    ]);
    await knex(TABLE).delete();
  });

  itOn(db, 'pg')('costs no statement of its own on PostgreSQL: it goes with the COMMIT', async () => {
    const sent: string[] = [];
    const count = (query: { sql: string }) => sent.push(query.sql);
    knex.on('query', count);
    try {
      await knex.transaction(async (trx) => {
        await trx(TABLE).insert({ id: 12, 'label "quoted`': 'row', amount: 1 });
        await insert(trx, [13, 'with the commit', 1]);
      });
    } finally {
      knex.off('query', count);
    }
    expect(sent.map((sql) => sql.split(/\s/)[0]?.toUpperCase())).toEqual(['BEGIN;', 'INSERT', 'INSERT']);
    expect(sent[2]).toMatch(/with the commit[\s\S]*COMMIT;$/);
    expect(await rows(other)).toEqual([
      [12, 'row', 1],
      [13, 'with the commit', 1],
    ]);
  });
});
