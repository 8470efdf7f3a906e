import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import activity from './index';
import { ApiException, defineServerExtension, records, Type } from '../sdk';
import { apiClient, SYSTEM_COLUMNS } from '../../../test/helpers/metadata-api';
import { multipartBody } from '../../../test/helpers/multipart';
import { createTable } from '../../../test/helpers/business-tables';
import { clearTables } from '../../../test/helpers/physical-schema';
import { ADMIN_PASSWORD, login, useTestApps } from '../../../test/helpers/test-app';
import { userApi } from '../../../test/helpers/user-api';
import { describeEachDatabase } from '../../../test/helpers/test-databases';
import { removeUsersAndRoles } from '../../../test/helpers/users';

/** A test extension: refuses a name, fails after inserting another, and offers a route writing with the caller's rights. */
const guard = defineServerExtension({
  name: 'guard',
  hooks: [
    {
      tables: ['product'],
      beforeCreate: ({ values }) => {
        if (values.name === 'refused')
          throw new ApiException('VALIDATION_ERROR', undefined, {
            name: { zh: '不接受这个名称', en: 'this name is refused' },
          });
        if (values.name === 'shout') values.name = 'SHOUT';
      },
      afterCreate: ({ values }) => {
        if (values.name === 'late') throw new ApiException('CONFLICT');
      },
    },
  ],
  routes: async (app) => {
    app.post(
      '/products',
      { schema: { body: Type.Object({ name: Type.String() }) } },
      async (request, reply) => {
        const id = await records(request, 'product').create(request.body);
        return reply.code(201).send({ id });
      },
    );
  },
});

