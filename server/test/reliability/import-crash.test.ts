import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knex from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSourceConfig } from '../../src/config';
import { multipartBody } from '../helpers/multipart';
import { xlsxBook } from '../helpers/xlsx-book';
import {
  callServer as call,
  freePort,
  signIn,
  startServerProcess,
  type ServerProcess,
} from '../helpers/server-process';
import { describeEachDatabase, type TestEnvironment } from '../helpers/test-databases';

const PASSWORD = 'Crash-admin-Pass-1';
const ROWS = 100_000;

const dataDir = mkdtempSync(join(tmpdir(), 'crudboard-import-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const workbook = (): Promise<Buffer> =>
  xlsxBook([['name', 'qty'], ...Array.from({ length: ROWS }, (_, i) => [`记录${i}`, i])]);

const BULK_TABLE = {
  name: 'bulk',
  pluralName: 'bulks',
  tableName: 'bulk',
  caption: '批量',
  columns: [
    { name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true, nullable: false },
    { name: 'name', dataType: 'VARCHAR', length: 100, nullable: false },
    { name: 'qty', dataType: 'INT' },
  ],
};

/**
 * Creates the table with one record through `url`, and starts importing the workbook into it:
 * `importing` settles with the import's answer, or the error of a server that died.
 */
const startImport = async (url: string, cookie: string, file: Buffer) => {
  await call(`${url}/api/metadata/tables`, cookie, 'POST', BULK_TABLE);
  await call(`${url}/api/business/bulk`, cookie, 'POST', { name: '导入前', qty: -1 });
  const body = multipartBody([{ name: 'file', filename: 'bulk.xlsx', value: file }]);
  const importing = fetch(`${url}/api/business/bulk/import`, {
    method: 'POST',
    headers: { ...body.headers, cookie },
    body: body.payload,
  }).catch((error: unknown) => error);
  return { importing };
};

/** The table as a server lists it: its count and its records' names (no 500 whatever happened). */
const listed = async (url: string, cookie: string) => {
  const count = await (await call(`${url}/api/business/bulk/count`, cookie, 'GET')).json();
  const rows = (await (await call(`${url}/api/business/bulk`, cookie, 'GET')).json()) as { name: string }[];
  return { count, names: rows.map((row) => row.name) };
};

describe('an import when the server is killed', () => {
  it('leaves none of its rows after kill -9 in the middle of 100,000 rows', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD };
    const file = await workbook();
    let server = await startServerProcess(port, env);
    try {
      const cookie = await signIn(server.url, PASSWORD);
      const { importing } = await startImport(server.url, cookie, file);
      // Kill it once it is writing: the import's transaction has taken the database's write lock.
      const db = knex({
        client: 'better-sqlite3',
        connection: { filename: join(dataDir, 'crudboard.sqlite') },
        useNullAsDefault: true,
      });
      try {
        // Ask without waiting: busy means someone holds the write lock right now.
        await db.raw('PRAGMA busy_timeout = 0');
        const deadline = Date.now() + 30_000;
        for (;;) {
          const busy = await db
            .raw('BEGIN IMMEDIATE')
            .then(async () => {
              await db.raw('ROLLBACK');
              return false;
            })
            .catch(() => true);
          if (busy || Date.now() > deadline) break;
          await new Promise((wait) => setTimeout(wait, 50));
        }
      } finally {
        await db.destroy();
      }
      await server.kill();
      expect(await importing).toBeInstanceOf(Error);

      server = await startServerProcess(port, env);
      const again = await signIn(server.url, PASSWORD);
      expect(await listed(server.url, again)).toEqual({ count: 1, names: ['导入前'] });
    } finally {
      await server.kill();
    }
  }, 180_000);
});

/** Waits until the database runs an INSERT into `table` for another session (the import is writing). */
const insertRunning = async (db: ReturnType<typeof knex>, client: 'pg' | 'mysql', table: string) => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found =
      client === 'pg'
        ? ((
            await db.raw(
              `SELECT 1 FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname = current_database()
               AND query ILIKE ?`,
              [`insert into "${table}"%`],
            )
          ).rows as unknown[])
        : ((
            (await db.raw(
              `SELECT 1 FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID() AND DB = database()
               AND INFO LIKE ?`,
              [`insert into \`${table}\`%`],
            )) as [unknown[]]
          )[0] as unknown[]);
    if (found.length > 0) return;
    if (Date.now() > deadline) throw new Error('the import never wrote');
    await new Promise((wait) => setTimeout(wait, 20));
  }
};

describeEachDatabase(
  'an import when its server is killed, with a second server on the database ($name)',
  (db) => {
    let env: TestEnvironment;
    let sharedDir: string;
    beforeAll(async () => {
      env = await db.create();
      sharedDir = mkdtempSync(join(tmpdir(), 'crudboard-import-crash-'));
    });
    afterAll(async () => {
      await env?.drop();
      rmSync(sharedDir, { recursive: true, force: true });
    });

    it('the other server lists the table with none of the rows, during and after', async () => {
      const client = db.name as 'pg' | 'mysql';
      const primary = env.config().dataSources[0] as DataSourceConfig;
      const serverEnv = {
        DATA_DIR: sharedDir,
        ADMIN_PASSWORD: PASSWORD,
        DATA_SOURCES: JSON.stringify([{ name: 'primary', client: db.name, connection: primary.connection }]),
      };
      const file = await workbook();
      const [portA, portB] = [await freePort(), await freePort()];
      const a = await startServerProcess(portA, serverEnv);
      let b: ServerProcess | undefined;
      const inspect = knex({
        client: client === 'pg' ? 'pg' : 'mysql2',
        connection: primary.connection,
        pool: { min: 0, max: 1 },
      });
      try {
        b = await startServerProcess(portB, serverEnv);
        const onB = await signIn(b.url, PASSWORD);
        const { importing } = await startImport(a.url, await signIn(a.url, PASSWORD), file);
        await insertRunning(inspect, client, 'bulk');
        await a.kill();
        expect(await importing).toBeInstanceOf(Error);

        // At once, while the database may still be taking the dead server's writes back.
        expect(await listed(b.url, onB)).toEqual({ count: 1, names: ['导入前'] });
        // A write on the other server goes through once they are taken back.
        await call(`${b.url}/api/business/bulk`, onB, 'POST', { name: '导入后', qty: 1 });
        expect(await listed(b.url, onB)).toEqual({ count: 2, names: ['导入后', '导入前'] });
      } finally {
        await inspect.destroy();
        await a.kill();
        await b?.kill();
      }
    }, 240_000);
  },
  (db) => db.name !== 'sqlite',
);
