import createKnex, { type Knex } from 'knex';
import { expect, it } from 'vitest';
import type { App } from '../../src/app';
import { DEFAULT_QUERY_LIMITS, type QueryLimits } from '../../src/config';
import { createTable, type CreatedTable } from '../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../helpers/metadata-api';
import { clearTables } from '../helpers/physical-schema';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase, itOn } from '../helpers/test-databases';
import { createUser } from '../helpers/users';
import { countBlocked, waitFor } from '../helpers/blocked-reads';

interface Setup {
  app: App;
  admin: ApiClient;
  readers: ApiClient[];
  table: CreatedTable;
  knex: Knex;
}

const like = (text: string) => ({ columnName: 'name', operatorType: 'LIKE', values: [text] });
const eq = (text: string) => ({ columnName: 'name', operatorType: 'EQ', values: [text] });
const filterOf = (conditions: unknown[]) =>
  `filter=${encodeURIComponent(JSON.stringify({ conditionType: 'OR', conditions }))}`;

describeEachDatabase('one reader cannot starve the others ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async (queries: Partial<QueryLimits> = {}, readerCount = 1): Promise<Setup> => {
    const app = await apps.build({}, apps.config({ queries: { ...DEFAULT_QUERY_LIMITS, ...queries } }));
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    await knex('cb_user').where('username', 'like', 'reader%').delete();
    await knex('cb_role').where('code', 'like', 'ROLE_READER%').delete();
    const admin = apiClient(app, (await login(app)).cookie);
    const table = await createTable(admin, { name: 'note', caption: '笔记', columns: SYSTEM_COLUMNS });
    const readers: ApiClient[] = [];
    for (let i = 0; i < readerCount; i += 1) {
      await createUser(app, {
        username: `reader${i}`,
        password: 'Reader-pass-1',
        roles: { [`ROLE_READER${i}`]: 'business:note:read' },
      });
      readers.push(apiClient(app, (await login(app, `reader${i}`, 'Reader-pass-1')).cookie));
    }
    return { app, admin, readers, table, knex };
  };

  it('refuses a filter with too many LIKE conditions or too many conditions, naming the cap', async () => {
    const { readers } = await setup();
    const [reader] = readers as [ApiClient];
    const manyLikes = await reader.get(
      `/api/business/note/count?${filterOf(Array.from({ length: 11 }, (_, i) => like(`x${i}`)))}`,
    );
    expect(manyLikes.statusCode, manyLikes.body).toBe(400);
    expect(manyLikes.json().errors.filter).toMatch(/10/);
    // LIKE column filters count as well.
    const mixed = await reader.get(
      `/api/business/note?name=${encodeURIComponent('LIKE a')}&${filterOf(Array.from({ length: 10 }, (_, i) => like(`x${i}`)))}`,
    );
    expect(mixed.statusCode, mixed.body).toBe(400);
    const manyLeaves = await reader.get(
      `/api/business/note?${filterOf(Array.from({ length: 101 }, (_, i) => eq(`x${i}`)))}`,
    );
    expect(manyLeaves.statusCode, manyLeaves.body).toBe(400);
    expect(manyLeaves.json().errors.filter).toMatch(/100/);
    // At the caps, the request runs.
    const atCaps = await reader.get(
      `/api/business/note/count?${filterOf([
        ...Array.from({ length: 10 }, (_, i) => like(`x${i}`)),
        ...Array.from({ length: 90 }, (_, i) => eq(`x${i}`)),
      ])}`,
    );
    expect(atCaps.statusCode, atCaps.body).toBe(200);
  });

  itOn(
    db,
    'pg',
    'mysql',
  )('stops a business read at the statement timeout with a clear 400', async () => {
    const { app, readers, table } = await setup({ timeoutMs: 400 });
    const [reader] = readers as [ApiClient];
    await withTableHeld(app.dataSources.primary.knex, db.name, table.tableName, async () => {
      const started = Date.now();
      const response = await reader.get('/api/business/note/count?name=a');
      expect(Date.now() - started).toBeLessThan(5000);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'QUERY_TIMEOUT' });
      expect(response.json().message).toMatch(/0\.4|400/);
    });
    // The connection came back usable.
    expect((await reader.get('/api/business/note/count?name=a')).statusCode).toBe(200);
  });

  itOn(
    db,
    'pg',
    'mysql',
  )('runs at most the per-user number of one user’s reads at once; the others wait their turn', async () => {
    const { app, admin, readers, table, knex } = await setup({ maxPerUser: 2, timeoutMs: 20_000 }, 1);
    await createTable(admin, { name: 'memo', caption: '备忘', columns: SYSTEM_COLUMNS });
    const [reader] = readers as [ApiClient];
    let calls: Promise<{ statusCode: number }>[] = [];
    await withTableHeld(knex, db.name, table.tableName, async () => {
      calls = Array.from({ length: 8 }, () => reader.get('/api/business/note/count?name=a'));
      await waitFor(async () => (await blockedReads(app, db.name, table.tableName)) >= 2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await blockedReads(app, db.name, table.tableName)).toBe(2);
      // The super admin's unrelated reads are answered meanwhile.
      const started = Date.now();
      expect((await admin.get('/api/business/memo?limit=5')).statusCode).toBe(200);
      expect((await admin.get('/api/users/me')).statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);
    });
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
  });

  itOn(
    db,
    'pg',
    'mysql',
  )('refuses a user’s reads past the waiting line with 429 and Retry-After', async () => {
    const { app, readers, table } = await setup({ maxPerUser: 1, maxWaitingPerUser: 1, timeoutMs: 20_000 });
    const [reader] = readers as [ApiClient];
    type Answer = { statusCode: number; headers: Record<string, unknown> };
    const refusedEarly: Answer[] = [];
    let calls: Promise<Answer>[] = [];
    await withTableHeld(app.dataSources.primary.knex, db.name, table.tableName, async () => {
      // Promise.resolve sends each request now (an injected request goes out when awaited).
      calls = Array.from({ length: 4 }, () =>
        Promise.resolve(reader.get('/api/business/note/count?name=a')).then((answer) => {
          if (answer.statusCode === 429) refusedEarly.push(answer);
          return answer;
        }),
      );
      // One runs (held by the lock) and one waits its turn; the other two are refused at once.
      await waitFor(async () => refusedEarly.length === 2, 5000);
    });
    for (const answer of refusedEarly) expect(answer.headers['retry-after']).toBe('1');
    const statuses = (await Promise.all(calls)).map((answer) => answer.statusCode);
    expect(statuses.sort()).toEqual([200, 200, 429, 429]);
  });

  itOn(
    db,
    'pg',
    'mysql',
  )('signs in and answers /me while data reads fill the data pool', async () => {
    // The running caps of all users raised to the data pool's size, so that reads can fill it.
    const { app, readers, table, knex } = await setup(
      { maxPerUser: 5, maxRunning: 10, maxExpensive: 10, timeoutMs: 20_000 },
      3,
    );
    let calls: Promise<{ statusCode: number }>[] = [];
    await withTableHeld(knex, db.name, table.tableName, async () => {
      calls = readers.flatMap((reader) =>
        Array.from({ length: 5 }, () => reader.get('/api/business/note/count?name=a')),
      );
      // 15 reads wanted, 9 connections left beside the lock holder's: the data pool is full.
      await waitFor(async () => (await blockedReads(app, db.name, table.tableName)) >= 9);
      const started = Date.now();
      const signedIn = await login(app);
      expect(signedIn.response.statusCode).toBe(200);
      const me = await apiClient(app, signedIn.cookie).get('/api/users/me');
      expect(me.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(3000);
    });
    expect((await Promise.all(calls)).every((answer) => answer.statusCode === 200)).toBe(true);
  });
});

