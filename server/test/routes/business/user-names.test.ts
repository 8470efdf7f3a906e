import { expect, it } from 'vitest';
import { SYSTEM } from '../../../src/db/table-names';
import { createTable } from '../../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser } from '../../helpers/users';

const PASSWORD = 'User-pass-1';

describeEachDatabase('the names of the users a record names ($name)', (db) => {
  const apps = useTestApps(db);

  it('come with every record to readers who may not read users, never for a column they may not read', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    const admin = apiClient(app, (await login(app)).cookie);
    const table = await createTable(admin, { name: 'memo', columns: SYSTEM_COLUMNS });
    await createUser(app, {
      username: 'writer',
      password: PASSWORD,
      roles: { ROLE_WRITER: 'business:memo:read,business:memo:create' },
    });
    await knex(SYSTEM.user).where('username', 'writer').update({ realname: '文员小王' });
    await createUser(app, {
      username: 'reader',
      password: PASSWORD,
      roles: { ROLE_READER: 'business:memo:read' },
    });
    const writer = apiClient(app, (await login(app, 'writer', PASSWORD)).cookie);
    const reader = apiClient(app, (await login(app, 'reader', PASSWORD)).cookie);

    // written by the clerk, then changed by the administrator
    const created = await writer.post('/api/business/memo', { name: '备忘' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json() as number;
    expect((await admin.patch(`/api/business/memo/${id}`, { name: '备忘录' })).statusCode).toBe(200);
    const writerId = Number((await knex(SYSTEM.user).where('username', 'writer').first()).id);

    // the reader may not read the user table, and still sees who
    expect((await reader.get('/api/business/user')).statusCode).toBe(403);
    const names = { [String(writerId)]: '文员小王', '1': '超级管理员' };
    const record = (await reader.get(`/api/business/memo/${id}`)).json();
    expect(record).toMatchObject({
      createById: writerId,
      updateById: 1,
      ownerId: writerId,
      $userNames: names,
    });
    const [listed] = (await reader.get('/api/business/memo')).json() as Record<string, unknown>[];
    expect(listed?.$userNames).toEqual(names);
    // a user without a real name goes by the user name
    await knex(SYSTEM.user).where('username', 'writer').update({ realname: null });
    expect((await reader.get(`/api/business/memo/${id}`)).json().$userNames).toEqual({
      [String(writerId)]: 'writer',
      '1': '超级管理员',
    });

    // a column the reader may not read names nobody: updateById hidden, so no administrator
    const roleId = Number((await knex(SYSTEM.role).where('code', 'ROLE_READER').first()).id);
    const updateBy = table.columns.find((column) => column.name === 'updateById')?.id;
    const rule = await admin.post('/api/business/tablePermission', {
      tableId: table.id,
      roleId,
      permissions: '',
      columns: JSON.stringify([{ columnId: updateBy, read: false, update: false }]),
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const trimmed = (await reader.get(`/api/business/memo/${id}`)).json();
    expect(trimmed).not.toHaveProperty('updateById');
    expect(trimmed.$userNames).toEqual({ [String(writerId)]: 'writer' });
    const [trimmedListed] = (await reader.get('/api/business/memo')).json() as Record<string, unknown>[];
    expect(trimmedListed?.$userNames).toEqual({ [String(writerId)]: 'writer' });
    // a record sent back as it was read saves
    const back = await admin.patch(`/api/business/memo/${id}`, {
      ...((await admin.get(`/api/business/memo/${id}`)).json() as object),
      name: '备忘录二',
    });
    expect(back.statusCode, back.body).toBe(200);
    // ...nor does a select without the bookkeeping columns
    const [selected] = (await reader.get('/api/business/memo?select=name')).json() as Record<
      string,
      unknown
    >[];
    expect(selected).not.toHaveProperty('$userNames');
  });
});
