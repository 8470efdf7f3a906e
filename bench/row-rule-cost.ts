/**
 * What a row rule costs the list: the first page (10 rows) and the count of a table of
 * `BENCH_RULE_ROWS` rows (default 1,000,000) with an index on `ownerId`, read by two users of the
 * same permissions, one of them under the read rule `ownerId = $user.id` (they own 1 % of the
 * rows, the other user the rest), through the business API in this process (Fastify's inject: the server's own time). After
 * a warm-up round, four rounds of each in turn; p50 of page + count, and the overhead in percent.
 * Then the same for the list view's one request (`?withTotal=true`: the page and its total). A
 * second set of figures pages deep (offset 5,000 of the ruled user's rows, the same offset for the
 * other).
 *
 *   BENCH_RULE_ROWS  rows of the table (default 1000000)
 *   BENCH_RULE_RUNS  timed reads per figure (default 400)
 *
 * SQLite always; PostgreSQL with PG_URL, MySQL / MariaDB with MYSQL_URL (a database of the
 * benchmarks' own on that server, made afresh and dropped after).
 *
 *   tsx bench/row-rule-cost.ts
 */
import type { Knex } from 'knex';
import { buildApp, type App } from '../server/src/app';
import { hashPassword } from '../server/src/auth/password';
import { dateTimeText } from '../server/src/db/clock';
import { sqlDialect } from '../server/src/dialects/sql/sql-dialects';
import { SYSTEM } from '../server/src/db/table-names';
import { envInteger, median, ms, timeRuns } from './bench-stats';
import { benchTargets, type BenchTarget } from './bench-target';
import { injectedCalls } from './injected-calls';

const TABLE = 'benchOwned';
const PASSWORD = 'Bench-user-Pass-1';
/** One owner in this many is the ruled user. */
const OWNERS = 100;
/** Rows per insert: SQLite takes at most 500 terms in one compound SELECT. */
const BATCH = 400;

/** A signed-in reader of the table: GETs that throw on any answer of 300 or more. */
const readerOf = async (app: App, username: string) => {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: new URLSearchParams({ username, password: PASSWORD }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode >= 300) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  /** Milliseconds of the last call's page and count, each. */
  const last = { page: 0, count: 0 };
  return {
    last,
    pageAndCount: async (offset: number) => {
      const started = performance.now();
      await get(`/api/business/${TABLE}?offset=${offset}&limit=10`);
      const paged = performance.now();
      const count = Number((await get(`/api/business/${TABLE}/count`)).body);
      last.page = paged - started;
      last.count = performance.now() - paged;
      return count;
    },
    /** The list view's one request: the page and its total (`withTotal=true`). */
    listView: async (offset: number) => {
      const answer = await get(`/api/business/${TABLE}?offset=${offset}&limit=10&withTotal=true`);
      return (JSON.parse(answer.body) as { total: number }).total;
    },
  };
};

const addUser = async (db: Knex, username: string, roleCode: string): Promise<number> => {
  const now = dateTimeText(new Date());
  const stamps = { createdDate: now, lastModifiedDate: now };
  await db(SYSTEM.user).insert({
    username,
    realname: username,
    password: await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 }),
    enabled: true,
    ...stamps,
  });
  const user = await db(SYSTEM.user).where('username', username).first();
  const role = await db(SYSTEM.role).where('code', roleCode).first();
  await db(SYSTEM.userRole).insert({ userId: user.id, roleId: role.id });
  return Number(user.id);
};

