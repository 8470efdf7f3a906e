import { expect, it } from 'vitest';
import { createHistoryTables, storedRevisions } from '../../helpers/history-tables';
import { apiClient, createTableViaApi, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { cleanAdmin } from '../../helpers/clean-admin';
import { useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

describeEachDatabase('the history setting of a table ($name)', (db) => {
  const apps = useTestApps(db);

  it('is on by default, and is stored, read and exported as set', async () => {
    const { api } = await cleanAdmin(apps);
    const created = await createTableViaApi(api, { name: 'album', caption: '专辑', columns: SYSTEM_COLUMNS });
    expect(created).toMatchObject({ historyMode: 'on', historyKeep: null });

    const days = await api.patch(`/api/metadata/tables/${created.id}`, {
      historyMode: 'days',
      historyKeep: 30,
    });
    expect(days.statusCode, days.body).toBeLessThan(300);
    expect((await api.get(`/api/metadata/tables/${created.id}`)).json()).toMatchObject({
      historyMode: 'days',
      historyKeep: 30,
    });
    // Another field alone keeps the setting; the count alone changes it within the mode.
    expect(
      (await api.patch(`/api/metadata/tables/${created.id}`, { caption: '唱片' })).statusCode,
    ).toBeLessThan(300);
    expect(
      (await api.patch(`/api/metadata/tables/${created.id}`, { historyKeep: 90 })).statusCode,
    ).toBeLessThan(300);
    expect((await api.get(`/api/metadata/tables/${created.id}`)).json()).toMatchObject({
      historyMode: 'days',
      historyKeep: 90,
    });

    const revisions = await api.patch(`/api/metadata/tables/${created.id}`, {
      historyMode: 'revisions',
      historyKeep: 5,
    });
    expect(revisions.statusCode, revisions.body).toBeLessThan(300);
    const exported = await api.post('/api/metadata/tables/export', [created.id]);
    expect(exported.statusCode, exported.body).toBe(201);
    const bundle = (await api.get(exported.body)).json();
    expect(bundle.tables[0]).toMatchObject({ historyMode: 'revisions', historyKeep: 5 });
    // Imported under another name, the copy keeps the setting.
    bundle.tables[0] = {
      ...bundle.tables[0],
      name: 'albumCopy',
      pluralName: 'albumCopies',
      tableName: 'album_copy',
    };
    const imported = await api.post('/api/metadata/tables/import', bundle);
    expect(imported.statusCode, imported.body).toBe(201);
    const copy = (await api.get('/api/metadata/tables?limit=100'))
      .json()
      .find((table: { name: string }) => table.name === 'albumCopy');
    expect(copy).toMatchObject({ historyMode: 'revisions', historyKeep: 5 });

    // Off drops the count: it means nothing there.
    const off = await api.patch(`/api/metadata/tables/${created.id}`, { historyMode: 'off', historyKeep: 5 });
    expect(off.statusCode, off.body).toBeLessThan(300);
    expect((await api.get(`/api/metadata/tables/${created.id}`)).json()).toMatchObject({
      historyMode: 'off',
      historyKeep: null,
    });

    const made = await createTableViaApi(api, {
      name: 'track',
      caption: '曲目',
      historyMode: 'revisions',
      historyKeep: 100000,
      columns: SYSTEM_COLUMNS,
    });
    expect(made).toMatchObject({ historyMode: 'revisions', historyKeep: 100000 });
  });

  it('refuses a bad mode or count with a clear message, in Chinese and English, and changes nothing', async () => {
    const { app, api, cookie } = await cleanAdmin(apps);
    const created = await createTableViaApi(api, {
      name: 'member',
      caption: '会员',
      historyMode: 'days',
      historyKeep: 7,
      columns: SYSTEM_COLUMNS,
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ historyMode: 'forever' }, 'historyMode', 'forever'],
      [{ historyMode: 'days', historyKeep: 0 }, 'historyKeep', '36500'],
      [{ historyMode: 'days', historyKeep: 36501 }, 'historyKeep', '36500'],
      [{ historyMode: 'days', historyKeep: 1.5 }, 'historyKeep', '36500'],
      [{ historyMode: 'revisions', historyKeep: null }, 'historyKeep', '100000'],
      [{ historyMode: 'revisions' }, 'historyKeep', '100000'],
      [{ historyMode: 'revisions', historyKeep: 100001 }, 'historyKeep', '100000'],
      [{ historyMode: 'days', historyKeep: -3 }, 'historyKeep', '36500'],
    ];
    for (const [body, field, text] of cases) {
      const refused = await api.patch(`/api/metadata/tables/${created.id}`, { ...body, caption: '改了' });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.body).toContain(field);
      expect(refused.body).toContain(text);
    }
    const notNumber = await api.patch(`/api/metadata/tables/${created.id}`, {
      historyMode: 'days',
      historyKeep: 'x',
    });
    expect(notNumber.statusCode).toBe(400);
    expect((await api.get(`/api/metadata/tables/${created.id}`)).json()).toMatchObject({
      caption: '会员',
      historyMode: 'days',
      historyKeep: 7,
    });

    const zh = await api.patch(`/api/metadata/tables/${created.id}`, { historyKeep: 0 });
    expect(zh.body).toContain('保留天数必须是 1 到 36500 之间的整数');
    const en = await apiClient(app, cookie, { 'accept-language': 'en-US' }).patch(
      `/api/metadata/tables/${created.id}`,
      { historyMode: 'revisions', historyKeep: 0 },
    );
    expect(en.statusCode).toBe(400);
    expect(en.body).toContain('the revisions kept per record must be a whole number from 1 to 100000');

    const refusedCreate = await api.post('/api/metadata/tables', {
      name: 'ghost',
      caption: '幽灵',
      historyMode: 'days',
      columns: SYSTEM_COLUMNS,
    });
    expect(refusedCreate.statusCode).toBe(400);
    const names = (await api.get('/api/metadata/tables?limit=100'))
      .json()
      .map((t: { name: string }) => t.name);
    expect(names).not.toContain('ghost');
  });

  it('records no revision while off; the history already there stays readable; back on, records again', async () => {
    const { knex, admin, order } = await createHistoryTables(apps);
    expect((await admin.post('/api/business/purchase', { name: '订单', amount: 1 })).statusCode).toBe(201);
    expect(await storedRevisions(knex)).toHaveLength(1);

    const off = await admin.patch(`/api/metadata/tables/${order.id}`, { historyMode: 'off' });
    expect(off.statusCode, off.body).toBeLessThan(300);
    expect((await admin.patch('/api/business/purchase/1', { amount: 2 })).statusCode).toBe(200);
    expect((await admin.post('/api/business/purchase', { name: '二', amount: 5 })).statusCode).toBe(201);
    expect((await admin.delete('/api/business/purchase/2')).statusCode).toBeLessThan(300);
    expect(await storedRevisions(knex)).toHaveLength(1);
    const history = await admin.get('/api/business/purchase/1/history');
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toHaveLength(1);
    expect((await admin.get('/api/business/purchase/1/history/count')).json()).toBe(1);

    const on = await admin.patch(`/api/metadata/tables/${order.id}`, { historyMode: 'on' });
    expect(on.statusCode, on.body).toBeLessThan(300);
    expect((await admin.patch('/api/business/purchase/1', { amount: 3 })).statusCode).toBe(200);
    const revisions = await storedRevisions(knex);
    expect(revisions.map((r) => [r.recordKey, r.action])).toEqual([
      ['1', 'create'],
      ['1', 'update'],
    ]);
    expect(revisions[1]?.changes).toEqual([{ column: 'amount', old: 2, new: 3 }]);
  });
});
