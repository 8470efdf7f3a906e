import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { DataSourceConfig } from '../../src/config';
import { SYSTEM } from '../../src/db/table-names';
import { createTable } from '../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { clearTables } from '../helpers/physical-schema';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser, removeUsersAndRoles } from '../helpers/users';

const PASSWORD = 'User-pass-1';

// Each test creates several tables first: slow DDL on a busy MySQL.
describeEachDatabase('permissions on a second data source ($name)', { timeout: 120_000 }, (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const second: DataSourceConfig = {
      name: 'archive',
      caption: '归档',
      client: 'sqlite',
      connection: join(apps.env().dataDir, 'archive.sqlite'),
      database: 'archive.sqlite',
    };
    const config = apps.env().config({ adminPassword: 'Test-admin-Pass-1' }, [second]);
    // Tables of earlier tests go; the app built afterwards describes the system tables again.
    await clearTables((await apps.build({}, config)).dataSources.primary.knex);
    const app = await apps.build({}, config);
    const knex = app.dataSources.primary.knex;
    await removeUsersAndRoles(knex);
    const cookie = (await login(app)).cookie;
    const admin = apiClient(app, cookie);
    const archiveAdmin = apiClient(app, cookie, { datasource: 'archive' });
    const staffColumns = [...SYSTEM_COLUMNS, { name: 'salary', dataType: 'INT' }];
    const staff = await createTable(archiveAdmin, { name: 'staff', columns: staffColumns });
    await createTable(archiveAdmin, { name: 'memo', columns: SYSTEM_COLUMNS });
    await createTable(admin, { name: 'staff', columns: staffColumns });
    for (const api of [admin, archiveAdmin]) {
      expect((await api.post('/api/business/staff', { name: '张三', salary: 100 })).statusCode).toBe(201);
    }
    expect((await archiveAdmin.post('/api/business/memo', { name: 'm' })).statusCode).toBe(201);
    await createUser(app, {
      username: 'reader',
      password: PASSWORD,
      roles: { ROLE_READER: 'business:archive.staff:read' },
    });
    const roleId = (await knex(SYSTEM.role).where('code', 'ROLE_READER').first()).id;
    const salary = staff.columns.find((column) => column.name === 'salary')?.id;
    const granted = await admin.post('/api/business/tablePermission', {
      tableId: staff.id,
      dataSource: 'archive',
      roleId,
      columns: JSON.stringify([{ columnId: salary, read: false, update: false }]),
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const readerCookie = (await login(app, 'reader', PASSWORD)).cookie;
    return {
      reader: apiClient(app, readerCookie),
      archiveReader: apiClient(app, readerCookie, { datasource: 'archive' }),
    };
  };

  it('reads the granted table of the other source with its column rules, and nothing else', async () => {
    const { reader, archiveReader } = await setup();
    const list = await archiveReader.get('/api/business/staff');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0].name).toBe('张三');
    expect(list.json()[0]).not.toHaveProperty('salary');
    expect((await archiveReader.get('/api/business/staff?select=id,salary')).statusCode).toBe(400);
    expect((await archiveReader.get('/api/business/memo')).statusCode).toBe(403);
    expect((await archiveReader.post('/api/business/staff', { name: 'x' })).statusCode).toBe(403);
    // business:archive.staff:read is no grant on primary's table of the same name.
    expect((await reader.get('/api/business/staff')).statusCode).toBe(403);
    const tables = await archiveReader.get('/api/users/me/table');
    expect(tables.statusCode, tables.body).toBe(200);
    const names = tables.json().map((table: { name: string }) => table.name);
    expect(names).toEqual(['staff']);
    const columns = tables.json()[0].columns.map((column: { name: string }) => column.name);
    expect(columns).not.toContain('salary');
    expect((await reader.get('/api/users/me/table')).json()).toEqual([]);
  });
});
