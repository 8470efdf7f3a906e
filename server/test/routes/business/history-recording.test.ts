import { expect, it } from 'vitest';
import { multipartBody } from '../../helpers/multipart';
import { createHistoryTables, storedRevisions } from '../../helpers/history-tables';
import { apiClient } from '../../helpers/metadata-api';
import { useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

describeEachDatabase('record history: every write records its revisions ($name)', (db) => {
  const apps = useTestApps(db);

  it('records a create with its nested children, in one request, from the web', async () => {
    const { knex, admin } = await createHistoryTables(apps);
    const created = await admin.post('/api/business/purchase', {
      name: '订单',
      amount: 10,
      pin: 'secret-pin-1',
      lines: [
        { name: '甲', sku: 'A-1' },
        { name: '乙', sku: 'B-1' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const revisions = await storedRevisions(knex);
    expect(revisions.map((r) => [r.tableName, r.recordKey, r.action])).toEqual([
      ['purchase', '1', 'create'],
      ['purchaseLine', '1', 'create'],
      ['purchaseLine', '2', 'create'],
    ]);
    const [order, line] = revisions;
    expect(new Set(revisions.map((r) => r.requestId)).size).toBe(1);
    expect(order).toMatchObject({ dataSource: 'primary', userId: 1, channel: 'web' });
    expect(order?.userName).toBeTruthy();
    expect(order?.changes).toEqual(
      expect.arrayContaining([
        { column: 'id', new: 1 },
        { column: 'name', new: '订单' },
        { column: 'amount', new: 10 },
        { column: 'pin', secret: true },
      ]),
    );
    // Never the password, hashed or not, nor the search body or the stamps.
    const names = order?.changes.map((change) => change.column);
    expect(names).not.toContain('fullTextBody');
    expect(names).not.toContain('createdDate');
    expect(JSON.stringify(revisions)).not.toContain('secret-pin-1');
    const stored = await knex('purchase').where('id', 1).first('pin');
    expect(JSON.stringify(revisions)).not.toContain(String(stored.pin));
    expect(line?.changes).toEqual(expect.arrayContaining([{ column: 'purchaseId', new: 1 }]));
  });

  it('records only the columns an update really changes, and nothing for an update that changes nothing', async () => {
    const { knex, admin } = await createHistoryTables(apps);
    await admin.post('/api/business/purchase', { name: '订单', amount: 10, note: 'n' });
    await knex('cb_revision').delete();
    expect((await admin.patch('/api/business/purchase/1', { name: '订单', amount: 12 })).statusCode).toBe(
      200,
    );
    expect((await admin.patch('/api/business/purchase/1', { amount: 12, note: 'n' })).statusCode).toBe(200);
    expect((await admin.patch('/api/business/purchase/1', { pin: 'new-pin-22' })).statusCode).toBe(200);
    const revisions = await storedRevisions(knex);
    expect(revisions.map((r) => [r.action, r.changes])).toEqual([
      ['update', [{ column: 'amount', old: 10, new: 12 }]],
      ['update', [{ column: 'pin', secret: true }]],
    ]);
    expect(JSON.stringify(revisions)).not.toContain('new-pin-22');
  });

  it('records nested child writes: inserted, updated and removed children', async () => {
    const { knex, admin } = await createHistoryTables(apps);
    await admin.post('/api/business/purchase', {
      name: '订单',
      lines: [
        { name: '甲', sku: 'A' },
        { name: '乙', sku: 'B' },
      ],
    });
    await knex('cb_revision').delete();
    const updated = await admin.patch('/api/business/purchase/1', {
      lines: [
        { id: 1, name: '甲改', sku: 'A' },
        { name: '丙', sku: 'C' },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const revisions = await storedRevisions(knex);
    expect(revisions.map((r) => [r.tableName, r.recordKey, r.action])).toEqual([
      ['purchaseLine', '1', 'update'],
      ['purchaseLine', '3', 'create'],
      ['purchaseLine', '2', 'delete'],
    ]);
    expect(revisions[0]?.changes).toEqual([{ column: 'name', old: '甲', new: '甲改' }]);
    expect(revisions[2]?.changes).toEqual(
      expect.arrayContaining([
        { column: 'name', old: '乙' },
        { column: 'sku', old: 'B' },
      ]),
    );
  });

  it('records soft delete, recycle-bin restore and hard delete with its cascade (the last values kept)', async () => {
    const { knex, admin } = await createHistoryTables(apps);
    await admin.post('/api/business/purchase', { name: '一', amount: 1, lines: [{ name: '甲', sku: 'A' }] });
    await admin.post('/api/business/purchase', { name: '二', amount: 2 });
    await knex('cb_revision').delete();
    expect((await admin.delete('/api/business/purchase?isSoftDelete=true', [1, 2])).statusCode).toBe(204);
    expect((await admin.post('/api/business/purchase/restore', [1, 2])).statusCode).toBe(200);
    expect((await admin.delete('/api/business/purchase/1')).statusCode).toBe(204);
    const revisions = await storedRevisions(knex);
    expect(revisions.map((r) => [r.tableName, r.recordKey, r.action])).toEqual([
      ['purchase', '1', 'softDelete'],
      ['purchase', '2', 'softDelete'],
      ['purchase', '1', 'restore'],
      ['purchase', '2', 'restore'],
      ['purchaseLine', '1', 'delete'],
      ['purchase', '1', 'delete'],
    ]);
    expect(revisions[0]?.changes).toEqual([{ column: 'isDeleted', old: false, new: true }]);
    expect(revisions[2]?.changes).toEqual([{ column: 'isDeleted', old: true, new: false }]);
    expect(revisions[5]?.changes).toEqual(
      expect.arrayContaining([
        { column: 'id', old: 1 },
        { column: 'name', old: '一' },
        { column: 'amount', old: 1 },
      ]),
    );
    expect(revisions[5]?.changes.map((change) => change.column)).not.toContain('pin');
  });

  it('leaves no revision for a refused or rolled-back write', async () => {
    const { knex, admin, app } = await createHistoryTables(apps);
    await admin.post('/api/business/purchase', { name: '订单', lines: [{ name: '甲', sku: 'A' }] });
    await knex('cb_revision').delete();
    // 400: a bad value
    expect((await admin.patch('/api/business/purchase/1', { amount: 'many' })).statusCode).toBe(400);
    // 409: a stale save
    const stale = await admin.patch('/api/business/purchase/1', {
      name: 'x',
      lastModifiedDate: '2000-01-01 00:00:00',
    });
    expect(stale.statusCode).toBe(409);
    // 409 from a nested child: the parent's create and the first child roll back with it
    const clash = await admin.post('/api/business/purchase', {
      name: '撞',
      lines: [
        { name: '新', sku: 'N' },
        { name: '重', sku: 'A' },
      ],
    });
    expect(clash.statusCode, clash.body).toBe(409);
    // 404 in a batch delete: all or nothing
    expect((await admin.delete('/api/business/purchase?isSoftDelete=true', [1, 99])).statusCode).toBe(404);
    // 401: no session
    expect((await apiClient(app, '').post('/api/business/purchase', { name: 'x' })).statusCode).toBe(401);
    expect(await storedRevisions(knex)).toEqual([]);
    expect(Number((await knex('purchase').count({ n: '*' }).first())?.n)).toBe(1);
  });

  it('records the rows of an import, channel import, and none of a failed one', async () => {
    const { knex, app, cookie } = await createHistoryTables(apps);
    const upload = (records: unknown[]) => {
      const file = Buffer.from(JSON.stringify({ purchase: records }));
      const { payload, headers } = multipartBody([{ name: 'file', value: file, filename: 'data.json' }]);
      return app.inject({
        method: 'POST',
        url: '/api/business/import',
        payload,
        headers: { ...headers, cookie },
      });
    };
    expect((await upload([{ name: '甲', amount: 1 }, { name: '乙' }])).statusCode).toBe(201);
    expect((await upload([{ name: '丙' }, { amount: 3 }])).statusCode).toBe(400);
    const revisions = await storedRevisions(knex);
    expect(revisions.map((r) => [r.recordKey, r.action, r.channel])).toEqual([
      ['1', 'create', 'import'],
      ['2', 'create', 'import'],
    ]);
    expect(revisions[0]?.changes).toEqual(expect.arrayContaining([{ column: 'amount', new: 1 }]));
  });
});