const measure = async (target: BenchTarget, rows: number, runs: number): Promise<void> => {
  await target.reset();
  const app = await buildApp(target.config, { webRoot: '/nonexistent-web-root' });
  try {
    const call = await injectedCalls(app);
    const created = await call('POST', '/api/metadata/tables', {
      name: TABLE,
      columns: [
        { name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true, nullable: false },
        { name: 'name', dataType: 'VARCHAR', length: 100 },
        { name: 'amount', dataType: 'INT' },
        { name: 'ownerId', dataType: 'BIGINT', indexType: 'INDEX' },
      ],
    });
    const tableId = Number(created.body);
    const db = app.dataSources.primary.knex;
    const read = `business:${TABLE}:read`;
    for (const code of ['ROLE_BENCH_FREE', 'ROLE_BENCH_RULED']) {
      await call('POST', '/api/business/role', { name: code, code, permissions: read });
    }
    const free = await addUser(db, 'free', 'ROLE_BENCH_FREE');
    const ruled = await addUser(db, 'ruled', 'ROLE_BENCH_RULED');
    const ruledRole = await db(SYSTEM.role).where('code', 'ROLE_BENCH_RULED').first();
    await call('POST', '/api/business/tablePermission', {
      tableId,
      roleId: Number(ruledRole.id),
      permissions: read,
      rowRules: JSON.stringify({ read: { columnName: 'ownerId', operatorType: 'EQ', values: ['$user.id'] } }),
    });
    const started = performance.now();
    for (let first = 0; first < rows; first += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, rows - first) }, (_, i) => {
        const n = first + i;
        return {
          name: `记录 ${n}`,
          amount: n % 1000,
          // Every row has an owner who is a user, so both readers' pages carry their owners' names
          // (`$userNames`) and differ only by the rule.
          ownerId: n % OWNERS === 0 ? ruled : free,
        };
      });
      await db(TABLE).insert(batch);
    }
    console.log(
      `row-rule-cost ${target.client}: ${rows} rows inserted in ${ms(performance.now() - started)}`,
    );
    const readers = { free: await readerOf(app, 'free'), ruled: await readerOf(app, 'ruled') };
    const counts = {
      free: await readers.free.pageAndCount(0),
      ruled: await readers.ruled.pageAndCount(0),
    };
    // That first count under the rule starts keeping the owners' counts, in the background: the
    // figures are of a table that keeps them.
    const keeping = performance.now();
    const dialect = sqlDialect(target.client);
    while ((await dialect.keptOwnerCount(db, TABLE, ruled, db)) === null) {
      if (performance.now() - keeping > 120_000) throw new Error('owner counts were not kept');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log(`row-rule-cost ${target.client}: owner counts kept after ${ms(performance.now() - keeping)}`);
    console.log(
      `row-rule-cost ${target.client}: the free user counts ${counts.free}, the ruled one ${counts.ruled}`,
    );
    const deep = Math.min(5000, Math.max(0, counts.ruled - 10));
    for (const offset of [0, deep]) {
      await timeRuns(runs, 50, () => readers.free.pageAndCount(offset));
      await timeRuns(runs, 50, () => readers.ruled.pageAndCount(offset));
      const times = { free: [] as number[], ruled: [] as number[] };
      const parts = {
        free: { page: [] as number[], count: [] as number[] },
        ruled: { page: [] as number[], count: [] as number[] },
      };
      for (let round = 0; round < 4; round += 1) {
        for (const who of round % 2 === 0 ? (['free', 'ruled'] as const) : (['ruled', 'free'] as const)) {
          times[who].push(
            ...(await timeRuns(Math.ceil(runs / 4), 20, async () => {
              await readers[who].pageAndCount(offset);
              parts[who].page.push(readers[who].last.page);
              parts[who].count.push(readers[who].last.count);
            })),
          );
        }
      }
      const p50 = { free: median(times.free), ruled: median(times.ruled) };
      const split = (who: 'free' | 'ruled') =>
        `${ms(p50[who])} (page ${ms(median(parts[who].page))}, count ${ms(median(parts[who].count))})`;
      console.log(
        `row-rule-cost ${target.client} offset ${offset}: page + count p50 without a rule ${split('free')}, with ownerId = $user.id ${split('ruled')}, overhead ${Math.round((p50.ruled / p50.free - 1) * 100)} %`,
      );
      const views = { free: [] as number[], ruled: [] as number[] };
      for (let round = 0; round < 4; round += 1) {
        for (const who of round % 2 === 0 ? (['free', 'ruled'] as const) : (['ruled', 'free'] as const)) {
          views[who].push(...(await timeRuns(Math.ceil(runs / 4), 20, () => readers[who].listView(offset))));
        }
      }
      const view = { free: median(views.free), ruled: median(views.ruled) };
      console.log(
        `row-rule-cost ${target.client} offset ${offset}: list view (page with total) p50 without a rule ${ms(view.free)}, with ownerId = $user.id ${ms(view.ruled)}, overhead ${Math.round((view.ruled / view.free - 1) * 100)} %`,
      );
    }
  } finally {
    await app.close();
    await target.reset();
  }
};

export const runRowRuleCost = async (): Promise<void> => {
  const rows = envInteger('BENCH_RULE_ROWS', 1_000_000);
  const runs = envInteger('BENCH_RULE_RUNS', 400);
  for (const target of benchTargets(0)) await measure(target, rows, runs);
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runRowRuleCost();
}