/**
 * Runs `work` while a lock on `tableName` is held that every read of it waits for: an ACCESS
 * EXCLUSIVE table lock (PostgreSQL) or a write table lock (MySQL / MariaDB), on a connection of the
 * app's own pool.
 */
const withTableHeld = async (knex: Knex, client: string, tableName: string, work: () => Promise<void>) => {
  await knex.transaction(async (trx) => {
    if (client === 'pg') {
      await trx.raw('LOCK TABLE ?? IN ACCESS EXCLUSIVE MODE', [tableName]);
      await work();
      return;
    }
    await trx.raw('LOCK TABLES ?? WRITE', [tableName]);
    try {
      await work();
    } finally {
      await trx.raw('UNLOCK TABLES');
    }
  });
};

/**
 * How many statements on `tableName` are waiting for a lock, seen from a connection of its own
 * (the app's pool may be full).
 */
const blockedReads = async (app: App, client: string, tableName: string): Promise<number> => {
  const { connection } = app.dataSources.primary.knex.client.config as Knex.Config;
  const knex = createKnex({
    client: client === 'pg' ? 'pg' : 'mysql2',
    connection,
    pool: { min: 0, max: 1 },
  });
  try {
    return await countBlocked(knex, client, tableName);
  } finally {
    await knex.destroy();
  }
};
