import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { metadata012OwnerCounts } from '../../../src/db/migrations/metadata-012-owner-counts';
import { SYSTEM } from '../../../src/db/table-names';
import { mysqlRowCountTriggers } from '../../../src/dialects/row-count/mysql-row-count';
import { detachPgOwnerCount } from '../../../src/dialects/row-count/pg-owner-count';
import { createTable, type CreatedTable } from '../../helpers/business-tables';
import { bareApp } from '../../helpers/clean-admin';
import { apiClient, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser } from '../../helpers/users';

const PASSWORD = 'User-pass-1';
const OWN = { columnName: 'ownerId', operatorType: 'EQ', values: ['$user.id'] };
const now = '2024-01-01 00:00:00';

/**
 * The count of a user under the read rule `ownerId = $user.id` comes from the owner's kept count
 * on PostgreSQL and MySQL (pg-owner-count.ts, mysql-owner-count.ts): these tests hold it to a plain
 * count of the owner's rows through every kind of change, and check that it is not a count of them.
 */
describeEachDatabase('counts under an owner rule ($name)', (db) => {
  const apps = useTestApps(db);
  const kept = db.name !== 'sqlite';

  const setup = async () => {
    const { app, knex } = await bareApp(apps);
    const admin = apiClient(app, (await login(app)).cookie);
    const table = await createTable(admin, { name: 'parcel', columns: SYSTEM_COLUMNS });
    const aliceId = await createUser(app, {
      username: 'alice',
      password: PASSWORD,
      roles: { ROLE_SALES: 'business:parcel:read,business:parcel:create,business:parcel:delete' },
    });
    const role = await knex(SYSTEM.role).where('code', 'ROLE_SALES').first();
    const granted = await admin.post('/api/business/tablePermission', {
      tableId: table.id,
      roleId: Number(role.id),
      permissions: 'business:parcel:read,business:parcel:create,business:parcel:delete',
      rowRules: JSON.stringify({ read: OWN, delete: OWN }),
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const alice = apiClient(app, (await login(app, 'alice', PASSWORD)).cookie);
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
        if (kept && !live && options.kept !== false) expect(counted, statements.join('\n')).toBe(false);
      }
      return plain(false);
    };
    return { app, knex, admin, alice, aliceId, table, expectExact };
  };

  const rows = (count: number, ownerId: number | null, prefix: string) =>
    Array.from({ length: count }, (_, i) => ({
      name: `${prefix}${i}`,
      ownerId,
      createdDate: now,
      isDeleted: false,
    }));

  it('stays exact through creates, owner changes, deletes, soft deletes and rolled-back writes', async () => {
    const { knex, alice, aliceId, expectExact } = await setup();
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
    const { knex, admin, table, aliceId, expectExact } = await setup();
    await knex('parcel').insert([...rows(4, aliceId, 'mine'), ...rows(3, 999, 'other')]);
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
    // MySQL made the triggers again and counts the table anew in the background.
    expect(await expectExact({ kept: db.name !== 'mysql' })).toBe(5);
    await waitKept(knex);
    expect(await expectExact()).toBe(5);
    // Retyped (a wider integer) and dropped: both allowed, writes go on.
    await patch(() => ({ dataType: 'INT', unsigned: false }));
    await knex('parcel').where('name', 'mine1').update({ ownerId: 999 });
    expect(await expectExact({ kept: db.name !== 'mysql' })).toBe(4);
    await waitKept(knex);
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
    const { knex, admin, aliceId, expectExact } = await setup();
    await knex('parcel').insert([...rows(4, aliceId, 'mine'), ...rows(3, 999, 'other')]);
    expect(await expectExact()).toBe(4);
    const truncated = await admin.post('/api/metadata/sqls/execute', {
      sql: db.name === 'sqlite' ? 'DELETE FROM parcel' : 'TRUNCATE TABLE parcel',
      readOnly: false,
    });
    expect(truncated.statusCode, truncated.body).toBe(200);
    await knex('parcel').insert(rows(2, aliceId, 'again'));
    // MySQL counts the table again in the background after a TRUNCATE: the count is exact meanwhile.
    expect(await expectExact({ kept: db.name !== 'mysql' })).toBe(2);
    await waitKept(knex);
    expect(await expectExact()).toBe(2);
  });

  it('starts keeping owner counts of tables made before them (the upgrade)', async () => {
    const { knex, aliceId, expectExact } = await setup();
    await knex('parcel').insert([...rows(3, aliceId, 'mine'), ...rows(2, 999, 'other')]);
    // As a table of an earlier version: the row count kept, no owner counts.
    if (db.name === 'pg') await knex.transaction((trx) => detachPgOwnerCount(trx, 'parcel'));
    if (db.name === 'mysql') await knex.raw('DROP TRIGGER ??', [mysqlRowCountTriggers('parcel').update]);
    expect(await expectExact({ kept: false })).toBe(3);
    await knex.transaction(async (trx) => {
      await metadata012OwnerCounts.up(trx);
    });
    await knex('parcel').insert(rows(1, aliceId, 'after'));
    expect(await expectExact({ kept: db.name !== 'mysql' })).toBe(4);
    // MySQL: counted anew in the background, and its triggers looked up again within two seconds.
    if (db.name === 'mysql') await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await expectExact()).toBe(4);
  });
});

/** Gives a background recount (MySQL) time to finish. */
const waitKept = (knex: Knex): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, knex.client.config.client === 'mysql2' ? 500 : 0));
