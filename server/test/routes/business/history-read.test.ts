import { expect, it } from 'vitest';
import { SYSTEM } from '../../../src/db/table-names';
import { BROWSER, createHistoryTables } from '../../helpers/history-tables';
import { apiClient } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser, removeUsersAndRoles } from '../../helpers/users';

const PASSWORD = 'User-pass-1';

describeEachDatabase('record history: reading it ($name)', (db) => {
  const apps = useTestApps(db);

  it('answers a record’s revisions newest first, paged and counted; 404 only for a record that never existed', async () => {
    const { admin } = await createHistoryTables(apps);
    await admin.post('/api/business/purchase', { name: '一', amount: 1 });
    await admin.patch('/api/business/purchase/1', { amount: 2 });
    await admin.patch('/api/business/purchase/1', { amount: 3 });
    const all = await admin.get('/api/business/purchase/1/history');
    expect(all.statusCode, all.body).toBe(200);
    const revisions = all.json() as {
      id: number;
      action: string;
      changes: unknown[];
      user: unknown;
      channel: string;
    }[];
    expect(revisions.map((revision) => revision.action)).toEqual(['update', 'update', 'create']);
    expect(revisions[0]).toMatchObject({ changes: [{ column: 'amount', old: 2, new: 3 }], channel: 'web' });
    expect(revisions[0]?.user).toMatchObject({ id: 1 });
    const page = (await admin.get('/api/business/purchase/1/history?offset=1&limit=1')).json();
    expect(page).toEqual([revisions[1]]);
    expect((await admin.get('/api/business/purchase/1/history/count')).json()).toBe(3);
    expect((await admin.get('/api/business/purchase/2/history')).statusCode).toBe(404);
    expect((await admin.get('/api/business/purchase/2/history/count')).statusCode).toBe(404);
    expect((await admin.get('/api/business/purchase/1/history?limit=0')).statusCode).toBe(400);
    expect((await admin.get('/api/business/purchase/x/history')).statusCode).toBe(400);
    // A hard-deleted record's history stays readable.
    expect((await admin.delete('/api/business/purchase/1')).statusCode).toBe(204);
    const after = (await admin.get('/api/business/purchase/1/history')).json() as { action: string }[];
    expect(after.map((revision) => revision.action)).toEqual(['delete', 'update', 'update', 'create']);
  });

  it('never shows a column its reader may not read, old values included; needs read permission', async () => {
    const { app, knex, admin, order } = await createHistoryTables(apps);
    await admin.post('/api/business/purchase', { name: '一', amount: 100, note: '公开' });
    await admin.patch('/api/business/purchase/1', { amount: 777001, note: '改' });
    await admin.patch('/api/business/purchase/1', { amount: 777002 });
    await admin.delete('/api/business/purchase?isSoftDelete=true', [1]);
    await removeUsersAndRoles(knex);
    await createUser(app, {
      username: 'clerk',
      password: PASSWORD,
      roles: { ROLE_CLERK: 'business:purchase:read' },
    });
    await createUser(app, {
      username: 'nobody',
      password: PASSWORD,
      roles: { ROLE_NOBODY: 'business:purchaseLine:read' },
    });
    const roleId = (await knex(SYSTEM.role).where('code', 'ROLE_CLERK').first()).id;
    const amount = order.columns.find((column) => column.name === 'amount')?.id;
    const granted = await admin.post('/api/business/tablePermission', {
      tableId: order.id,
      roleId,
      permissions: '',
      columns: JSON.stringify([{ columnId: amount, read: false, update: false }]),
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const clerk = apiClient(app, (await login(app, 'clerk', PASSWORD)).cookie, BROWSER);
    const seen = await clerk.get('/api/business/purchase/1/history?limit=100');
    expect(seen.statusCode, seen.body).toBe(200);
    const revisions = seen.json() as { action: string; changes: { column: string }[] }[];
    // Every revision is there (the count agrees), the hidden column in none of them.
    expect(revisions.map((revision) => revision.action)).toEqual([
      'softDelete',
      'update',
      'update',
      'create',
    ]);
    expect((await clerk.get('/api/business/purchase/1/history/count')).json()).toBe(4);
    expect(seen.body).not.toContain('777001');
    expect(seen.body).not.toContain('777002');
    expect(seen.body).not.toContain('amount');
    expect(revisions[2]?.changes).toEqual([{ column: 'note', old: '公开', new: '改' }]);
    expect(revisions[1]?.changes).toEqual([]);
    // The administrator sees the values.
    expect((await admin.get('/api/business/purchase/1/history')).body).toContain('777002');
    const nobody = apiClient(app, (await login(app, 'nobody', PASSWORD)).cookie);
    expect((await nobody.get('/api/business/purchase/1/history')).statusCode).toBe(403);
    expect((await nobody.get('/api/business/purchase/1/history/count')).statusCode).toBe(403);
  });
});
