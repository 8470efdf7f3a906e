import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DataSourceConfig } from '../../src/config';
import { physicalColumns } from '../helpers/physical-schema';
import { freePort, signIn, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { describeEachDatabase, type TestEnvironment } from '../helpers/test-databases';

const PASSWORD = 'Crash-schema-Pass-1';
const ROWS = 300_000;

interface StoredColumn {
  id: number;
  name: string;
  dataType: string;
}
interface StoredTable {
  id: number;
  lastModifiedDate: number;
  columns: StoredColumn[];
}

const request = (url: string, cookie: string, method: string, body?: unknown) =>
  fetch(url, {
    method,
    headers: {
      cookie,
      'accept-language': 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const ok = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response;
};

/** Fills the table with one statement that generates its rows in the database. */
const fill = async (db: Knex, client: 'pg' | 'mysql', table: string) => {
  if (client === 'pg') {
    await db.raw(
      `INSERT INTO ?? (name, qty, note) SELECT 'r' || n, n, 'note ' || n FROM generate_series(1, ${ROWS}) AS n`,
      [table],
    );
    return;
  }
  // The recursion limit of MariaDB (max_recursive_iterations) or MySQL (cte_max_recursion_depth).
  await db.raw(`SET SESSION max_recursive_iterations = ${ROWS + 1}`).catch(() => undefined);
  await db.raw(`SET SESSION cte_max_recursion_depth = ${ROWS + 1}`).catch(() => undefined);
  await db.raw(
    `INSERT INTO ?? (name, qty, note)
     WITH RECURSIVE seq (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${ROWS})
     SELECT CONCAT('r', n), n, CONCAT('note ', n) FROM seq`,
    [table],
  );
};

/** Waits until the database runs an ALTER of `table` (the server's schema change is under way). */
const alterRunning = async (db: Knex, client: 'pg' | 'mysql', table: string) => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows =
      client === 'pg'
        ? ((
            await db.raw(
              `SELECT query FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid()
               AND query ILIKE ? AND datname = current_database()`,
              [`alter table%${table}%`],
            )
          ).rows as unknown[])
        : ((
            (await db.raw(
              `SELECT INFO FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID()
               AND DB = database() AND INFO LIKE ?`,
              [`alter table%${table}%modify%`],
            )) as [unknown[]]
          )[0] as unknown[]);
    if (rows.length > 0) return;
    if (Date.now() > deadline) throw new Error('the schema change never ran its ALTER');
    await new Promise((wait) => setTimeout(wait, 20));
  }
};

const logicalType = (client: 'pg' | 'mysql', physical: string | undefined) =>
  physical === undefined
    ? undefined
    : /^big/.test(physical)
      ? 'BIGINT'
      : /^int/.test(physical)
        ? 'INT'
        : physical;

describeEachDatabase(
  'a schema change when its server is killed, with a second server on the database ($name)',
  (db) => {
    let env: TestEnvironment;
    let dataDir: string;
    beforeAll(async () => {
      env = await db.create();
      dataDir = mkdtempSync(join(tmpdir(), 'crudboard-schema-crash-'));
    });
    afterAll(async () => {
      await env?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('the other server lists the table without 500; metadata and table agree once the killed one starts again', async () => {
      const client = db.name as 'pg' | 'mysql';
      const primary = env.config().dataSources[0] as DataSourceConfig;
      const serverEnv = {
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: PASSWORD,
        DATA_SOURCES: JSON.stringify([{ name: 'primary', client: db.name, connection: primary.connection }]),
      };
      const [portA, portB] = [await freePort(), await freePort()];
      let a: ServerProcess | undefined = await startServerProcess(portA, serverEnv);
      let b: ServerProcess | undefined;
      const inspect = knex({
        client: client === 'pg' ? 'pg' : 'mysql2',
        connection: primary.connection,
        pool: { min: 0, max: 2 },
      });
      try {
        b = await startServerProcess(portB, serverEnv);
        const onA = await signIn(a.url, PASSWORD);
        const onB = await signIn(b.url, PASSWORD);
        await ok(
          await request(`${a.url}/api/metadata/tables`, onA, 'POST', {
            name: 'ledger',
            pluralName: 'ledgers',
            tableName: 'ledger',
            caption: '台账',
            columns: [
              { name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true, nullable: false },
              { name: 'name', dataType: 'VARCHAR', length: 40 },
              { name: 'qty', dataType: 'INT' },
              { name: 'note', dataType: 'VARCHAR', length: 100 },
            ],
          }),
        );
        await fill(inspect, client, 'ledger');
        const before = (await (
          await ok(await request(`${a.url}/api/metadata/tables/name/ledger`, onA, 'GET'))
        ).json()) as StoredTable;

        // qty becomes BIGINT and note goes: on MySQL a rename of note, then a copy of the table.
        const patching = request(
          `${a.url}/api/metadata/tables/${before.id}?confirmDataLoss=true`,
          onA,
          'PATCH',
          {
            lastModifiedDate: before.lastModifiedDate,
            columns: before.columns
              .filter((column) => column.name !== 'note')
              .map((column) => (column.name === 'qty' ? { ...column, dataType: 'BIGINT' } : column)),
          },
        ).catch((error: unknown) => error);
        await alterRunning(inspect, client, 'ledger');
        await a.kill();
        expect(await patching).toBeInstanceOf(Error);
        a = undefined;

        // The other server answers for the table at once, whatever state the change left it in.
        const list = await request(`${b.url}/api/business/ledger?limit=5`, onB, 'GET');
        const listBody = await list.text();
        expect(list.status, listBody).not.toBe(500);
        if (list.status !== 200) {
          expect(list.status, listBody).toBe(409);
          expect(JSON.parse(listBody).message).toMatch(/designer/i);
        }
        const designer = await request(`${b.url}/api/metadata/tables/${before.id}`, onB, 'GET');
        expect(designer.status, await designer.clone().text()).toBe(200);

        // The killed server starts again: its start-up finishes or takes back the change.
        a = await startServerProcess(portA, serverEnv);
        const after = (await (
          await ok(await request(`${b.url}/api/metadata/tables/name/ledger`, onB, 'GET'))
        ).json()) as StoredTable;
        const physical = await physicalColumns(inspect, 'ledger');
        expect(Object.keys(physical).sort()).toEqual(after.columns.map((column) => column.name).sort());
        const qty = after.columns.find((column) => column.name === 'qty');
        expect(logicalType(client, physical.qty)).toBe(qty?.dataType);

        const again = await ok(await request(`${b.url}/api/business/ledger?limit=5`, onB, 'GET'));
        expect(((await again.json()) as unknown[]).length).toBe(5);
        const count = await ok(await request(`${b.url}/api/business/ledger/count`, onB, 'GET'));
        expect(await count.json()).toBe(ROWS);
      } finally {
        await inspect.destroy();
        await a?.kill();
        await b?.kill();
      }
    }, 300_000);
  },
  (db) => db.name !== 'sqlite',
);
