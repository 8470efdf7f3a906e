import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pgServerInstalled,
  pgServerSkipNote,
  startPgPair,
  type PgPair,
} from '../../../test-support/pg-standby';
import { httpClient, type HttpClient } from '../helpers/http-client';
import { SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { multipartBody } from '../helpers/multipart';
import { xlsxBook } from '../helpers/xlsx-book';
import { freePort, signIn, startServerProcess, type ServerProcess } from '../helpers/server-process';

const PASSWORD = 'Failover-admin-Pass-1';
/** How soon after the standby's promotion a write must succeed again. */
const RECOVERY_MS = 10_000;
const WRITERS = 4;
/** Rows of the import that is under way when the primary dies. */
const IMPORT_ROWS = 20_000;

/** How soon another server's metadata change must be seen. */
const CACHE_WITHIN_MS = 1000;
const CONSOLE_PASSWORD = 'Console-only-Pass-1';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Calls `probe` until `done` says yes or `limitMs` passed; the last answer and how long it took. */
const timeUntil = async <T>(probe: () => Promise<T>, done: (value: T) => boolean, limitMs = 5000) => {
  const start = Date.now();
  for (;;) {
    const last = await probe();
    const ms = Date.now() - start;
    if (done(last) || ms > limitMs) return { ms, last };
    await sleep(25);
  }
};

describe.skipIf(!pgServerInstalled)(
  `PostgreSQL failover: primary killed, standby promoted${pgServerSkipNote}`,
  () => {
    let pair: PgPair;
    let server: ServerProcess;
    /** A second server on the same URL with nothing to do through the failover: its pool sits idle. */
    let quiet: ServerProcess;
    let dataDirs: string[] = [];
    let call: HttpClient['call'];
    let cookie: string;
    /** Signed in as a user whose only right is sql:execute (before the failover). */
    let consoleCookie: string;
    /** Runs of the second case: a run again (a retry) makes its own table and column. */
    let rounds = 0;
    let consoleRoleId: unknown;

    beforeAll(async () => {
      pair = await startPgPair();
      dataDirs = [
        mkdtempSync(join(tmpdir(), 'crudboard-failover-')),
        mkdtempSync(join(tmpdir(), 'crudboard-failover-')),
      ];
      const env = (dataDir: string) => ({
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
        DATA_SOURCES: JSON.stringify([{ name: 'primary', client: 'pg', connection: pair.url() }]),
      });
      const [busyPort, quietPort] = [await freePort(), await freePort()];
      [server, quiet] = await Promise.all([
        startServerProcess(busyPort, env(dataDirs[0] as string)),
        // No webhook, schedule or flow rounds: nothing but a request uses its pool.
        startServerProcess(quietPort, {
          ...env(dataDirs[1] as string),
          WEBHOOK_POLL_MS: '0',
          SCHEDULE_POLL_MS: '0',
          FLOW_POLL_MS: '0',
        }),
      ]);
      cookie = await signIn(server.url, PASSWORD);
      const admin = httpClient(server.url, cookie);
      call = admin.call;
      const role = await admin.post('/api/business/role', {
        name: 'console only',
        code: 'ROLE_CONSOLE_ONLY',
        permissions: 'sql:execute',
      });
      expect(role.status, JSON.stringify(role.body)).toBe(201);
      consoleRoleId = role.body;
      const user = await admin.post('/api/business/user', {
        username: 'consoleonly',
        password: CONSOLE_PASSWORD,
        enabled: true,
      });
      expect(user.status, JSON.stringify(user.body)).toBe(201);
      const link = await admin.post('/api/business/userRole', { userId: user.body, roleId: role.body });
      expect(link.status).toBe(201);
      consoleCookie = await signIn(server.url, CONSOLE_PASSWORD, 'consoleonly');
    }, 120_000);

    afterAll(async () => {
      if (process.env.FAILOVER_LOG)
        writeFileSync(
          process.env.FAILOVER_LOG,
          `${server?.output() ?? ''}\n--- quiet ---\n${quiet?.output() ?? ''}`,
        );
      await server?.kill();
      await quiet?.kill();
      await pair?.remove();
      for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
    });

    it('loses no acknowledged write, answers 503 meanwhile, and writes again within 10 s of the promotion', async () => {
      const created = await call('POST', '/api/metadata/tables', {
        name: 'ledger',
        caption: 'ledger',
        columns: [...SYSTEM_COLUMNS],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const bulk = await call('POST', '/api/metadata/tables', {
        name: 'bulk',
        caption: 'bulk',
        columns: [...SYSTEM_COLUMNS],
      });
      expect(bulk.status, JSON.stringify(bulk.body)).toBe(201);
      const sheet = await xlsxBook([
        ['name'],
        ...Array.from({ length: IMPORT_ROWS }, (_, i) => [`row ${i}`]),
      ]);
      const form = multipartBody([{ name: 'file', value: sheet, filename: 'bulk.xlsx' }]);

      const acknowledged: string[] = [];
      const refusals = new Map<number, number>();
      let replays = 0;
      let stop = false;
      let killedAt = 0;
      let firstWriteAfterKill = 0;
      let serial = 0;
      // Each write carries an Idempotency-Key and is sent again, with the same key, until it is
      // answered 2xx: a write whose answer was lost in the failover must not be applied twice.
      const writer = async () => {
        while (!stop) {
          const name = `w${serial++}`;
          const startedAfterKill = killedAt > 0;
          for (let attempt = 0; ; attempt += 1) {
            const answer = await call('POST', '/api/business/ledger', { name }, { 'idempotency-key': name });
            if (answer.status === 201) {
              acknowledged.push(name);
              if (answer.headers.get('idempotent-replayed') === 'true') replays += 1;
              if (startedAfterKill && attempt === 0 && firstWriteAfterKill === 0)
                firstWriteAfterKill = Date.now();
              break;
            }
            refusals.set(answer.status, (refusals.get(answer.status) ?? 0) + 1);
            if (attempt > 600) throw new Error(`${name} was never written: ${JSON.stringify(answer.body)}`);
            await sleep(50);
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, () => writer());

      while (acknowledged.length < 200) await sleep(20);
      // An import of 20,000 rows, all or nothing, under way when the primary dies.
      const importing = fetch(`${server.url}/api/business/bulk/import`, {
        method: 'POST',
        headers: { cookie, origin: server.url, ...form.headers },
        body: form.payload,
      }).then((response) => response.status);
      await sleep(700);
      const killing = Date.now();
      await pair.primary.kill();
      // From here on the primary is gone: a write started now can only succeed on the promoted standby.
      killedAt = Date.now();
      // A failover manager notices the loss before it promotes; writes meanwhile are refused.
      await sleep(1000);
      const writtenBeforePromotion = firstWriteAfterKill;
      const promotedAt = Date.now();
      await pair.promote();
      while (firstWriteAfterKill === 0 && Date.now() - promotedAt < RECOVERY_MS + 5000) await sleep(20);
      const afterFailover = acknowledged.length;
      while (acknowledged.length < afterFailover + 100 && Date.now() - promotedAt < 30_000) await sleep(20);
      stop = true;
      await Promise.all(writers);

      expect(writtenBeforePromotion, 'no write may succeed while no server takes writes').toBe(0);
      expect(firstWriteAfterKill, server.output()).toBeGreaterThan(0);
      expect(firstWriteAfterKill - promotedAt).toBeLessThan(RECOVERY_MS);
      // Everything refused was refused as unavailable, never as a server error.
      expect([...refusals.keys()].filter((status) => status !== 503)).toEqual([]);
      expect(refusals.get(503) ?? 0).toBeGreaterThan(0);

      const stored = (await pair.psql(pair.standby, 'select name from ledger order by name'))
        .split('\n')
        .filter(Boolean);
      const names = new Set(stored);
      const lost = acknowledged.filter((name) => !names.has(name));
      expect(lost, 'acknowledged writes missing on the new primary').toEqual([]);
      expect(stored.length - names.size, 'writes applied twice').toBe(0);
      expect(stored.length).toBe(acknowledged.length);
      console.log(
        `failover: kill → first 2xx write ${firstWriteAfterKill - killing} ms, promotion → first 2xx write ` +
          `${firstWriteAfterKill - promotedAt} ms, ${acknowledged.length} writes acknowledged, 0 lost, ` +
          `${refusals.get(503) ?? 0} answered 503, ${replays} retries answered from their key`,
      );

      // The import committed whole, or not at all.
      const imported = await importing;
      expect([201, 503], `import answered ${imported}`).toContain(imported);
      const bulkRows = Number(await pair.psql(pair.standby, 'select count(*) from bulk'));
      expect(bulkRows).toBe(imported === 201 ? IMPORT_ROWS : 0);
      console.log(`import under way at the kill: answered ${imported}, ${bulkRows} rows on the new primary`);

      const listed = await call('GET', '/api/business/ledger?limit=1');
      expect(listed.status).toBe(200);
    }, 120_000);

    // After the failover of the case above (the standby is the primary now), through the same servers.
    it('re-establishes what it keeps per connection: the console and its role, cache polling, schema changes', async () => {
      const onQuiet = httpClient(quiet.url, cookie);
      const consoleOn = (url: string) => httpClient(url, consoleCookie);
      const sql = async (url: string, text: string, readOnly = true) => {
        const answer = await consoleOn(url).post('/api/metadata/sqls/execute', { sql: text, readOnly });
        return { ...answer, rows: (answer.body as { rows?: unknown[][] }).rows };
      };
      const newPrimaryPort = String(pair.standby.port);
      rounds += 1;
      const table = `after_failover${rounds}`;
      const column = `color${rounds}`;

      // What the first server keeps in memory before the second changes it: no such table, no
      // such column of ledger.
      expect((await call('GET', `/api/business/${table}`)).status).toBe(404);
      expect((await call('GET', `/api/business/ledger?select=name,${column}&limit=1`)).status).toBe(400);

      // (a) The console of the server whose pool sat idle through the failover, as a user holding
      // sql:execute only: answered from the new primary, after one 503 at most.
      const consoleStarted = Date.now();
      const answers: { status: number; body: unknown }[] = [];
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const answer = await sql(
          quiet.url,
          'SELECT count(*)::int AS rows, inet_server_port()::text AS port FROM ledger',
        );
        answers.push({ status: answer.status, body: answer.body });
        if (answer.status === 200) break;
        await sleep(100);
      }
      const consoleMs = Date.now() - consoleStarted;
      const first200 = answers.at(-1);
      expect(first200?.status, JSON.stringify(answers)).toBe(200);
      expect(answers.filter((answer) => answer.status !== 503).length, JSON.stringify(answers)).toBe(1);
      expect(answers.length, JSON.stringify(answers)).toBeLessThanOrEqual(2);
      expect((first200?.body as { rows: unknown[][] }).rows[0]?.[1]).toBe(newPrimaryPort);
      // The server that lived through it answers too, at once.
      const onBusy = await sql(server.url, 'SELECT inet_server_port()::text AS port');
      expect(onBusy.status, JSON.stringify(onBusy.body)).toBe(200);
      expect(onBusy.rows?.[0]?.[0]).toBe(newPrimaryPort);

      // (d) A schema change on the new primary (its schema lock, the console role's grants).
      let started = Date.now();
      const created = await onQuiet.post('/api/metadata/tables', {
        name: table,
        caption: table,
        columns: [...SYSTEM_COLUMNS],
      });
      const createMs = Date.now() - started;
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      // (c) Seen by the first server within 1 s: its cache-version poll reads the new primary.
      const listed = await timeUntil(
        () => call('GET', `/api/business/${table}`),
        (answer) => answer.status === 200,
      );
      expect(listed.last.status, JSON.stringify(listed.last.body)).toBe(200);
      expect(listed.ms).toBeLessThan(CACHE_WITHIN_MS);

      // (b) The console role, replicated with the cluster's roles, reaches the table made after the
      // failover in both modes.
      const written = await sql(
        quiet.url,
        `INSERT INTO ${table} (name, "createdDate") VALUES ('from the console', now())`,
        false,
      );
      expect(written.status, JSON.stringify(written.body)).toBe(200);
      const read = await sql(server.url, `SELECT name FROM ${table}`);
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      expect(read.rows).toEqual([['from the console']]);
      expect(
        await pair.psql(
          pair.standby,
          `select has_table_privilege('crudboard_console', '${table}', 'SELECT, INSERT, UPDATE, DELETE')`,
        ),
      ).toBe('t');

      // (d) and (c): a column added by the second server, served by the first within 1 s.
      const stored = (await onQuiet.get('/api/metadata/tables/name/ledger')).body as {
        id: number;
        columns: unknown[];
      };
      started = Date.now();
      const added = await onQuiet.patch(`/api/metadata/tables/${stored.id}`, {
        columns: [...stored.columns, { name: column, caption: column, dataType: 'VARCHAR', length: 20 }],
      });
      const alterMs = Date.now() - started;
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const served = await timeUntil(
        () => call('GET', `/api/business/ledger?select=name,${column}&limit=1`),
        (answer) => answer.status === 200,
      );
      expect(served.last.status, JSON.stringify(served.last.body)).toBe(200);
      expect(served.ms).toBeLessThan(CACHE_WITHIN_MS);

      // (c) the other way: sql:execute taken from the console user's role by the first server is
      // refused by the second within 1 s (then given back).
      const taken = await call('PATCH', `/api/business/role/${String(consoleRoleId)}`, { permissions: '' });
      expect(taken.status, JSON.stringify(taken.body)).toBe(200);
      const refused = await timeUntil(
        () => sql(quiet.url, 'SELECT 1'),
        (answer) => answer.status === 403,
      );
      const given = await call('PATCH', `/api/business/role/${String(consoleRoleId)}`, {
        permissions: 'sql:execute',
      });
      expect(given.status, JSON.stringify(given.body)).toBe(200);
      expect(refused.last.status, JSON.stringify(refused.last.body)).toBe(403);
      expect(refused.ms).toBeLessThan(CACHE_WITHIN_MS);

      console.log(
        `after the failover: idle server's console ${answers.map((answer) => answer.status).join(', ')} ` +
          `(${consoleMs} ms), table created ${createMs} ms and seen by the other server ${listed.ms} ms later, ` +
          `column added ${alterMs} ms and served by the other ${served.ms} ms later, ` +
          `a right taken by the other refused ${refused.ms} ms later`,
      );
    }, 60_000);
  },
);
