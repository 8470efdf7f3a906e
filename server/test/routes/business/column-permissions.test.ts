import ExcelJS from 'exceljs';
import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import type { App } from '../../../src/app';
import { SYSTEM } from '../../../src/db/table-names';
import { createRelation, createTable } from '../../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser } from '../../helpers/users';
import { bareApp } from '../../helpers/clean-admin';

const PASSWORD = 'User-pass-1';
const q = encodeURIComponent;

const snapshot = async (knex: Knex) =>
  JSON.stringify([
    await knex('staff').select('*').orderBy('id'),
    await knex('dept').select('*').orderBy('id'),
  ]);

describeEachDatabase('column-level table permissions ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    // Tables of earlier tests go; the app built afterwards describes the system tables again.
    const { app, knex } = await bareApp(apps);
    const admin = apiClient(app, (await login(app)).cookie);
    const queryable = SYSTEM_COLUMNS.map((column) =>
      column.name === 'name' ? { ...column, queryable: true } : column,
    );
    const dept = await createTable(admin, {
      name: 'dept',
      columns: [...queryable, { name: 'budget', dataType: 'INT', displayable: true }],
    });
    const staff = await createTable(admin, {
      name: 'staff',
      columns: [
        ...queryable,
        { name: 'salary', dataType: 'INT', queryable: true },
        { name: 'secret', dataType: 'VARCHAR', length: 50, queryable: true },
        { name: 'phone', dataType: 'VARCHAR', length: 20, queryable: true },
        { name: 'deptId', dataType: 'BIGINT', queryable: true },
      ],
    });
    await createRelation(knex, {
      name: 'dept',
      relationType: 'ManyToOne',
      from: staff,
      fromColumn: 'deptId',
      to: dept,
      toColumn: 'id',
    });
    const deptId = (await admin.post('/api/business/dept', { name: '研发部', budget: 900 })).json();
    for (const [name, salary, secret] of [
      ['张三', 100, '暗号甲'],
      ['李四', 200, '暗号乙'],
    ] as const) {
      const created = await admin.post('/api/business/staff', { name, salary, secret, phone: '123', deptId });
      expect(created.statusCode, created.body).toBe(201);
    }
    await createUser(app, {
      username: 'hr',
      password: PASSWORD,
      roles: {
        ROLE_HR:
          'business:staff:read,business:staff:create,business:staff:update,business:staff:export,business:dept:read',
      },
    });
    const roleId = (await knex(SYSTEM.role).where('code', 'ROLE_HR').first()).id;
    const columnId = (table: typeof staff, name: string) => table.columns.find((c) => c.name === name)?.id;
    const grant = async (table: typeof staff, columns: object[], permissions = '') => {
      const response = await admin.post('/api/business/tablePermission', {
        tableId: table.id,
        roleId,
        permissions,
        columns: JSON.stringify(columns),
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    await grant(
      staff,
      [
        { columnId: columnId(staff, 'salary'), read: false, update: false },
        { columnId: columnId(staff, 'secret'), read: false, update: false },
        { columnId: columnId(staff, 'phone'), read: true, update: false },
      ],
      'business:staff:delete',
    );
    await grant(dept, [{ columnId: columnId(dept, 'budget'), read: false, update: false }]);
    const hr = apiClient(app, (await login(app, 'hr', PASSWORD)).cookie);
    return { app, knex, admin, hr };
  };

  const exportedHeaders = async (app: App, api: ApiClient, cookie: string) => {
    const response = await api.post('/api/business/staff/export', {});
    expect(response.statusCode, response.body).toBe(201);
    const file = await app.inject({ method: 'GET', url: response.body, headers: { cookie } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    return (workbook.worksheets[0]?.getRow(1).values as unknown[]).slice(1).map(String);
  };

  it('leaves hidden columns out of lists, records, embedded relations and exports', async () => {
    const { app, admin, hr } = await setup();
    const rows = (await hr.get('/api/business/staff?orderby=id')).json() as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).not.toHaveProperty('salary');
      expect(row).not.toHaveProperty('secret');
      expect(row).toMatchObject({ phone: '123' });
      expect(row.dept).toMatchObject({ name: '研发部' });
      expect(row.dept).not.toHaveProperty('budget');
    }
    const one = (await hr.get(`/api/business/staff/${String(rows[0]?.id)}`)).json();
    expect(one).not.toHaveProperty('salary');
    expect((await hr.get('/api/business/dept')).json()[0]).not.toHaveProperty('budget');
    // The administrator still sees everything.
    expect((await admin.get('/api/business/staff?orderby=id')).json()[0]).toMatchObject({ salary: 100 });

    const hrCookie = (await login(app, 'hr', PASSWORD)).cookie;
    const headers = await exportedHeaders(app, apiClient(app, hrCookie), hrCookie);
    expect(headers).toContain('phone');
    expect(headers).not.toContain('salary');
    expect(headers).not.toContain('secret');
  });

  it('reveals nothing through select, filters, sorting, counting or the keyword', async () => {
    const { hr, admin } = await setup();
    for (const params of [
      'select=salary',
      'select=name,secret',
      'salary=GE%20150',
      'secret=暗号甲',
      `filter=${q(JSON.stringify({ columnName: 'salary', operatorType: 'GE', values: [150] }))}`,
      'orderby=salary%20desc',
    ]) {
      const list = await hr.get(`/api/business/staff?${params}`);
      expect(list.statusCode, params).toBe(400);
      const count = await hr.get(`/api/business/staff/count?${params}`);
      expect([400], params).toContain(count.statusCode);
    }
    expect((await admin.get(`/api/business/staff?search=${q('暗号甲')}`)).json()).toHaveLength(1);
    expect((await hr.get(`/api/business/staff?search=${q('暗号甲')}`)).json()).toEqual([]);
    expect((await hr.get(`/api/business/staff/count?search=${q('暗号甲')}`)).json()).toBe(0);
    expect((await hr.get(`/api/business/staff?search=${q('张三')}`)).json()).toHaveLength(1);
  });

  it('refuses to set a column the role may not change, and changes nothing', async () => {
    const { knex, hr } = await setup();
    const before = await snapshot(knex);
    const id = (await knex('staff').where('name', '张三').first()).id;
    for (const body of [{ salary: 1 }, { secret: 'x' }, { phone: '999' }, { name: '改名', salary: 1 }]) {
      const response = await hr.patch(`/api/business/staff/${id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    expect((await hr.post('/api/business/staff', { name: '王五', salary: 5 })).statusCode).toBe(403);
    expect(await snapshot(knex)).toBe(before);
    expect((await hr.patch(`/api/business/staff/${id}`, { name: '张三丰' })).statusCode).toBe(200);
    expect((await hr.post('/api/business/staff', { name: '王五' })).statusCode).toBe(201);
  });

  it("grants a table permission's codes to the role's users at once", async () => {
    const { knex, hr } = await setup();
    const id = (await knex('staff').where('name', '李四').first()).id;
    // business:staff:delete came with the table permission, not with the role.
    expect((await hr.delete(`/api/business/staff/${id}`)).statusCode).toBe(204);
    expect((await hr.delete('/api/business/dept/1')).statusCode).toBe(403);
  });
});
