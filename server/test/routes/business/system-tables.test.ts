import { expect, it } from 'vitest';
import type { App } from '../../../src/app';
import { META, SYSTEM } from '../../../src/db/table-names';
import { syncSystemTables } from '../../../src/services/system-tables/sync-system-tables';
import { SYSTEM_TABLES } from '../../../src/services/system-tables/system-tables';
import { apiClient, type ApiClient } from '../../helpers/metadata-api';
import { physicalColumns } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser } from '../../helpers/users';

/** Every metadata row of the system tables, in a comparable form. */
const systemMetadata = async (app: App) => {
  const knex = app.dataSources.primary.knex;
  const tables = await knex(META.table).where('systemable', true).orderBy('id');
  const ids = tables.map((table) => table.id);
  return JSON.stringify({
    tables,
    columns: await knex(META.column).whereIn('tableId', ids).orderBy('id'),
    relations: await knex(META.relation).whereIn('fromTableId', ids).orderBy('id'),
  });
};

const signedIn = async (app: App, username?: string, password?: string): Promise<ApiClient> =>
  apiClient(app, (await login(app, username, password)).cookie);

const countOf = async (app: App, table: string) =>
  Number(((await app.dataSources.primary.knex(table).count({ n: '*' }).first()) as { n: unknown }).n);

const superAdminId = async (app: App) =>
  Number((await app.dataSources.primary.knex(SYSTEM.user).where('username', 'superadmin').first()).id);

