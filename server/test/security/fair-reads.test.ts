import type { LightMyRequestResponse } from 'fastify';
import createKnex, { type Knex } from 'knex';
import { expect, it } from 'vitest';
import type { App } from '../../src/app';
import { DEFAULT_QUERY_LIMITS, type QueryLimits } from '../../src/config';
import { createTable, type CreatedTable } from '../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../helpers/metadata-api';
import { clearTables } from '../helpers/physical-schema';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';
import { countBlocked, waitFor } from '../helpers/blocked-reads';

const ATTACKERS = 5;

interface Setup {
  app: App;
  attackers: ApiClient[];
  bystander: ApiClient;
  note: CreatedTable;
  memoId: number;
}

type Answer = LightMyRequestResponse;

/**
 * Five accounts, each within every cap, keep their allowed number of expensive reads running (an
 * unindexed LIKE filter on `note`, as a page and as a count); a bystander then reads one record and
 * a first page of the small `memo` table. The attackers' reads are held on a lock of `note` until
 * the test releases it, so "still running" is a state the test sees, not a duration it guesses.
 * PostgreSQL and MySQL only: SQLite runs each statement to its end on the server's own thread,
 * one at a time, so no queue can let a read pass one that has started.
 */
describeEachDatabase(
  'a group of users cannot queue another user’s cheap reads ($name)',
  (db) => {
    const apps = useTestApps(db);

    const setup = async (queries: Partial<QueryLimits> = {}): Promise<Setup> => {
      const app = await apps.build({}, apps.config({ queries: { ...DEFAULT_QUERY_LIMITS, ...queries } }));
      const knex = app.dataSources.primary.knex;
      await clearTables(knex);
      await knex('cb_user').where('username', 'like', 'fair%').delete();
      await knex('cb_role').where('code', 'like', 'ROLE_FAIR%').delete();
      const admin = apiClient(app, (await login(app)).cookie);
      const note = await createTable(admin, { name: 'note', caption: '笔记', columns: SYSTEM_COLUMNS });
      await createTable(admin, { name: 'memo', caption: '备忘', columns: SYSTEM_COLUMNS });
      for (const name of ['one', 'two', 'three']) {
        const created = await admin.post('/api/business/memo', { name });
        expect(created.statusCode, created.body).toBe(201);
      }
      await admin.post('/api/business/note', { name: 'a note' });
      const memo = await admin.get('/api/business/memo?limit=1');
      const memoId = Number((memo.json() as { id: number }[])[0]?.id);
      const attackers: ApiClient[] = [];
      for (let i = 0; i < ATTACKERS; i += 1) {
        await createUser(app, {
          username: `fair${i}`,
          password: 'Fair-pass-1',
          roles: { [`ROLE_FAIR${i}`]: 'business:note:read' },
        });
        attackers.push(apiClient(app, (await login(app, `fair${i}`, 'Fair-pass-1')).cookie));
      }
      await createUser(app, {
        username: 'fairbystander',
        password: 'Fair-pass-1',
        roles: { ROLE_FAIR_BYSTANDER: 'business:memo:read' },
      });
      const bystander = apiClient(app, (await login(app, 'fairbystander', 'Fair-pass-1')).cookie);
      return { app, attackers, bystander, note, memoId };
    };

    /** Each attacker's allowed number of reads: unindexed LIKE filters, pages and counts in turn. */
    const attack = (attackers: ApiClient[], perUser: number): Promise<Answer>[] =>
      attackers.flatMap((attacker, a) =>
        Array.from({ length: perUser }, (_, i) =>
          Promise.resolve(
            attacker.get(
              i % 2 === 0
                ? `/api/business/note?name=${encodeURIComponent(`LIKE x${a}${i}`)}`
                : `/api/business/note/count?name=${encodeURIComponent(`LIKE x${a}${i}`)}`,
            ),
          ),
        ),
      );

    it('answers a bystander’s record and first page while five users’ expensive reads still hold theirs', async () => {
      // A long query timeout: the attackers' reads that wait for a place must not be refused while
      // the test holds the lock (the caps under test are the defaults).
      const { app, attackers, bystander, note, memoId } = await setup({ timeoutMs: 60_000 });
      const { maxPerUser } = DEFAULT_QUERY_LIMITS;
      let calls: Promise<Answer>[] = [];
      await withTableHeld(app, db.name, note.tableName, async (blocked) => {
        calls = attack(attackers, maxPerUser);
        // The attackers' reads that reached the database are held on the lock.
        await waitFor(async () => (await blocked()) >= DEFAULT_QUERY_LIMITS.maxExpensive);
        const record = settled(bystander.get(`/api/business/memo/${memoId}`));
        const page = settled(bystander.get('/api/business/memo?limit=20'));
        // Either the bystander is answered, or its reads wait for the lock (behind the attackers');
        // the generous limit only ends the test of a queue that would wait for ever.
        await waitFor(async () => (record.done() && page.done()) || false, 15_000).catch(() => undefined);
        expect(record.done(), 'the record read waited behind the attackers’ reads').toBe(true);
        expect(page.done(), 'the first page waited behind the attackers’ reads').toBe(true);
        expect((await record.answer).statusCode).toBe(200);
        expect((await record.answer).json()).toMatchObject({ id: memoId });
        expect((await page.answer).statusCode).toBe(200);
        // Every attacker read is still under way: none was answered while the lock is held, and at
        // most the expensive cap of them hold a connection.
        expect(calls.length).toBe(ATTACKERS * maxPerUser);
        expect(await blocked()).toBe(DEFAULT_QUERY_LIMITS.maxExpensive);
      });
      const answers = await Promise.all(calls);
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(ATTACKERS * maxPerUser).fill(200));
    });
  },
  (db) => db.name !== 'sqlite',
);

/** A promise whose settling can be asked for without waiting. */
const settled = <T>(promise: PromiseLike<T>) => {
  let done = false;
  const answer = Promise.resolve(promise).finally(() => (done = true));
  return { answer, done: () => done };
};

/**
 * Runs `work` while a lock on `tableName` is held on a connection of the app's own pool that every
 * read of the table waits for: ACCESS EXCLUSIVE (PostgreSQL) or LOCK TABLES … WRITE (MySQL). `work`
 * gets a counter of the statements waiting for it.
 */
const withTableHeld = async (
  app: App,
  client: string,
  tableName: string,
  work: (blocked: () => Promise<number>) => Promise<void>,
) => {
  const { connection } = app.dataSources.primary.knex.client.config as Knex.Config;
  const observer = createKnex({
    client: client === 'pg' ? 'pg' : 'mysql2',
    connection,
    pool: { min: 0, max: 1 },
  });
  try {
    await app.dataSources.primary.knex.transaction(async (trx) => {
      const blocked = () => countBlocked(observer, client, tableName);
      if (client === 'pg') {
        await trx.raw('LOCK TABLE ?? IN ACCESS EXCLUSIVE MODE', [tableName]);
        await work(blocked);
        return;
      }
      await trx.raw('LOCK TABLES ?? WRITE', [tableName]);
      try {
        await work(blocked);
      } finally {
        await trx.raw('UNLOCK TABLES');
      }
    });
  } finally {
    await observer.destroy();
  }
};
