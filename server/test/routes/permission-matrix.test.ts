import ExcelJS from 'exceljs';
import type { Knex } from 'knex';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import type { App } from '../../src/app';
import { META, SYSTEM } from '../../src/db/table-names';
import { syncSystemTables } from '../../src/services/system-tables/sync-system-tables';
import { createTable, type CreatedTable } from '../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../helpers/metadata-api';
import { multipartBody } from '../helpers/multipart';
import { clearTables } from '../helpers/physical-schema';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser, removeUsersAndRoles } from '../helpers/users';

const PASSWORD = 'User-pass-1';

/** Everything a forbidden request could have changed. */
const snapshot = async (knex: Knex) =>
  JSON.stringify([
    await knex('staff').select('*').orderBy('id'),
    await knex(SYSTEM.role).select('id', 'code', 'permissions').orderBy('id'),
    await knex(SYSTEM.userRole).select('userId', 'roleId').orderBy(['userId', 'roleId']),
    await knex(SYSTEM.tablePermission).select('*').orderBy('id'),
    await knex(META.table).select('id', 'name').orderBy('id'),
    await knex(META.column).select('id', 'name').orderBy('id'),
    await knex(SYSTEM.file).count({ n: '*' }),
  ]);

const xlsx = async (rows: unknown[][]): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('data');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
};

