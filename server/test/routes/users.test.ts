import { expect, it } from 'vitest';
import { META } from '../../src/db/table-names';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

const stamps = { createdDate: 1, lastModifiedDate: 2 };

describeEachDatabase('/api/users/me ($name)', (db) => {
  const apps = useTestApps(db);

  it('returns the principal', async () => {
    const app = await apps.build();
    const { cookie, response } = await login(app);
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(response.json().principal);
  });

  it('lists all four menus for the super admin and derived ones for others', async () => {
    const app = await apps.build();
    const admin = await login(app);
    const menu = await app.inject({
      method: 'GET',
      url: '/api/users/me/menu',
      headers: { cookie: admin.cookie },
    });
    expect(menu.json()).toEqual([
      { id: expect.any(Number), name: '业务数据', code: 'business' },
      { id: expect.any(Number), name: '内置数据', code: 'systemBusiness' },
      { id: expect.any(Number), name: '元数据', code: 'metadata' },
      { id: expect.any(Number), name: '系统', code: 'system' },
    ]);
    await createUser(app, {
      username: 'reader',
      password: 'Reader-pass-1',
      roles: { ROLE_READER: 'business:*:read' },
    });
    const reader = await login(app, 'reader', 'Reader-pass-1');
    const readerMenu = await app.inject({
      method: 'GET',
      url: '/api/users/me/menu',
      headers: { cookie: reader.cookie },
    });
    expect(readerMenu.json().map((m: { code: string }) => m.code)).toEqual(['business', 'systemBusiness']);
  });

  it('lists table metadata of the selected data source: all for the super admin, readable ones for others', async () => {
    const app = await apps.build();
    const admin = await login(app);
    const getAll = (cookie: string) =>
      app.inject({ method: 'GET', url: '/api/users/me/table', headers: { cookie } });
    // System tables are listed too, marked systemable (the web app shows them under 内置数据).
    const system = (await getAll(admin.cookie)).json();
    expect(system.map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining(['user', 'role', 'userRole', 'config', 'menu', 'sqlQuery']),
    );
    expect(system.every((t: { systemable: boolean }) => t.systemable)).toBe(true);
    const get = async (cookie: string) => {
      const response = await getAll(cookie);
      return { json: () => response.json().filter((t: { systemable: boolean }) => !t.systemable) };
    };
    expect((await get(admin.cookie)).json()).toEqual([]);

    const knex = app.dataSources.primary.knex;
    await knex(META.table).insert({ name: 'product', tableName: 'product', caption: '产品', ...stamps });
    await knex(META.table).insert({ name: 'secret', tableName: 'secret', caption: '机密', ...stamps });
    const product = (await knex(META.table).where('name', 'product').first()).id;
    await knex(META.column).insert({
      tableId: product,
      name: 'id',
      dataType: 'BIGINT',
      indexType: 'PRIMARY',
      ...stamps,
    });

    const tables = (await get(admin.cookie)).json();
    expect(tables.map((t: { name: string }) => t.name)).toEqual(['product', 'secret']);
    expect(tables[0]).toMatchObject({
      name: 'product',
      pluralName: 'product',
      tableName: 'product',
      caption: '产品',
      primaryNames: ['id'],
      columns: [{ name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', nullable: true }],
      indexs: [],
      createdDate: 1,
      lastModifiedDate: 2,
    });

    await createUser(app, {
      username: 'clerk',
      password: 'Clerk-pass-1',
      roles: { ROLE_CLERK: 'business:product:read' },
    });
    const clerk = await login(app, 'clerk', 'Clerk-pass-1');
    expect((await get(clerk.cookie)).json().map((t: { name: string }) => t.name)).toEqual(['product']);
  });
});
