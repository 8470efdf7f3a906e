/**
 * What one reader's costly reads cost everyone else (PostgreSQL, PG_URL required). A user who may
 * read one table of BENCH_STARVE_ROWS rows sends BENCH_STARVE_CALLS counts at once, each with a
 * `filter` of BENCH_STARVE_LIKES LIKE conditions (an OR of substrings no index serves); meanwhile
 * the super admin reads a page of another table every 100 ms. Printed: the reader's answers by
 * status (0: the server closed the socket unanswered), how long the attack held, and the super
 * admin's worst and median wait and any failures. Then the same with the most LIKE conditions a
 * request may carry (10), which the server accepts.
 *
 *   BENCH_STARVE_ROWS    rows of the attacked table (default 400000)
 *   BENCH_STARVE_CALLS   counts sent at once (default 14)
 *   BENCH_STARVE_LIKES   LIKE conditions per count in the first round (default 120)
 *
 *   PG_URL=postgres://… tsx bench/reader-starvation.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knex from 'knex';
import { hashPassword } from '../server/src/auth/password';
import { loadConfig } from '../server/src/config';
import { startBenchServer, type BenchServer } from './bench-server';
import { BENCH_PASSWORD } from './bench-target';
import { envInteger } from './bench-stats';

const READER_PASSWORD = 'Reader-pass-1';

const signIn = async (server: BenchServer, username: string, password: string): Promise<string> => {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (response.status !== 200 || !cookie)
    throw new Error(`${username} could not sign in: ${response.status}`);
  return cookie;
};

const filterOf = (likes: number) =>
  encodeURIComponent(
    JSON.stringify({
      conditionType: 'OR',
      conditions: Array.from({ length: likes }, (_, i) => ({
        columnName: i % 2 === 0 ? 'name' : 'note',
        operatorType: 'LIKE',
        values: [`zq${i}x`],
      })),
    }),
  );

/** The attack and, meanwhile, the super admin's reads every 100 ms: their waits and failures. */
const round = async (server: BenchServer, readerCookie: string, calls: number, likes: number) => {
  const started = performance.now();
  const attack = Promise.all(
    Array.from({ length: calls }, async () => {
      try {
        const response = await fetch(`${server.url}/api/business/note/count?filter=${filterOf(likes)}`, {
          headers: { cookie: readerCookie },
        });
        await response.text();
        return { status: response.status, ms: performance.now() - started };
      } catch {
        // The server closed the socket (no answer within its idle timeout): counted as status 0.
        return { status: 0, ms: performance.now() - started };
      }
    }),
  );
  let done = false;
  void attack.finally(() => (done = true));
  const waits: number[] = [];
  const failures: number[] = [];
  while (!done) {
    const start = performance.now();
    const status = await fetch(`${server.url}/api/business/memo?limit=10`, {
      headers: { cookie: server.cookie },
    })
      .then(async (response) => {
        await response.text();
        return response.status;
      })
      .catch(() => 0);
    waits.push(performance.now() - start);
    if (status < 200 || status >= 300) failures.push(status);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const answers = await attack;
  const statuses = new Map<number, number>();
  for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  waits.sort((a, b) => a - b);
  return {
    held: Math.max(...answers.map((answer) => answer.ms)) / 1000,
    statuses: [...statuses].map(([status, count]) => `${count}×${status}`).join(' '),
    worst: waits.at(-1) ?? 0,
    median: waits[Math.floor(waits.length / 2)] ?? 0,
    probes: waits.length,
    failures: failures.length === 0 ? 'none' : failures.join(','),
  };
};

export const runReaderStarvation = async (): Promise<void> => {
  const adminUrl = process.env.PG_URL;
  if (!adminUrl) {
    console.log('reader-starvation: set PG_URL (a PostgreSQL server the bench may create a database on)');
    return;
  }
  const rows = envInteger('BENCH_STARVE_ROWS', 400_000);
  const calls = envInteger('BENCH_STARVE_CALLS', 14);
  const likes = envInteger('BENCH_STARVE_LIKES', 120);
  const database = `cb_bench_starve_${randomBytes(4).toString('hex')}`;
  const admin = knex({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  await admin.raw('CREATE DATABASE ??', [database]);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const dir = mkdtempSync(join(tmpdir(), 'crudboard-bench-starve-'));
  const base = loadConfig({ DATA_DIR: dir, DATA_SOURCES: '[]' }, dir);
  const config = {
    ...base,
    adminPassword: BENCH_PASSWORD,
    dataSources: [
      { name: 'primary', caption: '主数据源', client: 'pg' as const, connection: url.toString(), database },
    ],
  };
  const server = await startBenchServer(config);
  try {
    const columns = [
      { name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true, nullable: false },
      { name: 'name', dataType: 'VARCHAR', length: 200, nullable: false, queryable: true },
      { name: 'note', dataType: 'TEXT', queryable: true },
    ];
    await server.call('POST', '/api/metadata/tables', { name: 'note', columns });
    await server.call('POST', '/api/metadata/tables', { name: 'memo', columns });
    const db = server.app.dataSources.primary.knex;
    const seedStart = performance.now();
    await db.raw(
      `insert into note (name, note)
         select 'name ' || g || ' ' || md5(g::text), repeat(md5((g * 7)::text), 4) from generate_series(1, ?) g`,
      [rows],
    );
    await db.raw(`insert into memo (name, note) select 'memo ' || g, 'x' from generate_series(1, 100) g`);
    await db.raw('analyze note');
    console.log(
      `reader-starvation: seeded ${rows} rows in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
    await db('cb_user').insert({
      username: 'reader',
      realname: 'reader',
      password: await hashPassword(READER_PASSWORD),
      enabled: true,
      createdDate: now,
      lastModifiedDate: now,
    });
    const [role] = await db('cb_role')
      .insert({
        name: 'reader',
        code: 'ROLE_READER',
        permissions: 'business:note:read',
        createdDate: now,
        lastModifiedDate: now,
      })
      .returning('id');
    const user = await db('cb_user').where('username', 'reader').first('id');
    await db('cb_user_role').insert({ userId: user.id, roleId: (role as { id: number }).id });
    const readerCookie = await signIn(server, 'reader', READER_PASSWORD);
    for (const perCall of [likes, 10]) {
      const result = await round(server, readerCookie, calls, perCall);
      console.log(
        `reader-starvation: ${calls} counts × ${perCall} LIKE over ${rows} rows: answers ${result.statuses}, ` +
          `held ${result.held.toFixed(1)} s; super admin's page read: worst ${result.worst.toFixed(0)} ms, ` +
          `median ${result.median.toFixed(0)} ms over ${result.probes} reads, failures ${result.failures}`,
      );
    }
  } finally {
    await server.close();
    await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [database]);
    await admin.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runReaderStarvation();
