import { expect, it } from 'vitest';
import { ApiException, defineServerExtension, hookRecords } from '../../src/extensions/sdk';
import { createHistoryTables, storedRevisions } from '../helpers/history-tables';
import { useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

/**
 * A write hook keeping a line per purchase it sees (`hookRecords`): its own writes go with the
 * purchase's, commit and roll back with it, and are recorded in record history as `extension`.
 */
const ledger = defineServerExtension({
  name: 'ledger',
  hooks: [
    {
      tables: ['purchase'],
      afterCreate: async (event) => {
        const note = String(event.values.note ?? '');
        if (note === '') return;
        const lines = hookRecords(event.write, 'purchaseLine');
        const key = await lines.create({ name: '记账', sku: `L-${note}`, purchaseId: event.key.id });
        if (note === 'edit') await lines.update(key, { name: '已记账' });
        if (note === 'drop') await lines.delete(key);
        if (note === 'refuse') throw new ApiException('VALIDATION_ERROR', '账本拒绝了这笔订单');
        if (note === 'system') await hookRecords(event.write, 'user').create({ username: 'sneaky' });
      },
    },
  ],
});

describeEachDatabase("write hooks' own record writes ($name)", (db) => {
  const apps = useTestApps(db);

  it('writes in the same transaction and records each write as the extension, with the request', async () => {
    const { knex, admin } = await createHistoryTables(apps, { extensions: [ledger] });
    const made = await admin.post('/api/business/purchase', { name: '一', note: 'edit' });
    expect(made.statusCode, made.body).toBe(201);
    const line = await knex('purchaseLine').first('id', 'name', 'sku', 'purchaseId');
    expect(line).toMatchObject({ name: '已记账', sku: 'L-edit' });
    expect(Number(line.purchaseId)).toBe(Number(made.json()));
    const revisions = await storedRevisions(knex);
    expect(revisions.map(({ tableName, action, channel }) => `${tableName} ${action} ${channel}`)).toEqual([
      'purchase create web',
      'purchaseLine create extension',
      'purchaseLine update extension',
    ]);
    // one request, one user
    expect(new Set(revisions.map((revision) => revision.requestId)).size).toBe(1);
    expect(new Set(revisions.map((revision) => revision.userName))).toEqual(new Set(['超级管理员']));

    const dropped = await admin.post('/api/business/purchase', { name: '二', note: 'drop' });
    expect(dropped.statusCode, dropped.body).toBe(201);
    expect(await knex('purchaseLine').where('sku', 'L-drop').first()).toBeUndefined();
    expect(
      (await storedRevisions(knex)).slice(-2).map(({ action, channel }) => `${action} ${channel}`),
    ).toEqual(['create extension', 'delete extension']);
  });

  it('rolls its writes back with a refused write, and refuses system tables', async () => {
    const { knex, admin } = await createHistoryTables(apps, { extensions: [ledger] });
    const refused = await admin.post('/api/business/purchase', { name: '三', note: 'refuse' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('账本拒绝了这笔订单');
    const system = await admin.post('/api/business/purchase', { name: '四', note: 'system' });
    expect(system.statusCode).toBe(403);
    expect(system.json().message).toMatch(/系统表|system table/);
    expect(Number((await knex('purchase').count({ n: '*' }).first())?.n)).toBe(0);
    expect(Number((await knex('purchaseLine').count({ n: '*' }).first())?.n)).toBe(0);
    expect(await storedRevisions(knex)).toEqual([]);
  });
});
