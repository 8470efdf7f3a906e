import type { Knex } from 'knex';
import { afterAll, beforeAll, expect } from 'vitest';
import { createKnex } from '../../../src/db/create-knex';
import { DatabaseLockTimeout, keyLocksWith, START_UP_LOCK } from '../../../src/dialects/sql/database-lock';
import { sqlDialect } from '../../../src/dialects/sql/sql-dialects';
import { describeEachDatabase, itOn, type TestEnvironment } from '../../helpers/test-databases';

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

describeEachDatabase('withDatabaseLock ($name)', (db) => {
  let env: TestEnvironment;
  let other: TestEnvironment;
  // Two pools on one database stand for two servers.
  let a: Knex;
  let b: Knex;
  const source = () => {
    const config = env.config().dataSources[0];
    if (!config) throw new Error('no data source');
    return config;
  };
  beforeAll(async () => {
    env = await db.create();
    a = createKnex(source(), undefined, 3);
    b = createKnex(source(), undefined, 3);
  });
  afterAll(async () => {
    await Promise.all([a?.destroy(), b?.destroy()]);
    await env?.drop();
    await other?.drop();
  });
  const lock = <T>(knex: Knex, name: string, work: () => Promise<T>, waitMs?: number) =>
    sqlDialect(db.name).withDatabaseLock(knex, name, work, waitMs);

  itOn(
    db,
    'pg',
    'mysql',
  )('serialises the holders of one name across pools, and not of another', async () => {
    const events: string[] = [];
    const holder = (knex: Knex, who: string, name = 'one') =>
      lock(knex, name, async () => {
        events.push(`${who} in`);
        await pause(300);
        events.push(`${who} out`);
      });
    const first = holder(a, 'a');
    await pause(50);
    await Promise.all([first, holder(b, 'b'), holder(b, 'c', 'two')]);
    expect(events.indexOf('b in')).toBeGreaterThan(events.indexOf('a out'));
    // Another name is not held up by the first.
    expect(events.indexOf('c in')).toBeLessThan(events.indexOf('a out'));
  });

  itOn(
    db,
    'pg',
    'mysql',
  )(
    "keys locks by the database's secret: pools holding it take turns, a fixed key never meets them",
    async () => {
      const c = createKnex(source(), undefined, 2);
      const d = createKnex(source(), undefined, 2);
      try {
        keyLocksWith(c, 'the secret');
        keyLocksWith(d, 'the secret');
        const events: string[] = [];
        const holder = (knex: Knex, who: string, name = 'keyed') =>
          lock(knex, name, async () => {
            events.push(`${who} in`);
            await pause(300);
            events.push(`${who} out`);
          });
        const first = holder(c, 'c');
        await pause(50);
        // d shares the secret and waits; a (no secret, the fixed key) does not.
        await Promise.all([first, holder(d, 'd'), holder(a, 'a')]);
        expect(events.indexOf('d in')).toBeGreaterThan(events.indexOf('c out'));
        expect(events.indexOf('a in')).toBeLessThan(events.indexOf('c out'));
        // The start-up lock keeps its fixed key: a and c take turns on it.
        events.length = 0;
        const starting = holder(c, 'c', START_UP_LOCK);
        await pause(50);
        await Promise.all([starting, holder(a, 'a', START_UP_LOCK)]);
        expect(events.indexOf('a in')).toBeGreaterThan(events.indexOf('c out'));
      } finally {
        await Promise.all([c.destroy(), d.destroy()]);
      }
    },
  );

  itOn(
    db,
    'pg',
    'mysql',
  )('gives the lock back when the work fails, and returns its connection', async () => {
    await expect(
      lock(a, 'failing', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(lock(b, 'failing', async () => 'taken', 2000)).resolves.toBe('taken');
    const pool = (a.client as { pool: { numUsed(): number } }).pool;
    expect(pool.numUsed()).toBe(0);
  });

  itOn(
    db,
    'pg',
    'mysql',
  )('stops waiting after waitMs with DatabaseLockTimeout, running nothing', async () => {
    let release!: () => void;
    const held = lock(a, 'busy', () => new Promise<void>((done) => (release = done)));
    await pause(100);
    let ran = false;
    const started = Date.now();
    const waited = lock(
      b,
      'busy',
      async () => {
        ran = true;
      },
      400,
    );
    await expect(waited).rejects.toBeInstanceOf(DatabaseLockTimeout);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(ran).toBe(false);
    release();
    await held;
    // The connection that timed out is usable again and has no lock timeout left behind.
    await expect(lock(b, 'busy', async () => 'free', 1000)).resolves.toBe('free');
  });

  itOn(db, 'mysql')('is scoped to the database: the same name on another database is not held', async () => {
    other = await db.create();
    const config = other.config().dataSources[0];
    if (!config) throw new Error('no data source');
    const elsewhere = createKnex(config, undefined, 2);
    try {
      let release!: () => void;
      const held = lock(a, 'shared-name', () => new Promise<void>((done) => (release = done)));
      await pause(100);
      await expect(lock(elsewhere, 'shared-name', async () => 'own', 300)).resolves.toBe('own');
      release();
      await held;
    } finally {
      await elsewhere.destroy();
    }
  });

  itOn(db, 'sqlite')('runs the work (one server per SQLite file)', async () => {
    await expect(lock(a, 'one', async () => 'done', 10)).resolves.toBe('done');
  });
});
