import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { keepsMysqlOwnerCount } from '../../../src/dialects/row-count/mysql-row-count';
import {
  keepsPgOwnerCount,
  pgOwnerKeyIndexName,
  reconcilePgOwnerCounts,
} from '../../../src/dialects/row-count/pg-owner-count';
import { keepsSqliteOwnerCount } from '../../../src/dialects/row-count/sqlite-owner-count';
import { sqlDialect } from '../../../src/dialects/sql/sql-dialects';
import { createTable, type CreatedTable } from '../../helpers/business-tables';
import { bareApp } from '../../helpers/clean-admin';
import { apiClient, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { OWN, userWithRowRules } from '../../helpers/owner-rule';

const PASSWORD = 'User-pass-1';
const now = '2024-01-01 00:00:00';

/**
 * The count of a user under the read rule `ownerId = $user.id` comes from the owner's kept count
 * (pg-owner-count.ts, mysql-owner-count.ts, sqlite-owner-count.ts): these tests hold it to a plain
 * count of the owner's rows through every kind of change, and check that it is not a count of them.
 */
describeEachDatabase('counts under an owner rule ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const { app, knex } = await bareApp(apps);
    const admin = apiClient(app, (await login(app)).cookie);
    const table = await createTable(admin, { name: 'parcel', columns: SYSTEM_COLUMNS });
    const { id: aliceId, api: alice } = await userWithRowRules(app, admin, table, {
      username: 'alice',
      password: PASSWORD,
      permissions: 'business:parcel:read,business:parcel:create,business:parcel:delete',
      rowRules: { read: OWN, delete: OWN },
    });
    const statements: string[] = [];
    knex.on('query', (query: { sql: string }) => statements.push(query.sql));
    /** Alice's count (and with `isDeleted=false`) against a plain count of her rows. */
    const expectExact = async (options: { kept?: boolean } = {}): Promise<number> => {
      const plain = async (live: boolean) => {
        const builder = knex('parcel').where('ownerId', aliceId);
        if (live) builder.where('isDeleted', false);
        return Number((await builder.count({ n: '*' }).first())?.n);
      };
      for (const live of [false, true]) {
        const expected = await plain(live);
        statements.length = 0;
        const response = await alice.get(`/api/business/parcel/count${live ? '?isDeleted=false' : ''}`);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json(), live ? 'live rows' : 'all rows').toBe(expected);
        // Kept: no statement of the count reads the owner's rows of the table to count them all.
        const counted = statements.some(
          (sql) => sql.includes('parcel') && /count\(\*\)/i.test(sql) && !/isDeleted"?`? = /.test(sql),
        );
        if (!live && options.kept !== false) expect(counted, statements.join('\n')).toBe(false);
      }
      return plain(false);
    };
    /** Whether the table keeps owner counts (triggers). */
    const keepsOwners = async () =>
      db.name === 'pg'
        ? keepsPgOwnerCount(knex, 'parcel')
        : db.name === 'mysql'
          ? keepsMysqlOwnerCount(knex, 'parcel')
          : keepsSqliteOwnerCount(knex, 'parcel');
    /**
     * The first count under the rule starts keeping owner counts in the background; waits until
     * Alice's is kept (MySQL counts the table anew, and looks at its triggers again within two
     * seconds).
     */
    const ownersKept = async () => {
      const response = await alice.get('/api/business/parcel/count');
      expect(response.statusCode, response.body).toBe(200);
      for (let i = 0; i < 100; i += 1) {
        if ((await sqlDialect(db.name).keptOwnerCount(knex, 'parcel', aliceId, knex)) !== null) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('owner counts were not kept');
    };
    return { app, knex, admin, alice, aliceId, table, expectExact, keepsOwners, ownersKept };
  };

  const rows = (count: number, ownerId: number | null, prefix: string) =>
    Array.from({ length: count }, (_, i) => ({
      name: `${prefix}${i}`,
      ownerId,
      createdDate: now,
      isDeleted: false,
    }));

  it('stays exact through creates, owner changes, deletes, soft deletes and rolled-back writes', async () => {
    const { knex, alice, aliceId, expectExact, ownersKept } = await setup();
    await ownersKept();
    expect(await expectExact()).toBe(0);
    for (const name of ['a1', 'a2', 'a3']) {
      const created = await alice.post('/api/business/parcel', { name });
      expect(created.statusCode, created.body).toBe(201);
    }
    await knex('parcel').insert([
      ...rows(5, 999, 'other'),
      ...rows(2, aliceId, 'mine'),
      ...rows(1, null, 'none'),
    ]);
    expect(await expectExact()).toBe(5);
    // Owners change: to Alice, away from her, to nobody; a change of another column moves nothing.
    await knex('parcel').where('name', 'other0').update({ ownerId: aliceId });
    await knex('parcel').where('name', 'mine0').update({ ownerId: 999 });
    await knex('parcel').where('name', 'mine1').update({ ownerId: null });
    await knex('parcel').where('name', 'none0').update({ ownerId: aliceId });
    await knex('parcel')
      .where('ownerId', aliceId)
      .update({ name: knex.raw('??', ['name']) });
    expect(await expectExact()).toBe(5);
    await knex('parcel').whereIn('name', ['a1', 'other1']).delete();
    const soft = await knex('parcel').where('name', 'a2').first();
    const deleted = await alice.delete(`/api/business/parcel/${soft.id}?isSoftDelete=true`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await expectExact()).toBe(4);
    // Rolled back: nothing of it counts; committed beside it: counts.
    await Promise.all([
      knex
        .transaction(async (trx) => {
          await trx('parcel').insert(rows(3, aliceId, 'undone'));
          await trx('parcel').where('name', 'a3').delete();
          throw new Error('rolled back');
        })
        .catch((error: Error) => {
          if (error.message !== 'rolled back') throw error;
        }),
      knex.transaction(async (trx) => {
        await trx('parcel').insert(rows(2, aliceId, 'kept'));
      }),
    ]);
    expect(await expectExact()).toBe(6);
    // Many small writes: the kept parts are folded by readers and the count stays.
    for (let i = 0; i < 70; i += 1) await knex('parcel').insert(rows(1, aliceId, `many${i}-`));
    expect(await expectExact()).toBe(76);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await expectExact()).toBe(76);
  });

  it('stays exact and writable through schema changes of ownerId: renamed away and back, retyped, dropped', async () => {
    const { knex, admin, table, aliceId, expectExact, keepsOwners, ownersKept } = await setup();
    await knex('parcel').insert([...rows(4, aliceId, 'mine'), ...rows(3, 999, 'other')]);
    await ownersKept();
    expect(await expectExact()).toBe(4);
    const patch = async (change: (column: CreatedTable['columns'][number]) => object) => {
      const current = (await admin.get(`/api/metadata/tables/${table.id}`)).json() as CreatedTable & {
        columns: { name: string }[];
      };
      const response = await admin.patch(`/api/metadata/tables/${table.id}?confirmDataLoss=true`, {
        columns: current.columns.map((column) =>
          column.name === 'ownerId' || column.name === 'holder' ? { ...column, ...change(column) } : column,
        ),
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    // Renamed away and back: writes go on in between, and the count is exact after.
    await patch(() => ({ name: 'holder' }));
    await knex('parcel').insert({ name: 'between', holder: aliceId, createdDate: now, isDeleted: false });
    await knex('parcel').where('name', 'mine0').update({ holder: 999 });
    await patch(() => ({ name: 'ownerId' }));
    await knex('parcel').insert(rows(1, aliceId, 'after'));
    // Counted as rows until Alice's next count has started keeping owner counts again.
    expect(await expectExact({ kept: false })).toBe(5);
    await ownersKept();
    expect(await expectExact()).toBe(5);
    expect(await keepsOwners()).toBe(true);
    // Retyped (a wider integer) and dropped: both allowed, writes go on.
    await patch(() => ({ dataType: 'INT', unsigned: false }));
    await knex('parcel').where('name', 'mine1').update({ ownerId: 999 });
    expect(await expectExact({ kept: db.name === 'pg' })).toBe(4);
    await waitKept(knex);
    await ownersKept();
    expect(await expectExact()).toBe(4);
    const current = (await admin.get(`/api/metadata/tables/${table.id}`)).json() as {
      columns: { name: string }[];
    };
    const dropped = await admin.patch(`/api/metadata/tables/${table.id}?confirmDataLoss=true`, {
      columns: current.columns.filter((column) => column.name !== 'ownerId'),
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    await knex('parcel').insert({ name: 'no owner column', createdDate: now, isDeleted: false });
    await knex('parcel').where('name', 'after0').delete();
    expect(Number((await knex('parcel').count({ n: '*' }).first())?.n)).toBe(9);
  });

  it('counts exactly after a TRUNCATE through the SQL console', async () => {
    const { knex, admin, aliceId, expectExact, ownersKept } = await setup();
    await knex('parcel').insert([...rows(4, aliceId, 'mine'), ...rows(3, 999, 'other')]);
    await ownersKept();
    expect(await expectExact()).toBe(4);
    const truncated = await admin.post('/api/metadata/sqls/execute', {
      sql: db.name === 'sqlite' ? 'DELETE FROM parcel' : 'TRUNCATE TABLE parcel',
      readOnly: false,
    });
    expect(truncated.statusCode, truncated.body).toBe(200);
    await knex('parcel').insert(rows(2, aliceId, 'again'));
    // MySQL and SQLite count the table again in the background after a console statement that may
    // bypass the triggers: the count is exact meanwhile.
    expect(await expectExact({ kept: db.name === 'pg' })).toBe(2);
    await waitKept(knex);
    await ownersKept();
    expect(await expectExact()).toBe(2);
  });

  it('keeps owner counts only on tables read under an owner rule, from the first such count on', async () => {
    const { knex, admin, alice, aliceId, expectExact, keepsOwners, ownersKept } = await setup();
    await knex('parcel').insert([...rows(3, aliceId, 'mine'), ...rows(2, 999, 'other')]);
    // Written and counted by the admin alone: the table's writers pay for no owner counts.
    const all = await admin.get('/api/business/parcel/count');
    expect(all.json()).toBe(5);
    expect(await keepsOwners()).toBe(false);
    // Alice's first count is a count of her rows, and starts keeping them.
    expect(await expectExact({ kept: false })).toBe(3);
    await ownersKept();
    expect(await keepsOwners()).toBe(true);
    await knex('parcel').insert(rows(1, aliceId, 'after'));
    expect(await expectExact()).toBe(4);
    expect((await alice.get('/api/business/parcel/count?isDeleted=false')).json()).toBe(4);
  });

  it("walks the owner's rows in key order on PostgreSQL: an index on (ownerId, id) comes with the counts", async () => {
    const { knex, alice, aliceId, ownersKept } = await setup();
    await knex('parcel').insert([...rows(3, aliceId, 'mine'), ...rows(2, 999, 'other')]);
    expect((await alice.get('/api/business/parcel?limit=2')).statusCode).toBe(200);
    await ownersKept();
    if (db.name !== 'pg') return;
    const indexed = async () =>
      (
        (await knex.raw(
          `SELECT array_agg(a.attname::text ORDER BY k.n) AS columns FROM pg_index i
             CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k (attnum, n)
             JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
            WHERE i.indexrelid = to_regclass(?) GROUP BY i.indexrelid`,
          [knex.raw('??', [pgOwnerKeyIndexName('parcel')]).toQuery()],
        )) as { rows: { columns: string[] }[] }
      ).rows[0]?.columns;
    expect(await indexed()).toEqual(['ownerId', 'id']);
    // The owner's first page walks it, whatever the table's size (sequential scans off: 5 rows).
    const plan = await knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const { rows: lines } = (await trx.raw(
        'EXPLAIN SELECT * FROM parcel WHERE "ownerId" = ? ORDER BY id DESC LIMIT 10',
        [aliceId],
      )) as { rows: { 'QUERY PLAN': string }[] };
      return lines.map((line) => line['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain(pgOwnerKeyIndexName('parcel'));
    expect(plan).not.toMatch(/Sort/);
    // A table that kept owner counts before the index came gets it at the next start.
    await knex.raw('DROP INDEX ??', [pgOwnerKeyIndexName('parcel')]);
    await reconcilePgOwnerCounts(knex);
    expect(await indexed()).toEqual(['ownerId', 'id']);
  });
});

/** Gives a background recount (MySQL) time to finish. */
const waitKept = (knex: Knex): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, knex.client.config.client === 'mysql2' ? 500 : 0));
