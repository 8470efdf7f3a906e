import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { apiClient, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { createTable } from '../../helpers/business-tables';
import { clearTables } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { userApi } from '../../helpers/user-api';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createShop } from '../../helpers/shop-tables';
import { removeUsersAndRoles } from '../../helpers/users';

const rows = async (knex: Knex, table: string) => JSON.stringify(await knex(table).select('*').orderBy('id'));

describeEachDatabase('/api/business/{table} permissions ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    await removeUsersAndRoles(knex);
    const admin = apiClient(app, cookie);
    await createTable(admin, { name: 'product', columns: SYSTEM_COLUMNS });
    await admin.post('/api/business/product', { name: 'a' });
    return { app, admin, knex };
  };

  it('checks business:<table>:<action> on every route; a 403 changes nothing', async () => {
    const { app, knex } = await setup();
    const reader = await userApi(app, 'reader', 'business:product:read');
    const before = await rows(knex, 'product');
    expect((await reader.get('/api/business/product')).statusCode).toBe(200);
    expect((await reader.get('/api/business/product/count')).statusCode).toBe(200);
    expect((await reader.get('/api/business/product/1')).statusCode).toBe(200);
    expect((await reader.get('/api/business/product/all?ids=1')).statusCode).toBe(200);
    for (const response of [
      await reader.post('/api/business/product', { name: 'b' }),
      await reader.patch('/api/business/product/1', { name: 'b' }),
      await reader.delete('/api/business/product/1'),
      await reader.delete('/api/business/product/1?isSoftDelete=true'),
      await reader.delete('/api/business/product', [1]),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    expect(await rows(knex, 'product')).toBe(before);

    const nobody = await userApi(app, 'nobody', 'business:other:read');
    expect((await nobody.get('/api/business/product')).statusCode).toBe(403);
    expect((await nobody.get('/api/business/product/1')).statusCode).toBe(403);

    const writer = await userApi(
      app,
      'writer',
      'business:*:read,business:product:create,business:product:update',
    );
    expect((await writer.post('/api/business/product', { name: 'w' })).statusCode).toBe(201);
    expect((await writer.patch('/api/business/product/1', { name: 'w2' })).statusCode).toBe(200);
    expect((await writer.delete('/api/business/product/1')).statusCode).toBe(403);

    const owner = await userApi(app, 'owner', 'business:product:*');
    expect((await owner.delete('/api/business/product/1')).statusCode).toBe(204);
    const created = (await owner.post('/api/business/product', { name: 'mine' })).json();
    const ownerId = (await knex('cb_user').where('username', 'owner').first()).id;
    expect((await owner.get(`/api/business/product/${created}`)).json()).toMatchObject({
      createById: Number(ownerId),
      ownerId: Number(ownerId),
    });
  });

  it('lets a role holding a trailing wildcard (business:*) read, create, change and delete business records', async () => {
    const { app, knex } = await setup();
    const wildcard = await userApi(app, 'wild', 'business:*');
    expect((await wildcard.get('/api/business/product')).statusCode).toBe(200);
    expect((await wildcard.get('/api/business/product/1')).json()).toMatchObject({ name: 'a' });
    const created = await wildcard.post('/api/business/product', { name: 'made' });
    expect(created.statusCode).toBe(201);
    expect((await knex('product').where('id', created.json()).first()).name).toBe('made');
    expect((await wildcard.patch('/api/business/product/1', { name: 'b' })).statusCode).toBe(200);
    expect((await wildcard.delete(`/api/business/product/${created.json()}`)).statusCode).toBe(204);
    // business:* is no metadata, SQL or upload right
    expect((await wildcard.get('/api/metadata/tables')).statusCode).toBe(403);
    expect((await wildcard.post('/api/metadata/sqls/execute', { sql: 'SELECT 1' })).statusCode).toBe(403);

    const everything = await userApi(app, 'all', '*');
    expect((await everything.post('/api/business/product', { name: 'all' })).statusCode).toBe(201);
    expect((await everything.get('/api/metadata/tables')).statusCode).toBe(200);

    const named = await userApi(app, 'named', 'business:*:*');
    expect((await named.post('/api/business/product', { name: 'n' })).statusCode).toBe(201);
  });

  it('needs the permission on child tables for nested writes and cascades, and embeds only readable relations', async () => {
    const { app, admin, knex } = await setup();
    await createShop(admin, knex);
    const clerk = await userApi(app, 'clerk', 'business:salesOrder:*');
    const nested = await clerk.post('/api/business/salesOrder', {
      name: 'SO',
      lines: [{ name: 'l', qty: 1 }],
    });
    expect(nested.statusCode).toBe(403);
    expect(await rows(knex, 'salesOrder')).toBe('[]');
    const id = (await clerk.post('/api/business/salesOrder', { name: 'SO', customerId: 1 })).json();
    expect((await clerk.get(`/api/business/salesOrder/${id}`)).json()).not.toHaveProperty('customer');
    expect((await admin.get(`/api/business/salesOrder/${id}`)).json()).toHaveProperty(
      'customer.name',
      '张三',
    );

    await admin.patch(`/api/business/salesOrder/${id}`, { lines: [{ name: 'l', qty: 1 }] });
    expect((await clerk.delete(`/api/business/salesOrder/${id}`)).statusCode).toBe(403);
    expect(await rows(knex, 'orderLine')).not.toBe('[]');
    expect((await clerk.delete(`/api/business/salesOrder/${id}?isSoftDelete=true`)).statusCode).toBe(204);
  });

  it('reads and exports a read-only table but refuses every write to it with 403, changing nothing', async () => {
    const { admin, knex } = await setup();
    await createTable(admin, { name: 'ledger', readOnly: true, columns: SYSTEM_COLUMNS });
    await knex('ledger').insert({ name: 'kept', createdDate: '2024-01-01 00:00:00', isDeleted: false });
    const id = (await knex('ledger').first()).id;
    const before = await rows(knex, 'ledger');
    expect((await admin.get('/api/business/ledger')).statusCode).toBe(200);
    expect((await admin.post('/api/business/ledger/export', undefined)).statusCode).toBe(201);
    const writes = [
      await admin.post('/api/business/ledger', { name: 'new' }),
      await admin.patch(`/api/business/ledger/${id}`, { name: 'changed' }),
      await admin.delete(`/api/business/ledger/${id}`),
      await admin.delete(`/api/business/ledger/${id}?isSoftDelete=true`),
      await admin.delete('/api/business/ledger', [id]),
    ];
    for (const response of writes) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toContain('ledger');
    }
    expect(await rows(knex, 'ledger')).toBe(before);
  });

  it('needs a session, except for the config lookup', async () => {
    const { app } = await setup();
    const anonymous = apiClient(app, '');
    expect((await anonymous.get('/api/business/product')).statusCode).toBe(401);
    expect((await anonymous.post('/api/business/product', { name: 'x' })).statusCode).toBe(401);
    const config = await anonymous.get('/api/business/config');
    expect(config.statusCode).toBe(200);
    expect(config.json()).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'appName' })]));
  });
});