describeEachDatabase('permission checks on every endpoint ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    await syncSystemTables(knex);
    await knex(SYSTEM.tablePermission).delete();
    await removeUsersAndRoles(knex);
    const adminCookie = (await login(app)).cookie;
    const admin = apiClient(app, adminCookie);
    const staff = await createTable(admin, {
      name: 'staff',
      columns: [
        ...SYSTEM_COLUMNS,
        { name: 'salary', dataType: 'INT', queryable: true },
        { name: 'phone', dataType: 'VARCHAR', length: 20, queryable: true },
      ],
    });
    expect(
      (await admin.post('/api/business/staff', { name: '张三', salary: 100, phone: '1' })).statusCode,
    ).toBe(201);
    const user = async (username: string, permissions: string) => {
      const id = await createUser(app, {
        username,
        password: PASSWORD,
        roles: { [`ROLE_${username}`]: permissions },
      });
      const { cookie } = await login(app, username, PASSWORD);
      return { id, cookie, api: apiClient(app, cookie) };
    };
    return { app, knex, admin, adminCookie, staff, user };
  };

  const upload = (app: App, cookie: string, url: string, file: Buffer, filename: string) => {
    const { payload, headers } = multipartBody([{ name: 'file', value: file, filename }]);
    return app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie } });
  };

  /** Every endpoint with the code it needs: a user without it gets 403 and nothing changes. */
  const calls = (app: App, cookie: string, api: ApiClient, staff: CreatedTable) =>
    [
      ['metadata:read', () => api.get('/api/metadata/tables')],
      ['metadata:read', () => api.get(`/api/metadata/tables/${staff.id}`)],
      ['metadata:read', () => api.get('/api/metadata/tablerelations')],
      ['metadata:read', () => api.get('/api/metadata/sequences')],
      [
        'metadata:write',
        () => api.post('/api/metadata/tables', { name: 'x', caption: 'x', columns: SYSTEM_COLUMNS }),
      ],
      ['metadata:write', () => api.patch(`/api/metadata/tables/${staff.id}`, { caption: '改' })],
      ['metadata:write', () => api.delete(`/api/metadata/tables/${staff.id}?isDropPhysicalTable=true`)],
      ['sql:execute', () => api.post('/api/metadata/sqls/execute', { sql: 'DELETE FROM staff' })],
      ['file:upload', () => upload(app, cookie, '/api/file', Buffer.from('hello'), 'a.txt')],
      ['business:staff:read', () => api.get('/api/business/staff')],
      ['business:staff:read', () => api.get('/api/business/staff/count')],
      ['business:staff:read', () => api.get('/api/business/staff/1')],
      ['business:staff:create', () => api.post('/api/business/staff', { name: '李四' })],
      ['business:staff:update', () => api.patch('/api/business/staff/1', { name: '改' })],
      ['business:staff:delete', () => api.delete('/api/business/staff/1')],
      ['business:staff:delete', () => api.delete('/api/business/staff', [1])],
      ['business:staff:export', () => api.post('/api/business/staff/export', undefined)],
      ['business:staff:export', () => api.post('/api/business/staff/export/xml', undefined)],
      ['business:staff:export', () => api.post('/api/business/export', [staff.id])],
      ['business:staff:import', () => api.get('/api/business/staff/import/template')],
      [
        'business:staff:import',
        async () =>
          upload(app, cookie, '/api/business/staff/import', await xlsx([['name'], ['王五']]), 'a.xlsx'),
      ],
      [
        'business:staff:import',
        () =>
          upload(
            app,
            cookie,
            '/api/business/import',
            Buffer.from(JSON.stringify({ staff: [{ name: '王五' }] })),
            'a.json',
          ),
      ],
    ] as const satisfies readonly (readonly [string, () => Promise<LightMyRequestResponse>])[];

  it('answers 403 and changes nothing without the code; the code alone opens the endpoint', async () => {
    const { app, knex, staff, user } = await setup();
    const nobody = await user('nobody', 'business:other:read');
    const before = await snapshot(knex);
    for (const [code, call] of calls(app, nobody.cookie, nobody.api, staff)) {
      const response = await call();
      expect(response.statusCode, `${code}: ${response.body}`).toBe(403);
    }
    expect(await snapshot(knex)).toBe(before);

    // Each code opens its own endpoints and no other: the reads and exports of a reader pass.
    const reader = await user('reader', 'business:staff:read,business:staff:export,metadata:read');
    const withReader = await snapshot(knex);
    for (const [code, call] of calls(app, reader.cookie, reader.api, staff)) {
      const expected = ['business:staff:read', 'business:staff:export', 'metadata:read'].includes(code);
      const response = await call();
      if (expected) expect(response.statusCode, `${code}: ${response.body}`).toBeLessThan(300);
      else expect(response.statusCode, `${code}: ${response.body}`).toBe(403);
    }
    expect(await snapshot(knex)).toBe(withReader);
  });

  it('keeps hidden columns out of /me/table and the JSON export, and refuses them in a JSON import', async () => {
    const { app, knex, admin, staff, user } = await setup();
    const hr = await user('hr', 'business:staff:read,business:staff:export,business:staff:import');
    const roleId = (await knex(SYSTEM.role).where('code', 'ROLE_hr').first()).id;
    const columnId = (name: string) => staff.columns.find((column) => column.name === name)?.id;
    const granted = await admin.post('/api/business/tablePermission', {
      tableId: staff.id,
      roleId,
      permissions: '',
      columns: JSON.stringify([
        { columnId: columnId('salary'), read: false, update: false },
        { columnId: columnId('phone'), read: true, update: false },
      ]),
    });
    expect(granted.statusCode, granted.body).toBe(201);

    const tables = (await hr.api.get('/api/users/me/table')).json() as CreatedTable[];
    expect(tables.map((table) => table.name)).toEqual(['staff']);
    const names = tables[0]?.columns.map((column) => column.name);
    expect(names).toContain('phone');
    expect(names).toContain('id');
    expect(names).not.toContain('salary');
    const adminTables = (await admin.get('/api/users/me/table')).json() as CreatedTable[];
    expect(adminTables.find((table) => table.name === 'staff')?.columns.map((c) => c.name)).toContain(
      'salary',
    );

    const exported = await hr.api.post('/api/business/export', [staff.id]);
    expect(exported.statusCode, exported.body).toBe(201);
    const file = await app.inject({ method: 'GET', url: exported.body, headers: { cookie: hr.cookie } });
    const records = JSON.parse(file.body).staff as Record<string, unknown>[];
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ name: '张三', phone: '1' });
    expect(records[0]).not.toHaveProperty('salary');

    const before = await snapshot(knex);
    for (const record of [
      { name: '王五', salary: 5 },
      { name: '王五', phone: '2' },
    ]) {
      const response = await upload(
        app,
        hr.cookie,
        '/api/business/import',
        Buffer.from(JSON.stringify({ staff: [{ name: '赵六' }, record] })),
        'a.json',
      );
      expect(response.statusCode, response.body).toBe(403);
    }
    expect(await snapshot(knex)).toBe(before);
    const allowed = await upload(
      app,
      hr.cookie,
      '/api/business/import',
      Buffer.from(JSON.stringify({ staff: [{ name: '赵六' }] })),
      'a.json',
    );
    expect(allowed.statusCode, allowed.body).toBe(201);
  });

  it('lets nobody grant codes they lack nor change their own roles', async () => {
    const { knex, user } = await setup();
    const manager = await user(
      'manager',
      'business:role:read,business:role:create,business:role:update,business:userRole:create,business:tablePermission:create,business:staff:read',
    );
    const other = await user('other', 'business:staff:read');
    const otherRoleId = (await knex(SYSTEM.role).where('code', 'ROLE_other').first()).id;
    const managerRoleId = (await knex(SYSTEM.role).where('code', 'ROLE_manager').first()).id;
    const superRoleId = (await knex(SYSTEM.role).where('code', 'ROLE_SUPER_ADMIN').first()).id;
    const before = await snapshot(knex);
    for (const [url, body] of [
      ['/api/business/role', { name: 'x', code: 'ROLE_X', permissions: 'business:staff:delete' }],
      ['/api/business/role', { name: 'x', code: 'ROLE_X', permissions: 'sql:execute' }],
      [
        '/api/business/tablePermission',
        { tableId: 1, roleId: otherRoleId, permissions: 'business:staff:delete' },
      ],
      ['/api/business/userRole', { userId: manager.id, roleId: otherRoleId }],
      ['/api/business/userRole', { userId: other.id, roleId: superRoleId }],
    ] as const) {
      const response = await manager.api.post(url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}: ${response.body}`).toBe(403);
    }
    const raised = await manager.api.patch(`/api/business/role/${managerRoleId}`, {
      permissions: 'business:staff:read,business:staff:delete',
    });
    expect(raised.statusCode, raised.body).toBe(403);
    expect(await snapshot(knex)).toBe(before);
    // What they hold they may hand on.
    const handed = await manager.api.post('/api/business/role', {
      name: 'y',
      code: 'ROLE_Y',
      permissions: 'business:staff:read',
    });
    expect(handed.statusCode, handed.body).toBe(201);
  });
});
