import { expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const BASE = '/api/metadata/tables/metadatas';

describeEachDatabase('reverse engineering tables without a primary key ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async (): Promise<{ api: ApiClient; knex: import('knex').Knex }> => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    await knex.schema.dropViewIfExists('rk_big_orders');
    for (const name of ['rk_log', 'rk_badge', 'rk_seat', 'rk_order'])
      await knex.schema.dropTableIfExists(name);
    return { api: apiClient(app, cookie), knex };
  };

  it('uses a unique index over NOT NULL columns as the key, and reverses a table without either read-only', async () => {
    const { api, knex } = await setup();
    // No key at all.
    await knex.schema.createTable('rk_log', (t) => {
      t.integer('line');
      t.string('message', 100);
    });
    // A unique NOT NULL code, and a nullable unique column that cannot be a key.
    await knex.schema.createTable('rk_badge', (t) => {
      t.string('serial', 20).unique();
      t.string('code', 20).notNullable().unique();
      t.string('label', 50);
    });
    // A composite unique index over NOT NULL columns.
    await knex.schema.createTable('rk_seat', (t) => {
      t.string('hall', 10).notNullable();
      t.integer('seatNo').notNullable();
      t.string('holder', 50);
      t.unique(['hall', 'seatNo']);
    });
    try {
      const described = async (name: string) => (await api.get(`${BASE}/${name}`)).json().recordKey;
      expect(await described('rk_log')).toEqual({ kind: 'none', columns: [] });
      expect(await described('rk_badge')).toEqual({ kind: 'unique', columns: ['code'] });
      expect(await described('rk_seat')).toEqual({ kind: 'unique', columns: ['hall', 'seatNo'] });

      const report = await api.post(`${BASE}/reverse?partial=true`, ['rk_log', 'rk_badge', 'rk_seat']);
      expect(report.statusCode, report.body).toBe(201);
      const table = async (name: string) => (await api.get(`/api/metadata/tables/name/${name}`)).json();

      const log = await table('rk_log');
      expect(log.readOnly).toBe(true);
      expect(log.primaryNames).toEqual([]);
      await knex('rk_log').insert({ line: 1, message: 'kept' });
      expect((await api.get('/api/business/rk_log')).json()).toEqual([{ line: 1, message: 'kept' }]);
      const refused = await api.post('/api/business/rk_log', { line: 2, message: 'new' });
      expect(refused.statusCode).toBe(403);
      expect(Number((await knex('rk_log').count({ n: '*' }))[0]?.n)).toBe(1);

      const badge = await table('rk_badge');
      expect(badge.readOnly).toBe(false);
      expect(badge.primaryNames).toEqual(['code']);
      expect((await api.post('/api/business/rk_badge', { code: 'A1', label: '甲' })).statusCode).toBe(201);
      expect((await api.patch('/api/business/rk_badge/A1', { label: '乙' })).statusCode).toBe(200);
      expect((await api.get('/api/business/rk_badge/A1')).json()).toMatchObject({ code: 'A1', label: '乙' });
      expect((await api.delete('/api/business/rk_badge/A1')).statusCode).toBe(204);
      expect(await knex('rk_badge').select('code')).toEqual([]);

      const seat = await table('rk_seat');
      expect(seat.primaryNames).toEqual(['hall', 'seatNo']);
      expect(
        (await api.post('/api/business/rk_seat', { hall: 'B', seatNo: 7, holder: '张三' })).statusCode,
      ).toBe(201);
      const rows = (await api.get('/api/business/rk_seat')).json();
      expect(rows).toMatchObject([{ hall: 'B', seatNo: 7, holder: '张三' }]);
    } finally {
      const reversed = (await api.get('/api/metadata/tables?reverse=true&limit=1000')).json() as {
        id: number;
      }[];
      if (reversed.length > 0)
        await api.delete(
          '/api/metadata/tables?isDropPhysicalTable=false',
          reversed.map((t) => t.id),
        );
      for (const name of ['rk_log', 'rk_badge', 'rk_seat']) await knex.schema.dropTableIfExists(name);
    }
  });

  it('lists views apart and reverses them read-only; their structure and existence stay the database’s', async () => {
    const { api, knex } = await setup();
    await knex.schema.createTable('rk_order', (t) => {
      t.integer('orderNo').primary();
      t.string('customer', 50);
      t.integer('amount');
    });
    await knex('rk_order').insert([
      { orderNo: 1, customer: '甲', amount: 50 },
      { orderNo: 2, customer: '乙', amount: 500 },
    ]);
    await knex.schema.createView('rk_big_orders', (view) => {
      view.columns(['orderNo', 'customer', 'amount']);
      view.as(knex('rk_order').select('orderNo', 'customer', 'amount').where('amount', '>', 100));
    });
    try {
      const listed = (await api.get(BASE)).json() as { tableName: string; view: boolean }[];
      expect(listed.find((table) => table.tableName === 'rk_big_orders')).toMatchObject({ view: true });
      expect(listed.find((table) => table.tableName === 'rk_order')).toMatchObject({ view: false });
      const described = (await api.get(`${BASE}/rk_big_orders`)).json();
      expect(described).toMatchObject({ view: true, recordKey: { kind: 'none', columns: [] } });
      expect(described.columns.map((column: { name: string }) => column.name)).toEqual([
        'orderNo',
        'customer',
        'amount',
      ]);

      const reversed = await api.post(`${BASE}/reverse?partial=true`, ['rk_big_orders']);
      expect(reversed.statusCode, reversed.body).toBe(201);
      const view = (await api.get('/api/metadata/tables/name/rk_big_orders')).json();
      expect(view.readOnly).toBe(true);
      expect((await api.get('/api/business/rk_big_orders')).json()).toEqual([
        { orderNo: 2, customer: '乙', amount: 500 },
      ]);
      expect((await api.get('/api/business/rk_big_orders/count')).json()).toBe(1);
      expect((await api.post('/api/business/rk_big_orders', { orderNo: 3 })).statusCode).toBe(403);

      // Its structure is its query's: adding a column is refused, nothing changes.
      const added = await api.patch(`/api/metadata/tables/${view.id}`, {
        columns: [...view.columns, { name: 'extra', caption: 'extra', dataType: 'INT' }],
      });
      expect(added.statusCode).toBe(400);
      expect(added.json().message).toContain('rk_big_orders');
      expect(
        (await api.get('/api/metadata/tables/name/rk_big_orders'))
          .json()
          .columns.map((c: { name: string }) => c.name),
      ).toEqual(['orderNo', 'customer', 'amount']);
      // Captions and the like are metadata only: they may change.
      const captioned = await api.patch(`/api/metadata/tables/${view.id}`, { caption: '大额订单' });
      expect(captioned.statusCode, captioned.body).toBe(200);

      // Dropping it with its metadata is refused; dropping the metadata alone is fine.
      const dropped = await api.delete(`/api/metadata/tables/${view.id}?isDropPhysicalTable=true`);
      expect(dropped.statusCode).toBe(409);
      expect(
        (await api.get(BASE)).json().some((t: { tableName: string }) => t.tableName === 'rk_big_orders'),
      ).toBe(false);
      const forgotten = await api.delete(`/api/metadata/tables/${view.id}?isDropPhysicalTable=false`);
      expect(forgotten.statusCode).toBe(204);
      expect((await knex('rk_big_orders').select('orderNo')).map((row) => Number(row.orderNo))).toEqual([2]);
    } finally {
      const left = (await api.get('/api/metadata/tables?reverse=true&limit=1000')).json() as { id: number }[];
      if (left.length > 0)
        await api.delete(
          '/api/metadata/tables?isDropPhysicalTable=false',
          left.map((t) => t.id),
        );
      await knex.schema.dropViewIfExists('rk_big_orders');
      await knex.schema.dropTableIfExists('rk_order');
    }
  });
});
