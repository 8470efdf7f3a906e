import type { Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createKnex } from '../../../src/db/create-knex';
import { sqlDialect } from '../../../src/dialects/sql/sql-dialects';
import { describeEachDatabase, type TestEnvironment } from '../../helpers/test-databases';

const TABLE = 'claimed_ticks';

describeEachDatabase('insertUnlessPresent ($name)', (db) => {
  let env: TestEnvironment;
  let knex: Knex;

  beforeAll(async () => {
    env = await db.create();
    const source = env.config().dataSources[0];
    if (!source) throw new Error('no data source');
    knex = createKnex(source, undefined, 4);
    await knex.schema.createTable(TABLE, (t) => {
      t.increments('id');
      t.integer('owner').notNullable();
      t.bigInteger('tick').notNullable();
      t.string('runner', 20).notNullable();
      t.unique(['owner', 'tick']);
    });
  });
  afterAll(async () => {
    await knex?.destroy();
    await env?.drop();
  });

  it('writes a key once: the first insert is true, every later one false, and the row stays the first', async () => {
    const insert = (runner: string) =>
      sqlDialect(db.name).insertUnlessPresent(knex, TABLE, { owner: 1, tick: 1000, runner }, [
        'owner',
        'tick',
      ]);
    expect(await insert('a')).toBe(true);
    expect(await insert('b')).toBe(false);
    expect(await knex(TABLE).where({ owner: 1 }).select('runner')).toEqual([{ runner: 'a' }]);
    // another key is free
    expect(
      await sqlDialect(db.name).insertUnlessPresent(knex, TABLE, { owner: 1, tick: 2000, runner: 'b' }, [
        'owner',
        'tick',
      ]),
    ).toBe(true);
  });

  it('of inserts of one key at once, exactly one is true', async () => {
    const results = await Promise.all(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((runner) =>
        sqlDialect(db.name).insertUnlessPresent(knex, TABLE, { owner: 2, tick: 1000, runner }, [
          'owner',
          'tick',
        ]),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(Number((await knex(TABLE).where({ owner: 2 }).count({ n: '*' }).first())?.n)).toBe(1);
  });

  it('other refusals are still errors (a NOT NULL column left out)', async () => {
    await expect(
      sqlDialect(db.name).insertUnlessPresent(knex, TABLE, { owner: 3, tick: 1 }, ['owner', 'tick']),
    ).rejects.toThrow();
  });
});
