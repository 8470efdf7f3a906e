import { expect, it } from 'vitest';
import type { App } from '../../../src/app';
import { BROWSER, createHistoryTables, storedRevisions } from '../../helpers/history-tables';
import { useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const HAN = /\p{Script=Han}/u;

/** A restore call in one language. */
const restoreIn = (app: App, cookie: string, url: string, language: 'en-US' | 'zh-CN') =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'accept-language': language, ...BROWSER },
    payload: {},
  });

/**
 * Asks the restore in English and in Chinese: each must be refused with a 409 whose message is in
 * the language asked.
 */
const expectRefusedInBothLanguages = async (app: App, cookie: string, url: string) => {
  const english = await restoreIn(app, cookie, url, 'en-US');
  expect(english.statusCode, english.body).toBe(409);
  const englishMessage = String(english.json().message);
  expect(englishMessage).not.toMatch(HAN);
  expect(englishMessage).toMatch(/parent|referenc|purchase/i);
  const chinese = await restoreIn(app, cookie, url, 'zh-CN');
  expect(chinese.statusCode, chinese.body).toBe(409);
  expect(String(chinese.json().message)).toMatch(HAN);
};

describeEachDatabase('record history: a restore over a deleted parent ($name)', (db) => {
  const apps = useTestApps(db);

  it('refuses to bring back a deleted line whose purchase is gone, writing nothing', async () => {
    const { app, knex, admin, cookie } = await createHistoryTables(apps);
    const created = await admin.post('/api/business/purchase', {
      name: '一',
      lines: [{ name: '甲', sku: 'A' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    // The purchase goes for good, its line with it (the cascade).
    expect((await admin.delete('/api/business/purchase/1')).statusCode).toBe(204);
    const lines = (await admin.get('/api/business/purchaseLine/deleted')).json() as {
      revisionId: number;
      values: Record<string, unknown>;
    }[];
    expect(lines).toHaveLength(1);
    expect(lines[0]?.values).toMatchObject({ id: 1, purchaseId: 1 });
    const before = (await storedRevisions(knex)).length;

    await expectRefusedInBothLanguages(
      app,
      cookie,
      `/api/business/purchaseLine/deleted/${lines[0]?.revisionId}/restore`,
    );
    expect(await knex('purchaseLine').select('id')).toEqual([]);
    expect(await storedRevisions(knex)).toHaveLength(before);

    // With its purchase back first, the line comes back too.
    const purchase = (
      (await admin.get('/api/business/purchase/deleted')).json() as { revisionId: number }[]
    )[0];
    const parentBack = await admin.post(`/api/business/purchase/deleted/${purchase?.revisionId}/restore`, {});
    expect(parentBack.statusCode, parentBack.body).toBe(200);
    const lineBack = await admin.post(
      `/api/business/purchaseLine/deleted/${lines[0]?.revisionId}/restore`,
      {},
    );
    expect(lineBack.statusCode, lineBack.body).toBe(200);
    expect(await knex('purchaseLine').where('id', 1).first('purchaseId')).toMatchObject({ purchaseId: 1 });
  });

  it('refuses a history restore that would point a line at a deleted purchase, writing nothing', async () => {
    const { app, knex, admin, cookie } = await createHistoryTables(apps);
    await admin.post('/api/business/purchase', { name: '旧', lines: [{ name: '甲', sku: 'A' }] });
    await admin.post('/api/business/purchase', { name: '新' });
    // The line is renamed and moves to the second purchase; then the first purchase is deleted.
    const moved = await admin.patch('/api/business/purchaseLine/1', { name: '甲改', purchaseId: 2 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await admin.delete('/api/business/purchase/1')).statusCode).toBe(204);
    const history = (await admin.get('/api/business/purchaseLine/1/history')).json() as {
      id: number;
      action: string;
    }[];
    expect(history.map((revision) => revision.action)).toEqual(['update', 'create']);
    const before = (await storedRevisions(knex)).length;

    // Right after its creation the line belonged to purchase 1, which is gone.
    await expectRefusedInBothLanguages(
      app,
      cookie,
      `/api/business/purchaseLine/1/history/${history[1]?.id}/restore`,
    );
    expect(await knex('purchaseLine').where('id', 1).first('name', 'purchaseId')).toEqual({
      name: '甲改',
      purchaseId: 2,
    });
    expect(await storedRevisions(knex)).toHaveLength(before);

    // Restoring only the name is fine: the line stays with purchase 2.
    const partial = await admin.post(`/api/business/purchaseLine/1/history/${history[1]?.id}/restore`, {
      columns: ['name'],
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.headers['x-restored-columns']).toBe('name');
    expect(await knex('purchaseLine').where('id', 1).first('name', 'purchaseId')).toEqual({
      name: '甲',
      purchaseId: 2,
    });
  });
});
