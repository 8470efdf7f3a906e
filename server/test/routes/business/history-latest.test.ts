import { expect, it } from 'vitest';
import { SYSTEM } from '../../../src/db/table-names';
import { BROWSER, createHistoryTables } from '../../helpers/history-tables';
import { apiClient, type ApiClient } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser } from '../../helpers/users';

const PASSWORD = 'User-pass-1';

interface Latest {
  key: string;
  revisionId: number;
  action: string;
  time: number;
  user: { id: number | null; name: string | null };
  channel: string;
}

const latestOf = async (api: ApiClient, table: string, ids: readonly (string | number)[]) => {
  const query = ids.map((id) => `id=${encodeURIComponent(String(id))}`).join('&');
  const response = await api.get(`/api/business/${table}/history/latest?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Latest[]).sort((a, b) => a.key.localeCompare(b.key));
};

describeEachDatabase('record history: who last changed each record of a page ($name)', (db) => {
  const apps = useTestApps(db);

  it('answers the newest revision of each record asked about, without values; none for a record without history', async () => {
    const { app, knex, admin } = await createHistoryTables(apps);
    await knex(SYSTEM.userRole).whereNot('userId', 1).delete();
    await knex(SYSTEM.user).whereNot('id', 1).delete();
    const started = Date.now();
    const one = (await admin.post('/api/business/purchase', { name: '一', amount: 1 })).json() as number;
    const two = (await admin.post('/api/business/purchase', { name: '二', amount: 2 })).json() as number;
    await createUser(app, {
      username: 'clerk',
      password: PASSWORD,
      roles: { ROLE_LATEST_CLERK: 'business:purchase:read,business:purchase:update' },
    });
    const clerk = apiClient(app, (await login(app, 'clerk', PASSWORD)).cookie, BROWSER);
    expect((await clerk.patch(`/api/business/purchase/${two}`, { amount: 20 })).statusCode).toBe(200);
    // A row whose history is gone (or was written around crudboard) has none to tell.
    const three = (await admin.post('/api/business/purchase', { name: '三', amount: 3 })).json() as number;
    await knex('cb_revision')
      .where({ tableName: 'purchase', recordKey: String(three) })
      .delete();

    const latest = await latestOf(admin, 'purchase', [one, two, three, one]);
    expect(latest.map((change) => [change.key, change.action, change.user.name, change.channel])).toEqual([
      [String(one), 'create', '超级管理员', 'web'],
      [String(two), 'update', 'clerk', 'web'],
    ]);
    for (const change of latest) expect(change.time).toBeGreaterThanOrEqual(started - 1000);
    expect(JSON.stringify(latest)).not.toMatch(/amount|"20"|:20\b/);
    // A reader of the table may ask; its column rules hide nothing here, as no value is sent.
    expect((await latestOf(clerk, 'purchase', [two]))[0]?.user.name).toBe('clerk');
  });

  it('refuses a caller without read permission, a bad key, and too many or no ids: 400/403, never 500', async () => {
    const { app, knex, admin } = await createHistoryTables(apps);
    await admin.post('/api/business/purchase', { name: '一', amount: 1 });
    await knex(SYSTEM.userRole).whereNot('userId', 1).delete();
    await knex(SYSTEM.user).whereNot('id', 1).delete();
    await createUser(app, {
      username: 'outsider',
      password: PASSWORD,
      roles: { ROLE_LATEST_OUTSIDER: 'business:purchaseLine:read' },
    });
    const outsider = apiClient(app, (await login(app, 'outsider', PASSWORD)).cookie, BROWSER);
    expect((await outsider.get('/api/business/purchase/history/latest?id=1')).statusCode).toBe(403);
    expect((await admin.get('/api/business/purchase/history/latest')).statusCode).toBe(400);
    expect((await admin.get('/api/business/purchase/history/latest?id=abc')).statusCode).toBe(400);
    const many = Array.from({ length: 201 }, (_, i) => `id=${i + 1}`).join('&');
    expect((await admin.get(`/api/business/purchase/history/latest?${many}`)).statusCode).toBe(400);
    expect((await admin.get('/api/business/nosuch/history/latest?id=1')).statusCode).toBe(404);
    // A record whose key reads "history" is still reached by its own routes.
    expect((await admin.get('/api/business/purchase/history')).statusCode).toBe(400);
  });
});