describeEachDatabase('record activity extension and write hooks ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build({ extensions: [activity, guard] });
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    await knex('cb_revision').delete();
    await removeUsersAndRoles(knex);
    const admin = apiClient(app, cookie);
    await createTable(admin, { name: 'product', columns: SYSTEM_COLUMNS });
    await createTable(admin, { name: 'secret', columns: SYSTEM_COLUMNS });
    return { app, admin, knex };
  };

  it('lists every create, update, soft delete, restore and delete from the record history, newest first', async () => {
    const { admin, knex } = await setup();
    const id = (await admin.post('/api/business/product', { name: 'a' })).json();
    expect((await admin.patch(`/api/business/product/${id}`, { name: 'b' })).statusCode).toBe(200);
    expect((await admin.delete(`/api/business/product/${id}?isSoftDelete=true`)).statusCode).toBe(204);
    expect((await admin.patch(`/api/business/product/${id}`, { isDeleted: false })).statusCode).toBe(200);
    expect((await admin.delete(`/api/business/product/${id}`)).statusCode).toBe(204);
    await admin.post('/api/business/secret', { name: 's' });

    const feed = await admin.get('/api/ext/activity/recent?table=product');
    expect(feed.statusCode).toBe(200);
    expect(feed.json().map((entry: { action: string }) => entry.action)).toEqual([
      'delete',
      'restore',
      'softDelete',
      'update',
      'create',
    ]);
    expect(feed.json()[0]).toMatchObject({
      tableName: 'product',
      recordKey: String(id),
      userId: 1,
      channel: 'api',
    });
    // One record of each change: the feed keeps no log of its own.
    expect(Number((await knex('cb_ext_activity').count({ n: '*' }))[0]?.n)).toBe(0);
    expect(Number((await knex('cb_revision').count({ n: '*' }))[0]?.n)).toBe(6);
    expect(typeof feed.json()[0].createdAt).toBe('number');
    const all = await admin.get('/api/ext/activity/recent?limit=2');
    expect(all.json().map((entry: { tableName: string }) => entry.tableName)).toEqual(['secret', 'product']);
  });

  it('runs after-create hooks on every record an .xlsx import creates, all-or-nothing and partial', async () => {
    const { app, admin } = await setup();
    const { cookie } = await login(app);
    for (const [query, names] of [
      ['', ['i1', 'i2', 'i3']],
      ['?partial=true', ['p1', 'p2']],
    ] as const) {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('data');
      sheet.addRow(['name']);
      for (const name of names) sheet.addRow([name]);
      const { payload, headers } = multipartBody([
        { name: 'file', value: Buffer.from(await book.xlsx.writeBuffer()), filename: 'data.xlsx' },
      ]);
      const imported = await app.inject({
        method: 'POST',
        url: `/api/business/product/import${query}`,
        payload,
        headers: { ...headers, cookie },
      });
      expect(imported.statusCode, imported.body).toBe(201);
    }
    const rows = (await admin.get('/api/business/product?limit=100&select=id,name')).json() as {
      id: number;
      name: string;
    }[];
    expect(rows).toHaveLength(5);
    const feed = (await admin.get('/api/ext/activity/recent?table=product&limit=100')).json() as {
      action: string;
      recordKey: string;
    }[];
    expect(
      feed
        .filter((entry) => entry.action === 'create')
        .map((entry) => entry.recordKey)
        .sort(),
    ).toEqual(rows.map((row) => String(row.id)).sort());
    // A failing after-hook refuses the whole all-or-nothing import.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('data');
    sheet.addRow(['name']);
    sheet.addRow(['fine']);
    sheet.addRow(['late']);
    const { payload, headers } = multipartBody([
      { name: 'file', value: Buffer.from(await book.xlsx.writeBuffer()), filename: 'data.xlsx' },
    ]);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/business/product/import',
      payload,
      headers: { ...headers, cookie },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect((await admin.get('/api/business/product/count')).json()).toBe(5);
  });

  it('runs hooks inside the write: a refusal or a failing after-hook leaves no record and no activity', async () => {
    const { admin, knex } = await setup();
    const refused = await admin.post('/api/business/product', { name: 'refused' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ name: '不接受这个名称' });
    const late = await admin.post('/api/business/product', { name: 'late' });
    expect(late.statusCode).toBe(409);
    expect(Number((await knex('product').count({ n: '*' }))[0]?.n)).toBe(0);
    expect(Number((await knex('cb_revision').count({ n: '*' }))[0]?.n)).toBe(0);

    const changed = (await admin.post('/api/business/product', { name: 'shout' })).json();
    expect((await admin.get(`/api/business/product/${changed}`)).json().name).toBe('SHOUT');
  });

  it('logs the writes of another data source in primary, with the write: none when it fails, nothing in the source', async () => {
    const env = apps.env();
    const source = {
      name: 'branch',
      caption: '分店',
      client: 'sqlite' as const,
      connection: join(env.dataDir, `branch-${Date.now()}.sqlite`),
      database: 'branch',
    };
    const app = await apps.build(
      { extensions: [activity, guard] },
      env.config({ adminPassword: ADMIN_PASSWORD }, [source]),
    );
    const { cookie } = await login(app);
    const primary = app.dataSources.primary.knex;
    await primary('cb_revision').delete();
    const branch = apiClient(app, cookie, { dataSource: 'branch' });
    const stale = (await branch.get('/api/metadata/tables?limit=999')).json() as { id: number }[];
    if (stale.length > 0)
      await branch.delete(
        '/api/metadata/tables',
        stale.map((table) => table.id),
      );
    await createTable(branch, { name: 'product', columns: SYSTEM_COLUMNS });

    expect((await branch.post('/api/business/product', { name: 'kept' })).statusCode).toBe(201);
    // guard's after-hook fails after the record was inserted: the record and its revision both go.
    expect((await branch.post('/api/business/product', { name: 'late' })).statusCode).toBe(409);
    const logged: { dataSource: string; tableName: string; action: string }[] = await primary(
      'cb_revision',
    ).select('dataSource', 'tableName', 'action');
    expect(logged).toEqual([{ dataSource: 'branch', tableName: 'product', action: 'create' }]);
    const feed = (await branch.get('/api/ext/activity/recent')).json() as { tableName: string }[];
    expect(feed.map((entry) => entry.tableName)).toEqual(['product']);
    expect((await apiClient(app, cookie).get('/api/ext/activity/recent')).json()).toEqual([]);

    const branchDb = app.dataSources.get('branch')?.knex;
    if (!branchDb) throw new Error('branch missing');
    // Its own tables and the search index of the table made there, none of crudboard's bookkeeping.
    const own = (await branchDb.raw("SELECT name FROM sqlite_master WHERE type = 'table'")) as {
      name: string;
    }[];
    expect(own.map((row) => row.name).filter((name) => /^cb_(ext|meta|migrations|cache)/.test(name))).toEqual(
      [],
    );
    expect(own.map((row) => row.name)).toContain('product');
  });

  it('checks ext:activity:read and the table read permission; extension routes write with the caller rights', async () => {
    const { app, admin } = await setup();
    await admin.post('/api/business/product', { name: 'p' });
    await admin.post('/api/business/secret', { name: 's' });

    const stranger = await userApi(app, 'stranger', 'business:product:read');
    expect((await stranger.get('/api/ext/activity/recent')).statusCode).toBe(403);

    const watcher = await userApi(app, 'watcher', 'ext:activity:read,business:product:read');
    expect((await watcher.get('/api/ext/activity/recent?table=secret')).statusCode).toBe(403);
    const seen = (await watcher.get('/api/ext/activity/recent')).json();
    expect(seen.map((entry: { tableName: string }) => entry.tableName)).toEqual(['product']);
    expect((await watcher.get('/api/ext/activity/recent?limit=0')).statusCode).toBe(400);

    // the route's write goes through business:product:create and the same hooks
    expect((await watcher.post('/api/ext/guard/products', { name: 'x' })).statusCode).toBe(403);
    const created = await admin.post('/api/ext/guard/products', { name: 'shout' });
    expect(created.statusCode).toBe(201);
    expect((await admin.get(`/api/business/product/${created.json().id}`)).json().name).toBe('SHOUT');
    expect((await admin.post('/api/ext/guard/products', { name: 'refused' })).statusCode).toBe(400);

    const anonymous = await app.inject({ method: 'GET', url: '/api/ext/activity/recent' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows extension routes in /api/docs', async () => {
    const { admin } = await setup();
    const docs = (await admin.get('/api/docs')).json();
    expect(Object.keys(docs.paths)).toContain('/api/ext/activity/recent');
  });
});