describeEachDatabase('system tables through the business API ($name)', (db) => {
  const apps = useTestApps(db);

  it('describes the system tables at startup, idempotently, and restores a changed description', async () => {
    const app = await apps.build();
    const before = await systemMetadata(app);
    const knex = app.dataSources.primary.knex;
    const names = (await knex(META.table).where('systemable', true).orderBy('id')).map((t) => t.name);
    expect(names).toEqual([
      'user',
      'role',
      'userRole',
      'config',
      'menu',
      'tableFormBuilder',
      'columnExtProperty',
      'tablePermission',
      'sqlQuery',
      'file',
      'module',
      'moduleLine',
      'webhook',
      'webhookDelivery',
      'schedule',
      'scheduleRun',
      'flow',
      'flowRun',
      'table',
    ]);
    // Each declaration names exactly the physical table's columns (those the server alone writes
    // apart).
    for (const decl of SYSTEM_TABLES) {
      const physical = Object.keys(await physicalColumns(knex, decl.tableName)).sort();
      expect(physical, decl.name).toEqual(
        [...decl.columns.map((column) => column.name), ...(decl.serverColumns ?? [])].sort(),
      );
    }
    expect(await syncSystemTables(knex)).toEqual({ inserted: 0, updated: 0, deleted: 0, skipped: [] });
    expect(await systemMetadata(app)).toBe(before);
    await app.close();
    const again = await apps.build();
    expect(await systemMetadata(again)).toBe(before);

    const api = await signedIn(again);
    const user = (await api.get('/api/metadata/tables/name/user')).json();
    expect(user).toMatchObject({ tableName: 'cb_user', systemable: true, primaryNames: ['id'] });
    // English captions beside the Chinese ones, for crudboard's own tables, columns and relations.
    expect(user).toMatchObject({ caption: '用户', captions: { 'en-US': 'Users' } });
    expect(user.columns.find((c: { name: string }) => c.name === 'createdDate').captions).toEqual({
      'en-US': 'Created',
    });
    const roleRelations = (await api.get(`/api/metadata/tablerelations?fromTableId=${user.id}`)).json();
    expect(roleRelations.find((r: { name: string }) => r.name === 'userRoles')?.captions).toEqual({
      'en-US': 'User roles',
    });
    expect(user.columns.find((c: { name: string }) => c.name === 'password')).toMatchObject({
      dataType: 'PASSWORD',
      nullable: false,
    });
    const file = (await api.get('/api/metadata/tables/name/file')).json();
    expect(file.columns.map((c: { name: string }) => c.name)).toEqual([
      'id',
      'name',
      'fileName',
      'url',
      'size',
      'md5',
      'ownerId',
      'createdDate',
      'lastModifiedDate',
    ]);
    for (const hidden of ['session', 'cb_session']) {
      expect((await api.get(`/api/business/${hidden}`)).statusCode).toBe(404);
    }

    // A later start puts back what the declaration says.
    const knex2 = again.dataSources.primary.knex;
    await knex2(META.table).where('name', 'role').update({ caption: 'changed' });
    const roleId = (await knex2(META.table).where('name', 'role').first()).id;
    await knex2(META.column).where({ tableId: roleId, name: 'permissions' }).delete();
    await knex2(META.column).insert({
      tableId: roleId,
      name: 'stray',
      dataType: 'INT',
      createdDate: 1,
      lastModifiedDate: 1,
    });
    const result = await syncSystemTables(knex2);
    expect(result).toMatchObject({ inserted: 1, updated: 1, deleted: 1 });
    // A table of the user's that holds a system table's name keeps it; the system table is left out.
    const menuId = (await knex2(META.table).where('name', 'menu').first()).id;
    await knex2(META.column).where('tableId', menuId).delete();
    await knex2(META.table).where('id', menuId).delete();
    await knex2(META.table).insert({
      name: 'menu',
      tableName: 'shop_menu',
      createdDate: 1,
      lastModifiedDate: 1,
    });
    expect(await syncSystemTables(knex2)).toEqual({
      inserted: 0,
      updated: 0,
      deleted: 0,
      skipped: [{ name: 'menu', reason: 'nameTaken' }],
    });
    expect((await knex2(META.table).where('name', 'menu').first()).tableName).toBe('shop_menu');
    await knex2(META.table).where('tableName', 'shop_menu').delete();
    expect(await syncSystemTables(knex2)).toMatchObject({ inserted: 6, skipped: [] });
    const role = (await api.get('/api/metadata/tables/name/role')).json();
    expect(role.caption).toBe('角色');
    expect(role.columns.map((c: { name: string }) => c.name)).toEqual([
      'id',
      'name',
      'code',
      'permissions',
      'createdDate',
      'lastModifiedDate',
    ]);
  });

  it('creates, lists, updates and deletes users: passwords hashed, never returned, usable to log in', async () => {
    const app = await apps.build();
    const api = await signedIn(app);
    const created = await api.post('/api/business/user', {
      username: 'alice',
      realname: '爱丽丝',
      password: 'Alice-pass-1',
      email: 'alice@example.com',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json();
    const stored = await app.dataSources.primary.knex(SYSTEM.user).where('id', id).first();
    expect(stored.password).toMatch(/^scrypt\$/);
    expect(stored.password).not.toContain('Alice-pass-1');

    const record = (await api.get(`/api/business/user/${id}`)).json();
    expect(record).toMatchObject({ id, username: 'alice', realname: '爱丽丝', enabled: true, userRoles: [] });
    expect(record).not.toHaveProperty('password');
    const list = (await api.get('/api/business/user?search=lic&orderby=username')).json();
    expect(list.map((u: { username: string }) => u.username)).toEqual(['alice']);
    expect(list[0]).not.toHaveProperty('password');
    expect((await api.get('/api/business/user/count?username=alice')).json()).toBe(1);

    const alice = await login(app, 'alice', 'Alice-pass-1');
    expect(alice.response.statusCode).toBe(200);
    expect(alice.response.json().principal).not.toHaveProperty('password');
    const aliceMe = () =>
      app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: alice.cookie } });
    expect((await aliceMe()).statusCode).toBe(200);
    expect(
      (await api.patch(`/api/business/user/${id}`, { password: '', realname: 'Alice' })).statusCode,
    ).toBe(200);
    expect((await login(app, 'alice', 'Alice-pass-1')).response.statusCode).toBe(200);
    expect((await api.patch(`/api/business/user/${id}`, { password: 'Alice-pass-2' })).statusCode).toBe(200);
    // A new password ends the user's sessions.
    expect((await aliceMe()).statusCode).toBe(401);
    expect((await login(app, 'alice', 'Alice-pass-1')).response.statusCode).toBe(401);
    expect((await login(app, 'alice', 'Alice-pass-2')).response.statusCode).toBe(200);

    const missing = await api.post('/api/business/user', { username: 'bob' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['password']);
    const duplicate = await api.post('/api/business/user', { username: 'alice', password: 'x-Pass-123' });
    expect(duplicate.statusCode).toBe(409);
    const soft = await api.delete(`/api/business/user/${id}?isSoftDelete=true`);
    expect(soft.statusCode).toBe(400);
    expect(soft.json().message).toContain('isDeleted');

    expect((await api.delete(`/api/business/user/${id}`)).statusCode).toBe(204);
    expect((await login(app, 'alice', 'Alice-pass-2')).response.statusCode).toBe(401);
  });

  it('keeps roles and user roles with embedded relations, and their guards', async () => {
    const app = await apps.build();
    const api = await signedIn(app);
    const self = await superAdminId(app);
    const roleId = (
      await api.post('/api/business/role', {
        name: '编辑',
        code: 'ROLE_EDITOR',
        permissions: 'business:product:read,business:product:update',
      })
    ).json();
    const userId = (
      await api.post('/api/business/user', { username: 'carol', password: 'Carol-pass-1' })
    ).json();
    const link = await api.post('/api/business/userRole', { userId, roleId });
    expect(link.statusCode, link.body).toBe(201);

    const linkRecord = (await api.get(`/api/business/userRole/${link.json()}`)).json();
    expect(linkRecord).toMatchObject({
      userId,
      roleId,
      user: { id: userId, username: 'carol' },
      role: { id: roleId, name: '编辑', code: 'ROLE_EDITOR' },
    });
    expect(linkRecord.user).not.toHaveProperty('password');
    const links = (await api.get(`/api/business/userRole?userId=${userId}`)).json();
    expect(links).toEqual([
      expect.objectContaining({ role: expect.objectContaining({ code: 'ROLE_EDITOR' }) }),
    ]);
    const carol = await login(app, 'carol', 'Carol-pass-1');
    expect(carol.response.json().authorities.map((a: { authority: string }) => a.authority)).toEqual([
      'ROLE_EDITOR',
      'business:product:read',
      'business:product:update',
    ]);

    // Nobody changes their own roles, deletes themselves or the super-admin role.
    const superRole = (
      await app.dataSources.primary.knex(SYSTEM.role).where('code', 'ROLE_SUPER_ADMIN').first()
    ).id;
    const ownLink = (await app.dataSources.primary.knex(SYSTEM.userRole).where('userId', self).first()).id;
    const links0 = await countOf(app, SYSTEM.userRole);
    expect((await api.post('/api/business/userRole', { userId: self, roleId })).statusCode).toBe(403);
    expect((await api.patch(`/api/business/userRole/${ownLink}`, { roleId })).statusCode).toBe(403);
    const ownDelete = await api.delete(`/api/business/userRole/${ownLink}`);
    expect(ownDelete.statusCode).toBe(403);
    expect(ownDelete.json().message).toBe('不能修改自己的角色');
    const nested = await api.patch(`/api/business/user/${self}`, { userRoles: [] });
    expect(nested.statusCode).toBe(403);
    expect(await countOf(app, SYSTEM.userRole)).toBe(links0);
    const selfDelete = await api.delete(`/api/business/user/${self}`);
    expect(selfDelete.statusCode).toBe(409);
    expect(selfDelete.json().message).toBe('不能删除自己');
    expect((await api.patch(`/api/business/user/${self}`, { enabled: false })).statusCode).toBe(409);
    expect((await api.delete(`/api/business/role/${superRole}`)).statusCode).toBe(409);
    expect(
      (await api.patch(`/api/business/role/${superRole}`, { permissions: 'business:x:read' })).statusCode,
    ).toBe(409);
    expect((await api.patch(`/api/business/role/${superRole}`, { name: '超级管理员' })).statusCode).toBe(200);
    // Editing one's own record with its roles sent back unchanged is fine.
    const me = (await api.get(`/api/business/user/${self}`)).json();
    expect((await api.patch(`/api/business/user/${self}`, me)).statusCode).toBe(200);

    // A role's deletion cascades to its user roles.
    expect((await api.delete(`/api/business/role/${roleId}`)).statusCode).toBe(204);
    expect((await api.get(`/api/business/userRole?userId=${userId}`)).json()).toEqual([]);
  });

  it('refuses grants the editor does not hold, and touching super admins, unless super admin', async () => {
    const app = await apps.build();
    const self = await superAdminId(app);
    await createUser(app, {
      username: 'manager',
      password: 'Manager-pass-1',
      roles: {
        ROLE_MANAGER:
          'business:user:*,business:role:*,business:userRole:*,business:tablePermission:*,business:product:read',
      },
    });
    const manager = await signedIn(app, 'manager', 'Manager-pass-1');
    const roles0 = await countOf(app, SYSTEM.role);
    const denied = await manager.post('/api/business/role', {
      name: 'x',
      code: 'ROLE_X',
      permissions: 'business:product:read,business:order:delete',
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toContain('business:order:delete');
    const wildcardCode = await manager.post('/api/business/role', { name: 'x', code: 'business:*:*' });
    expect(wildcardCode.statusCode).toBe(400);
    expect(wildcardCode.json().errors.code).toBe('角色编码应以 ROLE_ 开头，只含字母、数字和下划线');
    const superGrant = { name: 'x', code: 'ROLE_Y', permissions: 'ROLE_SUPER_ADMIN' };
    expect((await manager.post('/api/business/role', superGrant)).statusCode).toBe(403);
    expect((await manager.post('/api/business/role', { name: 'x', code: '*' })).json().errors).toHaveProperty(
      'code',
    );
    expect(await countOf(app, SYSTEM.role)).toBe(roles0);
    const ok = await manager.post('/api/business/role', {
      name: 'reader',
      code: 'ROLE_READER',
      permissions: 'business:product:read',
    });
    expect(ok.statusCode).toBe(201);
    expect(
      (
        await manager.patch(`/api/business/role/${ok.json()}`, {
          permissions: 'business:product:read,sql:execute',
        })
      ).statusCode,
    ).toBe(403);
    const tableGrant = await manager.post('/api/business/tablePermission', {
      tableId: 1,
      roleId: ok.json(),
      permissions: 'metadata:write',
      columns: '[]',
    });
    expect(tableGrant.statusCode).toBe(403);

    const userId = (
      await manager.post('/api/business/user', { username: 'dave', password: 'Dave-pass-1' })
    ).json();
    expect((await manager.post('/api/business/userRole', { userId, roleId: ok.json() })).statusCode).toBe(
      201,
    );
    const superRole = (
      await app.dataSources.primary.knex(SYSTEM.role).where('code', 'ROLE_SUPER_ADMIN').first()
    ).id;
    expect((await manager.post('/api/business/userRole', { userId, roleId: superRole })).statusCode).toBe(
      403,
    );
    expect((await manager.patch(`/api/business/user/${self}`, { password: 'Taken-over-1' })).statusCode).toBe(
      403,
    );
    const last = await manager.delete(`/api/business/user/${self}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('至少要保留一个启用的超级管理员');
    expect((await login(app)).response.statusCode).toBe(200);
  });

  it('serves saved SQL statements, form layouts, extension properties and table permissions', async () => {
    const app = await apps.build();
    const api = await signedIn(app);

    const saved: number[] = [];
    for (const name of ['zeta', 'alpha', 'mid']) {
      const response = await api.post('/api/business/sqlQuery', {
        name,
        caption: name.toUpperCase(),
        sql: 'SELECT 1',
      });
      expect(response.statusCode, response.body).toBe(201);
      saved.push(response.json());
    }
    const sorted = (await api.get('/api/business/sqlQuery?orderby=name&offset=0&limit=999')).json();
    expect(sorted.map((s: { name: string }) => s.name)).toEqual(['alpha', 'mid', 'zeta']);
    expect((await api.patch(`/api/business/sqlQuery/${saved[0]}`, { sql: 'SELECT 2' })).statusCode).toBe(200);
    expect((await api.get(`/api/business/sqlQuery/${saved[0]}`)).json()).toMatchObject({
      name: 'zeta',
      caption: 'ZETA',
      sql: 'SELECT 2',
    });
    expect((await api.post('/api/business/sqlQuery', { name: 'alpha', sql: 'SELECT 3' })).statusCode).toBe(
      409,
    );
    expect((await api.post('/api/business/sqlQuery', { name: 'nosql' })).statusCode).toBe(400);
    expect((await api.delete(`/api/business/sqlQuery/${saved[0]}`)).statusCode).toBe(204);
    expect((await api.get('/api/business/sqlQuery/count')).json()).toBe(2);

    const layout = (tableId: number, type: string) => ({
      tableId,
      device: 'pc',
      type,
      body: JSON.stringify([{ columnId: 1, width: 12 }]),
    });
    const first = await api.post('/api/business/tableFormBuilder', layout(101, 'list'));
    expect(first.statusCode, first.body).toBe(201);
    expect((await api.post('/api/business/tableFormBuilder', layout(101, 'create'))).statusCode).toBe(201);
    expect((await api.post('/api/business/tableFormBuilder', layout(102, 'list'))).statusCode).toBe(201);
    const layouts = (await api.get('/api/business/tableFormBuilder?tableId=101&offset=0&limit=999')).json();
    expect(layouts.map((l: { type: string }) => l.type).sort()).toEqual(['create', 'list']);
    expect(JSON.parse(layouts[0].body)).toEqual([{ columnId: 1, width: 12 }]);
    const bad = await api.post('/api/business/tableFormBuilder', {
      ...layout(101, 'print'),
      device: 'tv',
      body: '[',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['body', 'device', 'type']);
    expect(
      (await api.patch(`/api/business/tableFormBuilder/${first.json()}`, { device: 'phone' })).statusCode,
    ).toBe(200);
    expect(
      (await api.patch(`/api/business/tableFormBuilder/${first.json()}`, { type: 'nope' })).statusCode,
    ).toBe(400);
    expect((await api.delete(`/api/business/tableFormBuilder/${first.json()}`)).statusCode).toBe(204);
    expect((await api.get('/api/business/tableFormBuilder/count?tableId=101')).json()).toBe(1);

    const dialog = { name: '选择', url: '/pick' };
    for (const [columnId, key] of [
      [7, 'valueDialog'],
      [8, 'valueDialog'],
      [7, 'other'],
    ] as const) {
      const value = key === 'valueDialog' ? JSON.stringify(dialog) : '"x"';
      expect(
        (await api.post('/api/business/columnExtProperty', { tableId: 101, columnId, key, value }))
          .statusCode,
      ).toBe(201);
    }
    expect(
      (
        await api.post('/api/business/columnExtProperty', {
          tableId: 101,
          columnId: 7,
          key: 'other',
          value: '1',
        })
      ).statusCode,
    ).toBe(409);
    const dialogs = (await api.get('/api/business/columnExtProperty?tableId=101&key=valueDialog')).json();
    expect(dialogs.map((d: { columnId: number }) => d.columnId).sort()).toEqual([7, 8]);
    expect(JSON.parse(dialogs[0].value)).toEqual(dialog);

    const roleId = (
      await api.post('/api/business/role', { name: 'p', code: 'ROLE_P', permissions: '' })
    ).json();
    const permission = await api.post('/api/business/tablePermission', {
      tableId: 101,
      roleId,
      permissions: 'business:product:read',
      columns: JSON.stringify([{ columnId: 7, read: true, update: false }]),
    });
    expect(permission.statusCode, permission.body).toBe(201);
    expect((await api.get(`/api/business/tablePermission?tableId=101`)).json()).toEqual([
      expect.objectContaining({ roleId, role: expect.objectContaining({ code: 'ROLE_P' }) }),
    ]);
    expect(
      (await api.post('/api/business/tablePermission', { tableId: 102, roleId, columns: 'oops' })).statusCode,
    ).toBe(400);
  });

  it('keeps the public config list and routes every other config call through the business API', async () => {
    const app = await apps.build();
    const plain = await app.inject({ method: 'GET', url: '/api/business/config' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().map((c: { key: string }) => c.key)).toEqual(['appName', 'businessName']);
    // Searching is the business API's: a session and business:config:read.
    const anonymous = await app.inject({ method: 'GET', url: '/api/business/config?search=business' });
    expect(anonymous.statusCode).toBe(401);
    const { cookie } = await login(app);
    const searched = await app.inject({
      method: 'GET',
      url: '/api/business/config?search=business',
      headers: { cookie },
    });
    expect(searched.statusCode, searched.body).toBe(200);
    expect(searched.json()).toEqual([
      expect.objectContaining({ key: 'businessName', value: '业务数据', createdDate: expect.any(String) }),
    ]);
    const unknown = { method: 'GET' as const, url: '/api/business/config?nope=1' };
    expect((await app.inject(unknown)).statusCode).toBe(401);
    expect((await app.inject({ ...unknown, headers: { cookie } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/business/config/count' })).statusCode).toBe(401);

    const api = await signedIn(app);
    expect((await api.get('/api/business/config/count')).json()).toBe(2);
    const id = (await api.post('/api/business/config', { key: 'theme', value: 'dark' })).json();
    expect((await api.patch(`/api/business/config/${id}`, { value: 'light' })).statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/business/config?key=theme' });
    expect(after.json()).toEqual([{ id, name: null, key: 'theme', value: 'light' }]);
    expect((await api.delete(`/api/business/config/${id}`)).statusCode).toBe(204);
    expect(
      (await api.get('/api/business/menu?orderby=id')).json().map((m: { code: string }) => m.code),
    ).toEqual(['business', 'systemBusiness', 'metadata', 'system']);
  });

  it('lets the designer neither alter nor drop a system table', async () => {
    const app = await apps.build();
    const api = await signedIn(app);
    const before = await systemMetadata(app);
    const user = (await api.get('/api/metadata/tables/name/user')).json();
    const altered = await api.patch(`/api/metadata/tables/${user.id}`, { caption: '人员' });
    expect(altered.statusCode).toBe(409);
    expect(altered.json().message).toBe('系统表 user 由 crudboard 维护，不能修改');
    const indexes = await api.patch(`/api/metadata/tables/${user.id}`, { indexs: [] });
    expect(indexes.statusCode).toBe(409);
    const dropped = await api.delete(`/api/metadata/tables/${user.id}?isDropPhysicalTable=true`);
    expect(dropped.statusCode).toBe(409);
    expect(await app.dataSources.primary.knex.schema.hasTable(SYSTEM.user)).toBe(true);
    expect(await systemMetadata(app)).toBe(before);
  });

  it('lists readable system tables in /api/users/me/table, marked systemable', async () => {
    const app = await apps.build();
    await createUser(app, {
      username: 'viewer',
      password: 'Viewer-pass-1',
      roles: { ROLE_VIEWER: 'business:user:read,business:sqlQuery:read' },
    });
    const viewer = await signedIn(app, 'viewer', 'Viewer-pass-1');
    const tables = (await viewer.get('/api/users/me/table')).json();
    expect(tables.map((t: { name: string; systemable: boolean }) => [t.name, t.systemable])).toEqual([
      ['user', true],
      ['sqlQuery', true],
    ]);
    expect((await viewer.get('/api/business/user')).statusCode).toBe(200);
    expect((await viewer.get('/api/business/role')).statusCode).toBe(403);
    expect((await viewer.post('/api/business/sqlQuery', { name: 'v', sql: 'SELECT 1' })).statusCode).toBe(
      403,
    );
  });
});
