import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DataSourceConfig } from '../../../src/config';
import { SHARED_STATE, SYSTEM } from '../../../src/db/table-names';
import { createTable } from '../../helpers/business-tables';
import { BROWSER, createHistoryTables, storedRevisions } from '../../helpers/history-tables';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../../helpers/metadata-api';
import { ADMIN_PASSWORD, login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase, type TestEnvironment } from '../../helpers/test-databases';
import { createUser, removeUsersAndRoles } from '../../helpers/users';

const PASSWORD = 'User-pass-1';

interface Deleted {
  revisionId: number;
  key: string;
  time: number;
  user: { id: number | null; name: string | null };
  channel: string;
  requestId: string | null;
  values: Record<string, unknown>;
}

const deletedOf = async (api: ApiClient, table: string, query = ''): Promise<Deleted[]> => {
  const response = await api.get(`/api/business/${table}/deleted${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Deleted[];
};

const countOf = async (api: ApiClient, table: string): Promise<number> => {
  const response = await api.get(`/api/business/${table}/deleted/count`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as number;
};

describeEachDatabase('record history: a table’s deleted records ($name)', (db) => {
  const apps = useTestApps(db);

  it('lists hard-deleted records newest deletion first with their last values: one, a batch, cascaded children', async () => {
    const { admin } = await createHistoryTables(apps);
    const started = Date.now();
    const first = await admin.post('/api/business/purchase', {
      name: '一',
      amount: 10,
      note: 'a',
      pin: 'Secret-pin-1',
      lines: [
        { name: '甲', sku: 'A' },
        { name: '乙', sku: 'B' },
      ],
    });
    expect(first.statusCode, first.body).toBe(201);
    for (const [name, amount] of [
      ['二', 20],
      ['三', 30],
      ['四', 40],
      ['五', 50],
    ] as const) {
      expect((await admin.post('/api/business/purchase', { name, amount })).statusCode).toBe(201);
    }
    expect(await deletedOf(admin, 'purchase')).toEqual([]);
    expect(await countOf(admin, 'purchase')).toBe(0);

    expect((await admin.delete('/api/business/purchase/2')).statusCode).toBe(204);
    expect((await admin.delete('/api/business/purchase', [3, 4])).statusCode).toBe(204);
    expect((await admin.delete('/api/business/purchase/1')).statusCode).toBe(204);

    const all = await deletedOf(admin, 'purchase');
    expect(all.map((entry) => entry.key)).toHaveLength(4);
    expect(all[0]?.key).toBe('1');
    expect(
      all
        .slice(1, 3)
        .map((entry) => entry.key)
        .sort(),
    ).toEqual(['3', '4']);
    expect(all[3]?.key).toBe('2');
    // Newest deletion first, by revision.
    const ids = all.map((entry) => entry.revisionId);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const one = all[0];
    expect(one?.values).toMatchObject({ id: 1, name: '一', amount: 10, note: 'a' });
    expect(one?.values).not.toHaveProperty('pin');
    expect(JSON.stringify(all)).not.toContain('Secret-pin-1');
    expect(one?.values).not.toHaveProperty('fullTextBody');
    expect(one?.user).toMatchObject({ id: 1 });
    expect(one?.channel).toBe('web');
    expect(typeof one?.requestId).toBe('string');
    expect(one?.time).toBeGreaterThanOrEqual(started - 1000);
    expect(one?.time).toBeLessThanOrEqual(Date.now() + 1000);
    expect(all[3]?.values).toMatchObject({ id: 2, name: '二', amount: 20, note: null });
    // The batch's two share one request.
    expect(all[1]?.requestId).toBe(all[2]?.requestId);
    expect(all[1]?.requestId).not.toBe(all[0]?.requestId);

    expect(await countOf(admin, 'purchase')).toBe(4);
    expect(await deletedOf(admin, 'purchase', '?offset=1&limit=2')).toEqual(all.slice(1, 3));
    expect(await deletedOf(admin, 'purchase', '?offset=3&limit=5')).toEqual(all.slice(3));
    expect(await deletedOf(admin, 'purchase', '?offset=4')).toEqual([]);
    expect((await admin.get('/api/business/purchase/deleted?limit=0')).statusCode).toBe(400);
    expect((await admin.get('/api/business/purchase/deleted?limit=101')).statusCode).toBe(400);
    expect((await admin.get('/api/business/purchase/deleted?offset=-1')).statusCode).toBe(400);
    expect((await admin.get('/api/business/nothing/deleted')).statusCode).toBe(404);

    // The cascade deleted the children with their parent, in the same request.
    const lines = await deletedOf(admin, 'purchaseLine');
    expect(lines.map((entry) => entry.values).sort((a, b) => Number(a.id) - Number(b.id))).toEqual([
      expect.objectContaining({ id: 1, name: '甲', sku: 'A', purchaseId: 1 }),
      expect.objectContaining({ id: 2, name: '乙', sku: 'B', purchaseId: 1 }),
    ]);
    expect(lines.every((entry) => entry.requestId === one?.requestId)).toBe(true);
    expect(await countOf(admin, 'purchaseLine')).toBe(2);
  });

  it('leaves out soft-deleted records and records created again; one deleted twice shows once, with its latest deletion', async () => {
    const { knex, admin } = await createHistoryTables(apps);
    for (const name of ['一', '二', '三']) await admin.post('/api/business/purchase', { name, amount: 1 });
    expect((await admin.delete('/api/business/purchase/1?isSoftDelete=true')).statusCode).toBe(204);
    expect(await deletedOf(admin, 'purchase')).toEqual([]);

    // Deleted, brought back through the deleted list, changed, deleted again.
    await admin.patch('/api/business/purchase/2', { amount: 2 });
    expect((await admin.delete('/api/business/purchase/2')).statusCode).toBe(204);
    const [once] = await deletedOf(admin, 'purchase');
    expect(once).toMatchObject({ key: '2', values: { amount: 2 } });
    const back = await admin.post(`/api/business/purchase/deleted/${once?.revisionId}/restore`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(await deletedOf(admin, 'purchase')).toEqual([]);
    await admin.patch('/api/business/purchase/2', { amount: 99 });
    expect((await admin.delete('/api/business/purchase/2')).statusCode).toBe(204);
    const twice = await deletedOf(admin, 'purchase');
    expect(twice).toHaveLength(1);
    expect(twice[0]).toMatchObject({ key: '2', values: { name: '二', amount: 99 } });
    expect(twice[0]?.revisionId).toBeGreaterThan(once?.revisionId ?? Infinity);
    expect(await countOf(admin, 'purchase')).toBe(1);

    // Deleted, then created again by its revision's restore: it exists, so it is not listed.
    const created = ((await admin.get('/api/business/purchase/3/history')).json() as { id: number }[]).at(
      -1,
    )?.id;
    expect((await admin.delete('/api/business/purchase/3')).statusCode).toBe(204);
    expect((await deletedOf(admin, 'purchase')).map((entry) => entry.key)).toEqual(['3', '2']);
    expect((await admin.post(`/api/business/purchase/3/history/${created}/restore`, {})).statusCode).toBe(
      200,
    );
    expect((await deletedOf(admin, 'purchase')).map((entry) => entry.key)).toEqual(['2']);
    // Written back by SQL outside crudboard: it exists, so it is not listed either.
    await knex('purchase').insert({ id: 2, name: '二', createdDate: '2030-01-01 00:00:00' });
    expect(await deletedOf(admin, 'purchase')).toEqual([]);
    expect(await countOf(admin, 'purchase')).toBe(0);
  });

  it('pages and counts across many deletions, some of whose records exist again', async () => {
    const { knex, admin } = await createHistoryTables(apps);
    const row = (id: number) => ({ id, name: `记录${id}`, amount: id, createdDate: '2030-01-01 00:00:00' });
    const ids = Array.from({ length: 230 }, (_, index) => index + 1);
    await knex.batchInsert(
      'purchase',
      ids.map((id) => row(id)),
      100,
    );
    expect((await admin.delete('/api/business/purchase', ids)).statusCode).toBe(204);
    // Every third written back outside crudboard: those exist and are not listed.
    await knex.batchInsert(
      'purchase',
      ids.filter((id) => id % 3 === 0).map((id) => row(id)),
      100,
    );
    const expected = (await storedRevisions(knex))
      .filter((revision) => revision.action === 'delete' && Number(revision.recordKey) % 3 !== 0)
      .sort((a, b) => b.id - a.id)
      .map((revision) => ({ revisionId: revision.id, key: revision.recordKey }));
    expect(expected).toHaveLength(154);
    expect(await countOf(admin, 'purchase')).toBe(154);
    const pages: { revisionId: number; key: string }[] = [];
    for (let offset = 0; offset < 200; offset += 100) {
      const page = await deletedOf(admin, 'purchase', `?offset=${offset}&limit=100`);
      pages.push(...page.map((entry) => ({ revisionId: entry.revisionId, key: entry.key })));
    }
    expect(pages).toEqual(expected);
    const tail = await deletedOf(admin, 'purchase', '?offset=150&limit=20');
    expect(tail.map((entry) => entry.key)).toEqual(expected.slice(150).map((entry) => entry.key));
    expect(tail[0]?.values).toMatchObject({ name: `记录${tail[0]?.key}`, amount: Number(tail[0]?.key) });
  });

  it('restores a deleted record with its key and last values, as a create revision of channel restore; again is 409', async () => {
    const { knex, admin, app, cookie } = await createHistoryTables(apps);
    await admin.post('/api/business/purchase', { name: '留', amount: 5 });
    await admin.post('/api/business/purchase', { name: '删', amount: 7, note: 'x', pin: 'Secret-pin-1' });
    expect((await admin.delete('/api/business/purchase/2')).statusCode).toBe(204);
    const [entry] = await deletedOf(admin, 'purchase');
    const restored = await admin.post(`/api/business/purchase/deleted/${entry?.revisionId}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    const answer = restored.json() as { key: string; columns: string[] };
    expect(answer.key).toBe('2');
    expect([...answer.columns].sort()).toEqual(['amount', 'name', 'note']);
    expect(await knex('purchase').where('id', 2).first('name', 'amount', 'note', 'pin')).toMatchObject({
      name: '删',
      amount: 7,
      note: 'x',
      pin: null,
    });
    const last = (await storedRevisions(knex)).at(-1);
    expect(last).toMatchObject({ recordKey: '2', action: 'create', channel: 'restore', userId: 1 });
    expect(last?.changes).toEqual(
      expect.arrayContaining([
        { column: 'id', new: 2 },
        { column: 'name', new: '删' },
        { column: 'amount', new: 7 },
        { column: 'note', new: 'x' },
      ]),
    );
    expect(await deletedOf(admin, 'purchase')).toEqual([]);
    // Already back: 409, in the asker's language, writing nothing.
    const count = (await storedRevisions(knex)).length;
    const again = await admin.post(`/api/business/purchase/deleted/${entry?.revisionId}/restore`, {});
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toContain('记录 2 已经存在');
    const english = await app.inject({
      method: 'POST',
      url: `/api/business/purchase/deleted/${entry?.revisionId}/restore`,
      headers: { cookie, 'accept-language': 'en', ...BROWSER },
      payload: {},
    });
    expect(english.statusCode).toBe(409);
    expect(english.json().message).toContain('record 2 exists again');
    expect(await storedRevisions(knex)).toHaveLength(count);
    // The table goes on numbering after it.
    const next = await admin.post('/api/business/purchase', { name: '新' });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json()).toBe(3);
  });

  it('refuses an unknown revision, one that is not a deletion of this table, and a constraint, writing nothing', async () => {
    const { knex, admin } = await createHistoryTables(apps);
    await admin.post('/api/business/purchase', {
      name: '一',
      lines: [
        { name: '甲', sku: 'A' },
        { name: '乙', sku: 'B' },
      ],
    });
    const created = ((await admin.get('/api/business/purchase/1/history')).json() as { id: number }[])[0]?.id;
    expect((await admin.delete('/api/business/purchaseLine/2')).statusCode).toBe(204);
    const [line] = await deletedOf(admin, 'purchaseLine');
    expect(line).toMatchObject({ key: '2', values: { sku: 'B' } });
    expect((await admin.post('/api/business/purchase/deleted/999999/restore', {})).statusCode).toBe(404);
    const notDeletion = await admin.post(`/api/business/purchase/deleted/${created}/restore`, {});
    expect(notDeletion.statusCode).toBe(400);
    expect(notDeletion.json().message).toContain(`版本 ${created}`);
    // A deletion of another table, through this table's route.
    expect(
      (await admin.post(`/api/business/purchase/deleted/${line?.revisionId}/restore`, {})).statusCode,
    ).toBe(400);
    expect((await admin.post('/api/business/purchase/deleted/0/restore', {})).statusCode).toBe(400);
    // Another line took sku B meanwhile: the unique index refuses the restore, 409, nothing written.
    await admin.patch('/api/business/purchase/1', { lines: [{ id: 1, name: '甲', sku: 'B' }] });
    const before = (await storedRevisions(knex)).length;
    const clash = await admin.post(`/api/business/purchaseLine/deleted/${line?.revisionId}/restore`, {});
    expect(clash.statusCode, clash.body).toBe(409);
    expect(await knex('purchaseLine').where('id', 2).first()).toBeUndefined();
    expect(await storedRevisions(knex)).toHaveLength(before);
    expect((await deletedOf(admin, 'purchaseLine')).map((entry) => entry.key)).toEqual(['2']);
  });

  it('never shows a column its reader may not read; read permission lists, create permission restores', async () => {
    const { app, knex, admin, order } = await createHistoryTables(apps);
    await admin.post('/api/business/purchase', { name: '一', amount: 777001, note: '公开' });
    expect((await admin.delete('/api/business/purchase/1')).statusCode).toBe(204);
    await removeUsersAndRoles(knex);
    await createUser(app, {
      username: 'clerk',
      password: PASSWORD,
      roles: { ROLE_CLERK: 'business:purchase:read' },
    });
    await createUser(app, {
      username: 'creator',
      password: PASSWORD,
      roles: { ROLE_CREATOR: 'business:purchase:read,business:purchase:create' },
    });
    await createUser(app, {
      username: 'nobody',
      password: PASSWORD,
      roles: { ROLE_NOBODY: 'business:purchaseLine:read' },
    });
    const amount = order.columns.find((column) => column.name === 'amount')?.id;
    for (const [code, permissions] of [
      ['ROLE_CLERK', 'business:purchase:read'],
      ['ROLE_CREATOR', 'business:purchase:read,business:purchase:create'],
    ]) {
      const roleId = (await knex(SYSTEM.role).where('code', code).first()).id;
      const granted = await admin.post('/api/business/tablePermission', {
        tableId: order.id,
        roleId,
        permissions,
        columns: JSON.stringify([{ columnId: amount, read: false, update: false }]),
      });
      expect(granted.statusCode, granted.body).toBe(201);
    }
    // The administrator sees the value.
    expect((await admin.get('/api/business/purchase/deleted')).body).toContain('777001');

    const clerk = apiClient(app, (await login(app, 'clerk', PASSWORD)).cookie, BROWSER);
    const seen = await clerk.get('/api/business/purchase/deleted');
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.body).not.toContain('777001');
    expect(seen.body).not.toContain('amount');
    const [entry] = seen.json() as Deleted[];
    expect(entry?.values).toMatchObject({ id: 1, name: '一', note: '公开' });
    expect(entry?.values).not.toHaveProperty('amount');
    expect((await clerk.get('/api/business/purchase/deleted/count')).json()).toBe(1);
    // Reading is not restoring.
    expect(
      (await clerk.post(`/api/business/purchase/deleted/${entry?.revisionId}/restore`, {})).statusCode,
    ).toBe(403);
    expect(await knex('purchase').where('id', 1).first()).toBeUndefined();

    const nobody = apiClient(app, (await login(app, 'nobody', PASSWORD)).cookie, BROWSER);
    expect((await nobody.get('/api/business/purchase/deleted')).statusCode).toBe(403);
    expect((await nobody.get('/api/business/purchase/deleted/count')).statusCode).toBe(403);

    // Create permission restores, setting only the columns its column rules let it set.
    const creator = apiClient(app, (await login(app, 'creator', PASSWORD)).cookie, BROWSER);
    const restored = await creator.post(`/api/business/purchase/deleted/${entry?.revisionId}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.body).not.toContain('amount');
    expect(await knex('purchase').where('id', 1).first('name', 'amount', 'note')).toMatchObject({
      name: '一',
      amount: null,
      note: '公开',
    });
    expect((await storedRevisions(knex)).at(-1)).toMatchObject({ action: 'create', channel: 'restore' });
  });

  it('serves a text key named `deleted` and a composite key; /deleted is never taken for a record key', async () => {
    const { knex, admin } = await createHistoryTables(apps);
    await createTable(admin, {
      name: 'tag',
      columns: [
        { name: 'code', dataType: 'VARCHAR', length: 40, indexType: 'PRIMARY', nullable: false },
        { name: 'label', dataType: 'VARCHAR', length: 50 },
        { name: 'isDeleted', caption: '是否删除', dataType: 'BOOL' },
      ],
    });
    expect(
      (await admin.post('/api/business/tag', { code: 'deleted', label: '名为 deleted' })).statusCode,
    ).toBe(201);
    expect((await admin.post('/api/business/tag', { code: 'x', label: '叉' })).statusCode).toBe(201);
    // The deleted list, not the record `deleted`.
    expect(await deletedOf(admin, 'tag')).toEqual([]);
    expect(await countOf(admin, 'tag')).toBe(0);
    // The record `deleted` is still reached by its other routes.
    const history = await admin.get('/api/business/tag/deleted/history');
    expect(history.statusCode, history.body).toBe(200);
    expect((history.json() as { action: string }[]).map((revision) => revision.action)).toEqual(['create']);
    expect((await admin.get('/api/business/tag/deleted/history/count')).json()).toBe(1);
    expect((await admin.patch('/api/business/tag/deleted', { label: '改' })).statusCode).toBe(200);
    expect((await admin.delete('/api/business/tag/deleted?isSoftDelete=true')).statusCode).toBe(204);
    const fromBin = await admin.post('/api/business/tag/deleted/restore', {});
    expect(fromBin.statusCode, fromBin.body).toBe(200);
    expect(fromBin.json()).toEqual({ restored: 1 });
    expect(await deletedOf(admin, 'tag')).toEqual([]);
    expect((await admin.delete('/api/business/tag/deleted')).statusCode).toBe(204);
    const [tag] = await deletedOf(admin, 'tag');
    expect(tag).toMatchObject({ key: 'deleted', values: { code: 'deleted', label: '改', isDeleted: false } });
    const tagBack = await admin.post(`/api/business/tag/deleted/${tag?.revisionId}/restore`, {});
    expect(tagBack.statusCode, tagBack.body).toBe(200);
    expect(tagBack.json()).toEqual({ key: 'deleted', columns: ['label'] });
    expect(await knex('tag').where('code', 'deleted').first('label')).toEqual({ label: '改' });

    await createTable(admin, {
      name: 'orderLine',
      columns: [
        { name: 'orderNo', dataType: 'VARCHAR', length: 20, nullable: false },
        { name: 'lineNo', dataType: 'INT', nullable: false },
        { name: 'item', dataType: 'VARCHAR', length: 50 },
      ],
      indexs: [
        {
          name: 'pk_line',
          indexType: 'PRIMARY',
          indexLines: [{ column: { name: 'orderNo' } }, { column: { name: 'lineNo' } }],
        },
      ],
    });
    const created = await admin.post('/api/business/orderLine', { orderNo: 'A,1=x', lineNo: 1, item: 'pen' });
    expect(created.body).toBe('orderNo=A%2C1%3Dx,lineNo=1');
    await admin.post('/api/business/orderLine', { orderNo: 'B', lineNo: 2, item: 'ink' });
    expect(
      (await admin.delete(`/api/business/orderLine/${encodeURIComponent(created.body)}`)).statusCode,
    ).toBe(204);
    const [line] = await deletedOf(admin, 'orderLine');
    expect(line).toMatchObject({
      key: 'orderNo=A%2C1%3Dx,lineNo=1',
      values: { orderNo: 'A,1=x', lineNo: 1, item: 'pen' },
    });
    expect(await countOf(admin, 'orderLine')).toBe(1);
    const lineBack = await admin.post(`/api/business/orderLine/deleted/${line?.revisionId}/restore`, {});
    expect(lineBack.statusCode, lineBack.body).toBe(200);
    expect(lineBack.json()).toEqual({ key: 'orderNo=A%2C1%3Dx,lineNo=1', columns: ['item'] });
    expect(await knex('orderLine').where({ orderNo: 'A,1=x', lineNo: 1 }).first('item')).toEqual({
      item: 'pen',
    });
    expect(await deletedOf(admin, 'orderLine')).toEqual([]);
  });
});

describeEachDatabase('record history: deleted records of another data source ($name)', (db) => {
  const apps = useTestApps(db);
  // The second data source: a SQLite file next to a SQLite primary, else a second database of the
  // same server (PostgreSQL, MariaDB).
  let secondDatabase: TestEnvironment | undefined;
  beforeAll(async () => {
    if (db.name !== 'sqlite') secondDatabase = await db.create();
  });
  afterAll(async () => {
    await secondDatabase?.drop();
  });

  it('lists and restores them against the record’s own database, the revisions staying in primary', async () => {
    const env = apps.env();
    const [other] = secondDatabase?.config().dataSources ?? [];
    const source: DataSourceConfig = other
      ? { ...other, name: 'second', caption: '第二数据源' }
      : {
          name: 'second',
          caption: '第二数据源',
          client: 'sqlite',
          connection: join(env.dataDir, `second-${Date.now()}.sqlite`),
          database: 'second',
        };
    const app = await apps.build({}, env.config({ adminPassword: ADMIN_PASSWORD }, [source]));
    const primary = app.dataSources.primary.knex;
    const remoteDb = app.dataSources.get('second')?.knex;
    if (!remoteDb) throw new Error('no second data source');
    await primary(SHARED_STATE.revision).delete();
    const { cookie } = await login(app);
    const second = apiClient(app, cookie, { ...BROWSER, dataSource: 'second' });
    const stale = (await second.get('/api/metadata/tables?limit=999')).json() as { id: number }[];
    if (stale.length > 0)
      expect(
        (
          await second.delete(
            '/api/metadata/tables?isDropPhysicalTable=true',
            stale.map((table) => table.id),
          )
        ).statusCode,
      ).toBe(204);
    await createTable(second, {
      name: 'remote',
      columns: [...SYSTEM_COLUMNS, { name: 'note', dataType: 'VARCHAR', length: 100 }],
    });
    for (const name of ['甲', '乙', '丙']) {
      expect((await second.post('/api/business/remote', { name, note: `${name}的备注` })).statusCode).toBe(
        201,
      );
    }
    expect((await second.delete('/api/business/remote', [1, 3])).statusCode).toBe(204);
    const listed = await deletedOf(second, 'remote');
    expect(listed.map((entry) => entry.key).sort()).toEqual(['1', '3']);
    expect(listed.find((entry) => entry.key === '3')?.values).toMatchObject({ name: '丙', note: '丙的备注' });
    expect(await countOf(second, 'remote')).toBe(2);
    // Primary has no such table: the list is the data source's.
    expect((await apiClient(app, cookie).get('/api/business/remote/deleted')).statusCode).toBe(404);
    const stored = await storedRevisions(primary);
    expect(stored.filter((revision) => revision.action === 'delete')).toHaveLength(2);
    expect(stored.every((revision) => revision.dataSource === 'second')).toBe(true);

    const entry = listed.find((one) => one.key === '3');
    const back = await second.post(`/api/business/remote/deleted/${entry?.revisionId}/restore`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ key: '3' });
    expect(await remoteDb('remote').where('id', 3).first('name', 'note')).toEqual({
      name: '丙',
      note: '丙的备注',
    });
    expect((await deletedOf(second, 'remote')).map((one) => one.key)).toEqual(['1']);
    expect((await storedRevisions(primary)).at(-1)).toMatchObject({
      dataSource: 'second',
      recordKey: '3',
      action: 'create',
      channel: 'restore',
    });
    expect(
      (await second.post(`/api/business/remote/deleted/${entry?.revisionId}/restore`, {})).statusCode,
    ).toBe(409);
  });
});
