import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { DEFAULT_SQL_CONSOLE } from '../../../src/config';
import { system011MysqlRowCounts } from '../../../src/db/migrations/system-011-mysql-row-counts';
import {
  mysqlKeptRowCount,
  mysqlRowCountTriggers,
  ROW_COUNT_TABLE,
} from '../../../src/dialects/row-count/mysql-row-count';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../../helpers/metadata-api';
import { createTable } from '../../helpers/business-tables';
import { clearTables } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const row = (name: string) => ({ name, createdDate: '2024-01-01 00:00:00', isDeleted: false });

/** Waits until MySQL keeps the table's count again (a reader starts the recount in the background). */
const keptAgain = async (knex: Knex, tableName: string): Promise<number> => {
  for (let i = 0; i < 100; i += 1) {
    const kept = await mysqlKeptRowCount(knex, tableName, knex);
    if (kept !== null) return kept;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${tableName} was not counted again`);
};

describeEachDatabase('row counts stay exact through every route of change ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async (tableName = 'parcel') => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    const api = apiClient(app, cookie);
    const table = await createTable(api, { name: tableName, columns: SYSTEM_COLUMNS });
    const statements: string[] = [];
    knex.on('query', (query: { sql: string }) => statements.push(query.sql));
    const count = async (params = '', name = tableName): Promise<number> => {
      const response = await api.get(`/api/business/${name}/count?${params}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const exact = async (name = tableName) => Number((await knex(name).count({ n: '*' }).first())?.n);
    const expectExact = async (name = tableName) => {
      const expected = await exact(name);
      expect(await count('', name)).toBe(expected);
      expect(await count('isDeleted=false', name)).toBe(
        Number((await knex(name).where('isDeleted', false).count({ n: '*' }).first())?.n),
      );
      return expected;
    };
    return { app, api, knex, table, statements, count, exact, expectExact };
  };

  /** Inserts one row and returns its key (deleting by key locks that row alone on MySQL). */
  const insertedId = async (trx: Knex, name: string): Promise<number> => {
    if (db.name === 'pg') {
      const [inserted] = (await trx('parcel').insert(row(name), ['id'])) as { id: number }[];
      return Number(inserted?.id);
    }
    const [inserted] = (await trx('parcel').insert(row(name))) as number[];
    return Number(inserted);
  };

  const run = (api: ApiClient, sql: string) =>
    api.post('/api/metadata/sqls/execute', { sql, readOnly: false });

  it('counts exactly beside concurrent transactions, half of them rolled back', async () => {
    const { knex, count, expectExact } = await setup();
    await knex('parcel').insert([row('a'), row('b'), row('c')]);
    expect(await expectExact()).toBe(3);
    const writers = Array.from({ length: 8 }, (_, i) =>
      knex
        .transaction(async (trx) => {
          const id = await insertedId(trx, `w${i}-1`);
          await insertedId(trx, `w${i}-2`);
          // Every writer reads a count while its own rows are open: others' are not in it.
          expect(await count()).toBeGreaterThanOrEqual(3);
          await trx('parcel').where('id', id).delete();
          if (i % 2 === 1) throw new Error('rolled back');
        })
        .catch((error: Error) => {
          if (error.message !== 'rolled back') throw error;
        }),
    );
    await Promise.all(writers);
    expect(await expectExact()).toBe(3 + 4);
  });

  it('counts exactly after SQL console writes, a TRUNCATE and DDL there', async () => {
    const { api, knex, statements, count, expectExact } = await setup();
    await knex('parcel').insert([row('a'), row('b')]);
    expect(await expectExact()).toBe(2);
    // Each console statement has a connection of its own.
    for (let i = 0; i < 20; i += 1) {
      const response = await run(
        api,
        db.name === 'mysql'
          ? `INSERT INTO parcel (name, createdDate, isDeleted) VALUES ('c${i}', '2024-01-01 00:00:00', 0)`
          : `INSERT INTO parcel (name, "createdDate", "isDeleted") VALUES ('c${i}', '2024-01-01 00:00:00', ${db.name === 'pg' ? 'false' : '0'})`,
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await expectExact()).toBe(22);
    const truncated = await run(api, db.name === 'sqlite' ? 'DELETE FROM parcel' : 'TRUNCATE TABLE parcel');
    expect(truncated.statusCode, truncated.body).toBe(200);
    expect(await count()).toBe(0);
    expect(await expectExact()).toBe(0);
    await knex('parcel').insert([row('after')]);
    expect(await expectExact()).toBe(1);
    // The console role of PostgreSQL owns no table and creates none where the server looks: a
    // temporary one of its own.
    const altered = await run(
      api,
      db.name === 'pg' ? 'CREATE TEMP TABLE parcel_note (x INT)' : 'ALTER TABLE parcel ADD COLUMN extra INT',
    );
    expect(altered.statusCode, altered.body).toBe(200);
    await knex('parcel').insert([row('later')]);
    expect(await expectExact()).toBe(2);
    if (db.name === 'mysql') {
      expect(await keptAgain(knex, 'parcel')).toBe(2);
      statements.length = 0;
      expect(await count()).toBe(2);
      // The kept count answers: the count reads nothing of the table.
      expect(statements.some((sql) => sql.includes(ROW_COUNT_TABLE))).toBe(true);
      expect(statements.filter((sql) => sql.includes('`parcel`'))).toEqual([]);
      // The console's connections were folded into a few rows.
      const parts = await knex(ROW_COUNT_TABLE).where('tbl', 'parcel').count({ n: '*' }).first();
      expect(Number(parts?.n)).toBeLessThanOrEqual(17);
      // The console account has no right on crudboard's tables, the super admin's statements included.
      const refused = await run(api, `DROP TABLE ${ROW_COUNT_TABLE}`);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(await expectExact()).toBe(2);
      // Run as crudboard's own account, the super admin may even drop the count table: the
      // statement answers, counts scan.
      const unrestricted = await apps.build(
        {},
        apps.config({ sqlConsole: { ...DEFAULT_SQL_CONSOLE, superAdminUnrestricted: true } }),
      );
      const dropped = await run(
        apiClient(unrestricted, (await login(unrestricted)).cookie),
        `DROP TABLE ${ROW_COUNT_TABLE}`,
      );
      expect(dropped.statusCode, dropped.body).toBe(200);
      expect(await expectExact()).toBe(2);
    }
  });

  it('counts exactly through a rename in the designer and a rename back', async () => {
    const { api, knex, table, expectExact } = await setup();
    await knex('parcel').insert([row('a'), row('b'), row('c')]);
    expect(await expectExact()).toBe(3);
    const rename = (name: string) =>
      api.patch(`/api/metadata/tables/${table.id}`, { name, tableName: name, pluralName: `${name}s` });
    expect((await rename('goods')).statusCode).toBe(200);
    await knex('goods').insert([row('d')]);
    expect(await expectExact('goods')).toBe(4);
    if (db.name === 'mysql') {
      expect(await keptAgain(knex, 'goods')).toBe(4);
      await knex('goods').where('name', 'a').delete();
      expect(await expectExact('goods')).toBe(3);
      // No rows are left under the old name.
      expect(await knex(ROW_COUNT_TABLE).where('tbl', 'parcel')).toEqual([]);
    }
    expect((await rename('parcel')).statusCode).toBe(200);
    await knex('parcel').insert([row('e')]);
    expect(await expectExact()).toBe(db.name === 'mysql' ? 4 : 5);
  });

  if (db.name === 'mysql')
    it('a table made before counts were kept starts keeping them with the migration', async () => {
      const { knex, expectExact } = await setup();
      const names = mysqlRowCountTriggers('parcel');
      await knex.raw('DROP TRIGGER ??', [names.insert]);
      await knex.raw('DROP TRIGGER ??', [names.delete]);
      await knex(ROW_COUNT_TABLE).where('tbl', 'parcel').delete();
      await knex('parcel').insert([row('a'), row('b')]);
      expect(await mysqlKeptRowCount(knex, 'parcel', knex)).toBeNull();
      await system011MysqlRowCounts.up(knex);
      expect(await keptAgain(knex, 'parcel')).toBe(2);
      await knex('parcel').insert([row('c')]);
      expect(await expectExact()).toBe(3);
    });
});
