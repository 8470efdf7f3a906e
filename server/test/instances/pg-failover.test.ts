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

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe.skipIf(!pgServerInstalled)(
  `PostgreSQL failover: primary killed, standby promoted${pgServerSkipNote}`,
  () => {
    let pair: PgPair;
    let server: ServerProcess;
    let dataDir: string;
    let call: HttpClient['call'];
    let cookie: string;

    beforeAll(async () => {
      pair = await startPgPair();
      dataDir = mkdtempSync(join(tmpdir(), 'crudboard-failover-'));
      server = await startServerProcess(await freePort(), {
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
        DATA_SOURCES: JSON.stringify([{ name: 'primary', client: 'pg', connection: pair.url() }]),
      });
      cookie = await signIn(server.url, PASSWORD);
      call = httpClient(server.url, cookie).call;
    }, 120_000);

    afterAll(async () => {
      if (process.env.FAILOVER_LOG) writeFileSync(process.env.FAILOVER_LOG, server?.output() ?? '');
      await server?.kill();
      await pair?.remove();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
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
  },
);
