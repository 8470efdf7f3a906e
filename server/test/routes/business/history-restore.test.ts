import { expect, it } from 'vitest';
import { SYSTEM } from '../../../src/db/table-names';
import { BROWSER, createHistoryTables, storedRevisions } from '../../helpers/history-tables';
import { apiClient } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser, removeUsersAndRoles } from '../../helpers/users';

const PASSWORD = 'User-pass-1';

describeEachDatabase('record history: restoring a revision ($name)', (db) => {
  const apps = useTestApps(db);

  const revisionIds = async (api: ReturnType<typeof apiClient>, id: number | string) =>
    ((await api.get(`/api/business/purchase/${id}/history`)).json() as { id: number }[])
      .map((revision) => revision.id)
      .reverse();

  it('sets the whole record, or only some columns, back to right after a revision, as a restore revision', async () => {
    const { knex, admin } = await createHistoryTables(apps);
    await admin.post('/api/business/purchase', { name: '一', amount: 1, note: 'a' });
    await admin.patch('/api/business/purchase/1', { amount: 2, note: 'b' });
    await admin.patch('/api/business/purchase/1', { amount: 3, note: 'c', name: '一改' });
    const [created, second] = await revisionIds(admin, 1);
    const partial = await admin.post(`/api/business/purchase/1/history/${second}/restore`, {
      columns: ['note'],
    });
    expect(partial.statusCode, partial.body).toBe(200);
    // the restored record, as GET answers it, and the columns set back
    expect(partial.json()).toMatchObject({ id: 1, name: '一改', amount: 3, note: 'b' });
    expect(partial.json()).not.toHaveProperty('pin');
    expect(partial.headers['x-restored-columns']).toBe('note');
    expect(await knex('purchase').where('id', 1).first('name', 'amount', 'note')).toMatchObject({
      name: '一改',
      amount: 3,
      note: 'b',
    });
    const whole = await admin.post(`/api/business/purchase/1/history/${created}/restore`, {});
    expect(whole.statusCode, whole.body).toBe(200);
    expect(await knex('purchase').where('id', 1).first('name', 'amount', 'note')).toMatchObject({
      name: '一',
      amount: 1,
      note: 'a',
    });
    const last = (await storedRevisions(knex)).at(-1);
    expect(last).toMatchObject({ action: 'update', channel: 'restore' });
    expect(last?.changes).toEqual(
      expect.arrayContaining([
        { column: 'name', old: '一改', new: '一' },
        { column: 'amount', old: 3, new: 1 },
        { column: 'note', old: 'b', new: 'a' },
      ]),
    );
    // Already as it was: nothing to set back, no revision.
    const count = (await storedRevisions(knex)).length;
    const again = await admin.post(`/api/business/purchase/1/history/${created}/restore`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['x-restored-columns']).toBe('');
    expect(again.json()).toMatchObject({ name: '一', amount: 1, note: 'a' });
    expect(await storedRevisions(knex)).toHaveLength(count);
  });

  it('creates a hard-deleted record again with its key and last values', async () => {
    const { knex, admin } = await createHistoryTables(apps);
    await admin.post('/api/business/purchase', { name: '留', amount: 5 });
    await admin.post('/api/business/purchase', { name: '删', amount: 7, note: 'x' });
    const [created] = await revisionIds(admin, 2);
    expect((await admin.delete('/api/business/purchase/2')).statusCode).toBe(204);
    const back = await admin.post(`/api/business/purchase/2/history/${created}/restore`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(await knex('purchase').where('id', 2).first('name', 'amount', 'note')).toMatchObject({
      name: '删',
      amount: 7,
      note: 'x',
    });
    expect((await storedRevisions(knex)).at(-1)).toMatchObject({
      recordKey: '2',
      action: 'create',
      channel: 'restore',
    });
    // The table goes on numbering after it.
    const next = await admin.post('/api/business/purchase', { name: '新' });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json()).not.toBe(2);
  });

  it('refuses to restore over an edit or a deletion made after the stamp the client saw, writing nothing', async () => {
    const { knex, admin } = await createHistoryTables(apps);
    await admin.post('/api/business/purchase', { name: '一', amount: 1 });
    const seen = (await admin.get('/api/business/purchase/1')).json().lastModifiedDate as string | number;
    await admin.patch('/api/business/purchase/1', { amount: 2 });
    const [created] = await revisionIds(admin, 1);
    const before = (await storedRevisions(knex)).length;
    const stale = await admin.post(`/api/business/purchase/1/history/${created}/restore`, {
      lastModifiedDate: seen,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    // named under the stamp, unlike a constraint's 409
    expect(Object.keys(stale.json().errors ?? {})).toEqual(['lastModifiedDate']);
    expect(await knex('purchase').where('id', 1).first('amount')).toMatchObject({ amount: 2 });
    expect(await storedRevisions(knex)).toHaveLength(before);
    // A stamp that is not a date of the column's type says so.
    const bad = await admin.post(`/api/business/purchase/1/history/${created}/restore`, {
      lastModifiedDate: 'yesterday',
    });
    expect(bad.statusCode, bad.body).toBe(400);
    // With the stamp as stored now, the restore goes ahead.
    const now = (await admin.get('/api/business/purchase/1')).json().lastModifiedDate as string | number;
    const fresh = await admin.post(`/api/business/purchase/1/history/${created}/restore`, {
      lastModifiedDate: now,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await knex('purchase').where('id', 1).first('amount')).toMatchObject({ amount: 1 });
    // Deleted since the client saw it: 409 with the stamp; without it, the record comes back.
    expect((await admin.delete('/api/business/purchase/1')).statusCode).toBe(204);
    const gone = await admin.post(`/api/business/purchase/1/history/${created}/restore`, {
      lastModifiedDate: now,
    });
    expect(gone.statusCode, gone.body).toBe(409);
    expect(gone.json().message).toMatch(/删除|deleted/);
    expect(Object.keys(gone.json().errors ?? {})).toEqual(['lastModifiedDate']);
    expect(await knex('purchase').where('id', 1).first()).toBeUndefined();
    const back = await admin.post(`/api/business/purchase/1/history/${created}/restore`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(await knex('purchase').where('id', 1).first('amount')).toMatchObject({ amount: 1 });
  });

  it('refuses a revision of another record, an unknown one, a deleting one, a column it cannot set, and a constraint, writing nothing', async () => {
    const { knex, admin } = await createHistoryTables(apps);
    await admin.post('/api/business/purchase', {
      name: '一',
      lines: [
        { name: '甲', sku: 'A' },
        { name: '乙', sku: 'B' },
      ],
    });
    await admin.patch('/api/business/purchase/1', {
      lines: [
        { id: 1, name: '甲', sku: 'A' },
        { id: 2, name: '乙', sku: 'C' },
      ],
    });
    await admin.patch('/api/business/purchase/1', {
      lines: [
        { id: 1, name: '甲', sku: 'B' },
        { id: 2, name: '乙', sku: 'C' },
      ],
    });
    const lineHistory = (await admin.get('/api/business/purchaseLine/1/history')).json() as { id: number }[];
    const lineCreated = lineHistory.at(-1)?.id;
    const orderCreated = (await revisionIds(admin, 1))[0];
    const before = (await storedRevisions(knex)).length;
    const snapshot = JSON.stringify(await knex('purchaseLine').select('id', 'sku').orderBy('id'));
    expect((await admin.post(`/api/business/purchase/1/history/${lineCreated}/restore`, {})).statusCode).toBe(
      400,
    );
    expect(
      (await admin.post(`/api/business/purchaseLine/2/history/${lineCreated}/restore`, {})).statusCode,
    ).toBe(400);
    expect((await admin.post('/api/business/purchase/1/history/999999/restore', {})).statusCode).toBe(404);
    const stamp = await admin.post(`/api/business/purchase/1/history/${orderCreated}/restore`, {
      columns: ['lastModifiedDate'],
    });
    expect(stamp.statusCode).toBe(400);
    expect(stamp.json().message).toContain('lastModifiedDate');
    // Line 2 was created with sku 'B', which line 1 holds now: the unique index refuses it, 409.
    const line2Created = (
      (await admin.get('/api/business/purchaseLine/2/history')).json() as { id: number }[]
    ).at(-1)?.id;
    const clash = await admin.post(`/api/business/purchaseLine/2/history/${line2Created}/restore`, {});
    expect(clash.statusCode, clash.body).toBe(409);
    expect(JSON.stringify(await knex('purchaseLine').select('id', 'sku').orderBy('id'))).toBe(snapshot);
    expect(await storedRevisions(knex)).toHaveLength(before);
    // A revision that deleted the record has nothing right after it.
    await admin.delete('/api/business/purchaseLine/2');
    const deleting = ((await admin.get('/api/business/purchaseLine/2/history')).json() as { id: number }[])[0]
      ?.id;
    expect(
      (await admin.post(`/api/business/purchaseLine/2/history/${deleting}/restore`, {})).statusCode,
    ).toBe(400);
  });

  it('needs update permission, and only sets columns the user may read and change', async () => {
    const { app, knex, admin, order } = await createHistoryTables(apps);
    await admin.post('/api/business/purchase', { name: '一', amount: 1, note: 'a' });
    await admin.patch('/api/business/purchase/1', { amount: 2, note: 'b' });
    const [created] = await revisionIds(admin, 1);
    await removeUsersAndRoles(knex);
    await createUser(app, {
      username: 'reader',
      password: PASSWORD,
      roles: { ROLE_READER: 'business:purchase:read' },
    });
    await createUser(app, {
      username: 'editor',
      password: PASSWORD,
      roles: { ROLE_EDITOR: 'business:purchase:read,business:purchase:update' },
    });
    const roleId = (await knex(SYSTEM.role).where('code', 'ROLE_EDITOR').first()).id;
    const amount = order.columns.find((column) => column.name === 'amount')?.id;
    const granted = await admin.post('/api/business/tablePermission', {
      tableId: order.id,
      roleId,
      permissions: 'business:purchase:read,business:purchase:update',
      columns: JSON.stringify([{ columnId: amount, read: false, update: false }]),
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const reader = apiClient(app, (await login(app, 'reader', PASSWORD)).cookie, BROWSER);
    expect((await reader.post(`/api/business/purchase/1/history/${created}/restore`, {})).statusCode).toBe(
      403,
    );
    const editor = apiClient(app, (await login(app, 'editor', PASSWORD)).cookie, BROWSER);
    const hidden = await editor.post(`/api/business/purchase/1/history/${created}/restore`, {
      columns: ['amount'],
    });
    expect(hidden.statusCode).toBe(400);
    const restored = await editor.post(`/api/business/purchase/1/history/${created}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.headers['x-restored-columns']).toBe('note');
    // the editor's column rules apply to the answer too
    expect(restored.json()).toMatchObject({ note: 'a' });
    expect(restored.json()).not.toHaveProperty('amount');
    expect(await knex('purchase').where('id', 1).first('amount', 'note')).toMatchObject({
      amount: 2,
      note: 'a',
    });
  });
});
