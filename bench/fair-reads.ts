/**
 * A bystander's one-record read while a group of users saturates the data source with expensive
 * reads (PostgreSQL with PG_URL, MySQL / MariaDB with MYSQL_URL). BENCH_FAIR_USERS accounts each
 * keep QUERY_MAX_PER_USER (4) counts running back to back, every count an OR of BENCH_FAIR_LIKES
 * LIKE conditions over a table of BENCH_FAIR_ROWS rows (seeded with one INSERT … SELECT; no index
 * serves it); meanwhile another user reads one record by key, then the first page of a 100-row
 * table, one after the other, for BENCH_FAIR_SECONDS. Printed per database: one attacking count
 * alone, then the bystander's p50 / p99 / worst for both reads, twice: with the running caps off
 * (QUERY_MAX_RUNNING and QUERY_MAX_EXPENSIVE at 1000: every read queues first come, first served
 * for the pool, as before the fair queue) and with the defaults.
 *
 *   BENCH_FAIR_ROWS      rows of the attacked table (default 100000)
 *   BENCH_FAIR_USERS     attacking accounts (default 5)
 *   BENCH_FAIR_LIKES     LIKE conditions per attacking count (default 2)
 *   BENCH_FAIR_SECONDS   how long each round measures (default 30)
 *
 *   MYSQL_URL=mysql://… npm run bench -- fair-reads
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knex from 'knex';
import { hashPassword } from '../server/src/auth/password';
import { DEFAULT_QUERY_LIMITS, loadConfig } from '../server/src/config';
import { startBenchServer, type BenchServer } from './bench-server';
import { envInteger, ms } from './bench-stats';
import { BENCH_PASSWORD } from './bench-target';

const USER_PASSWORD = 'Fair-pass-1';

type Client = 'pg' | 'mysql';

interface Database {
  client: Client;
  adminUrl: string;
  name: string;
  url: string;
}

const signIn = async (server: BenchServer, username: string): Promise<string> => {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: USER_PASSWORD }).toString(),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (response.status !== 200 || !cookie)
    throw new Error(`${username} could not sign in: ${response.status}`);
  return cookie;
};

const filterOf = (likes: number, salt: number) =>
  encodeURIComponent(
    JSON.stringify({
      conditionType: 'OR',
      conditions: Array.from({ length: likes }, (_, i) => ({
        columnName: i % 2 === 0 ? 'name' : 'note',
        operatorType: 'LIKE',
        values: [`zq${salt}x${i}`],
      })),
    }),
  );

const get = async (server: BenchServer, cookie: string, path: string): Promise<number> => {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
  await response.text();
  return response.status;
};

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

const openDatabase = async (client: Client, adminUrl: string): Promise<Database> => {
  const name = `cb_bench_fair_${randomBytes(4).toString('hex')}`;
  const admin = knex({
    client: client === 'pg' ? 'pg' : 'mysql2',
    connection: adminUrl,
    pool: { min: 0, max: 1 },
  });
  try {
    await admin.raw('CREATE DATABASE ??', [name]);
  } finally {
    await admin.destroy();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { client, adminUrl, name, url: url.toString() };
};

const dropDatabase = async (database: Database): Promise<void> => {
  const admin = knex({
    client: database.client === 'pg' ? 'pg' : 'mysql2',
    connection: database.adminUrl,
    pool: { min: 0, max: 1 },
  });
  try {
    await admin.raw(
      database.client === 'pg' ? 'DROP DATABASE IF EXISTS ?? WITH (FORCE)' : 'DROP DATABASE IF EXISTS ??',
      [database.name],
    );
  } finally {
    await admin.destroy();
  }
};

const startServer = (database: Database, dir: string, env: Record<string, string>) => {
  const base = loadConfig({ DATA_DIR: dir, DATA_SOURCES: '[]', ...env }, dir);
  return startBenchServer({
    ...base,
    adminPassword: BENCH_PASSWORD,
    dataSources: [
      {
        name: 'primary',
        caption: '主数据源',
        client: database.client,
        connection: database.url,
        database: database.name,
      },
    ],
  });
};

/** The attacked table, the small one, the attacking accounts and the bystander. */
const seed = async (server: BenchServer, client: Client, rows: number, users: number) => {
  const columns = [
    { name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true, nullable: false },
    { name: 'name', dataType: 'VARCHAR', length: 200, nullable: false, queryable: true },
    { name: 'note', dataType: 'TEXT', queryable: true },
  ];
  await server.call('POST', '/api/metadata/tables', { name: 'note', columns });
  await server.call('POST', '/api/metadata/tables', { name: 'memo', columns });
  const db = server.app.dataSources.primary.knex;
  const started = performance.now();
  if (client === 'pg') {
    await db.raw(
      `insert into note (name, note)
         select 'name ' || g || ' ' || md5(g::text), repeat(md5((g * 7)::text), 4) from generate_series(1, ?) g`,
      [rows],
    );
    await db.raw(`insert into memo (name, note) select 'memo ' || g, 'x' from generate_series(1, 100) g`);
    await db.raw('analyze note');
  } else {
    await db.raw(
      `insert into note (name, note)
         select concat('name ', seq, ' ', md5(seq)), repeat(md5(seq * 7), 4) from seq_1_to_${rows}`,
    );
    await db.raw(`insert into memo (name, note) select concat('memo ', seq), 'x' from seq_1_to_100`);
    await db.raw('analyze table note');
  }
  console.log(
    `fair-reads (${client}): seeded ${rows} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  const password = await hashPassword(USER_PASSWORD);
  const account = async (username: string, permissions: string) => {
    await db('cb_user').insert({
      username,
      realname: username,
      password,
      enabled: true,
      createdDate: now,
      lastModifiedDate: now,
    });
    const code = `ROLE_${username.toUpperCase()}`;
    await db('cb_role').insert({
      name: username,
      code,
      permissions,
      createdDate: now,
      lastModifiedDate: now,
    });
    const user = (await db('cb_user').where('username', username).first('id')) as { id: number };
    const role = (await db('cb_role').where('code', code).first('id')) as { id: number };
    await db('cb_user_role').insert({ userId: user.id, roleId: role.id });
  };
  for (let i = 0; i < users; i += 1) await account(`attacker${i}`, 'business:note:read');
  await account('bystander', 'business:memo:read');
  const memo = (await db('memo').orderBy('id').first('id')) as { id: number };
  return memo.id;
};

interface Round {
  record: number[];
  page: number[];
  failures: number;
  attackAnswers: Map<number, number>;
}

/** The attack for `seconds`, and the bystander's reads meanwhile. */
const round = async (
  server: BenchServer,
  users: number,
  likes: number,
  seconds: number,
  memoId: number,
): Promise<Round> => {
  const attackers = await Promise.all(
    Array.from({ length: users }, (_, i) => signIn(server, `attacker${i}`)),
  );
  const bystander = await signIn(server, 'bystander');
  const until = performance.now() + seconds * 1000;
  const attackAnswers = new Map<number, number>();
  let salt = 0;
  const attack = Promise.all(
    attackers.flatMap((cookie) =>
      Array.from({ length: DEFAULT_QUERY_LIMITS.maxPerUser }, async () => {
        while (performance.now() < until) {
          salt += 1;
          const status = await get(
            server,
            cookie,
            `/api/business/note/count?filter=${filterOf(likes, salt)}`,
          ).catch(() => 0);
          attackAnswers.set(status, (attackAnswers.get(status) ?? 0) + 1);
        }
      }),
    ),
  );
  // The attack fills the pool before the bystander starts.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const record: number[] = [];
  const page: number[] = [];
  let failures = 0;
  while (performance.now() < until) {
    for (const [path, times] of [
      [`/api/business/memo/${memoId}`, record],
      ['/api/business/memo?limit=20', page],
    ] as const) {
      const started = performance.now();
      const status = await get(server, bystander, path).catch(() => 0);
      times.push(performance.now() - started);
      if (status !== 200) failures += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await attack;
  return { record, page, failures, attackAnswers };
};

const summary = (times: number[]): string => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 0.5))}, p99 ${ms(percentile(sorted, 0.99))}, worst ${ms(sorted.at(-1) ?? 0)} (${sorted.length} reads)`;
};

const runOn = async (client: Client, adminUrl: string): Promise<void> => {
  const rows = envInteger('BENCH_FAIR_ROWS', 100_000);
  const users = envInteger('BENCH_FAIR_USERS', 5);
  const likes = envInteger('BENCH_FAIR_LIKES', 2);
  const seconds = envInteger('BENCH_FAIR_SECONDS', 30);
  const database = await openDatabase(client, adminUrl);
  const dir = mkdtempSync(join(tmpdir(), 'crudboard-bench-fair-'));
  try {
    const seeding = await startServer(database, dir, {});
    let memoId: number;
    try {
      memoId = await seed(seeding, client, rows, users);
      const started = performance.now();
      await get(
        seeding,
        await signIn(seeding, 'attacker0'),
        `/api/business/note/count?filter=${filterOf(likes, 0)}`,
      );
      console.log(
        `fair-reads (${client}): one count × ${likes} LIKE over ${rows} rows alone: ${ms(performance.now() - started)}`,
      );
    } finally {
      await seeding.close();
    }
    const rounds: [string, Record<string, string>][] = [
      ['caps off (first come, first served)', { QUERY_MAX_RUNNING: '1000', QUERY_MAX_EXPENSIVE: '1000' }],
      [
        `fair queue (running ${DEFAULT_QUERY_LIMITS.maxRunning}, expensive ${DEFAULT_QUERY_LIMITS.maxExpensive})`,
        {},
      ],
    ];
    for (const [label, env] of rounds) {
      const server = await startServer(database, dir, env);
      try {
        const result = await round(server, users, likes, seconds, memoId);
        const answers = [...result.attackAnswers].map(([status, count]) => `${count}×${status}`).join(' ');
        console.log(
          `fair-reads (${client}), ${label}: ${users} users × ${DEFAULT_QUERY_LIMITS.maxPerUser} counts for ${seconds} s (answers ${answers}); ` +
            `bystander's record by key: ${summary(result.record)}; first page: ${summary(result.page)}; failures ${result.failures}`,
        );
      } finally {
        await server.close();
      }
    }
  } finally {
    await dropDatabase(database);
    rmSync(dir, { recursive: true, force: true });
  }
};

export const runFairReads = async (): Promise<void> => {
  const targets: [Client, string | undefined][] = [
    ['mysql', process.env.MYSQL_URL],
    ['pg', process.env.PG_URL],
  ];
  if (targets.every(([, url]) => !url)) {
    console.log('fair-reads: set MYSQL_URL and/or PG_URL (a server the bench may create a database on)');
    return;
  }
  for (const [client, url] of targets) if (url) await runOn(client, url);
};

if (import.meta.url === `file://${process.argv[1]}`) await runFairReads();
