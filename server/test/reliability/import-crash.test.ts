import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import knex from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../helpers/multipart';
import { freePort, signIn, startServerProcess } from '../helpers/server-process';

const PASSWORD = 'Crash-admin-Pass-1';
const ROWS = 100_000;

const dataDir = mkdtempSync(join(tmpdir(), 'crudboard-import-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const workbook = async (): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('records');
  sheet.addRow(['name', 'qty']);
  for (let i = 0; i < ROWS; i += 1) sheet.addRow([`记录${i}`, i]);
  return Buffer.from(await book.xlsx.writeBuffer());
};

const call = async (url: string, cookie: string, method: string, body?: unknown) => {
  const response = await fetch(url, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response;
};

describe('an import when the server is killed', () => {
  it('leaves none of its rows after kill -9 in the middle of 100,000 rows', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD };
    const file = await workbook();
    let server = await startServerProcess(port, env);
    try {
      const cookie = await signIn(server.url, PASSWORD);
      await call(`${server.url}/api/metadata/tables`, cookie, 'POST', {
        name: 'bulk',
        pluralName: 'bulks',
        tableName: 'bulk',
        caption: '批量',
        columns: [
          { name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true, nullable: false },
          { name: 'name', dataType: 'VARCHAR', length: 100, nullable: false },
          { name: 'qty', dataType: 'INT' },
        ],
      });
      await call(`${server.url}/api/business/bulk`, cookie, 'POST', { name: '导入前', qty: -1 });

      const body = multipartBody([{ name: 'file', filename: 'bulk.xlsx', value: file }]);
      const importing = fetch(`${server.url}/api/business/bulk/import`, {
        method: 'POST',
        headers: { ...body.headers, cookie },
        body: body.payload,
      }).catch((error: unknown) => error);
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
      const count = await (await call(`${server.url}/api/business/bulk/count`, again, 'GET')).json();
      expect(count).toBe(1);
      const rows = (await (await call(`${server.url}/api/business/bulk`, again, 'GET')).json()) as {
        name: string;
      }[];
      expect(rows.map((row) => row.name)).toEqual(['导入前']);
    } finally {
      await server.kill();
    }
  }, 180_000);
});
