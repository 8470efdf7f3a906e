import { expect, it } from 'vitest';
import { apiClient, createTableViaApi, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { clearTables } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

describeEachDatabase('/api/metadata/sequences ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    await clearTables(app.dataSources.primary.knex);
    return { app, api: apiClient(app, cookie) };
  };

  it('creates, reads, lists, counts, edits and deletes sequences', async () => {
    const { api } = await setup();
    const created = await api.post('/api/metadata/sequences', {
      name: 'orderNo',
      caption: '订单号',
      sequenceType: 'STRING',
      format: 'SO_%09d',
      minValue: 1,
      maxValue: 999999999,
      nextValue: 1,
      incrementBy: 1,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json();
    expect((await api.get(`/api/metadata/sequences/${id}`)).json()).toEqual({
      id,
      name: 'orderNo',
      caption: '订单号',
      description: null,
      sequenceType: 'STRING',
      currentTime: false,
      format: 'SO_%09d',
      minValue: 1,
      maxValue: 999999999,
      nextValue: 1,
      incrementBy: 1,
      cycle: false,
      createdDate: expect.any(Number),
      lastModifiedDate: expect.any(Number),
    });
    await api.post('/api/metadata/sequences', { name: 'uid', caption: '唯一标识', sequenceType: 'GUID' });
    await api.post('/api/metadata/sequences', { name: 'stamp', sequenceType: 'LONG', currentTime: true });
    const names = async (url: string) => (await api.get(url)).json().map((s: { name: string }) => s.name);
    expect(await names('/api/metadata/sequences')).toEqual(['stamp', 'uid', 'orderNo']);
    expect(await names('/api/metadata/sequences?search=ORDER')).toEqual(['orderNo']);
    expect(await names('/api/metadata/sequences?search=%E6%A0%87')).toEqual(['uid']);
    expect(await names('/api/metadata/sequences?limit=1&offset=1')).toEqual(['uid']);
    expect((await api.get('/api/metadata/sequences/count')).json()).toBe(3);
    expect((await api.get('/api/metadata/sequences/count?search=u')).json()).toBe(1);

    expect(
      (await api.patch(`/api/metadata/sequences/${id}`, { caption: '新订单号', nextValue: 100, cycle: true }))
        .statusCode,
    ).toBe(200);
    expect((await api.get(`/api/metadata/sequences/${id}`)).json()).toMatchObject({
      caption: '新订单号',
      nextValue: 100,
      cycle: true,
      format: 'SO_%09d',
    });
    expect((await api.patch('/api/metadata/sequences/999', { caption: 'x' })).statusCode).toBe(404);

    expect((await api.delete(`/api/metadata/sequences/${id}`)).statusCode).toBe(204);
    expect((await api.get(`/api/metadata/sequences/${id}`)).statusCode).toBe(404);
    expect((await api.delete('/api/metadata/sequences', [])).statusCode).toBe(400);
    expect((await api.delete('/api/metadata/sequences')).statusCode).toBe(400);
    expect((await api.delete('/api/metadata/sequences', [12345])).statusCode).toBe(404);
    const rest = (await api.get('/api/metadata/sequences')).json().map((s: { id: number }) => s.id);
    expect((await api.delete('/api/metadata/sequences', rest)).statusCode).toBe(204);
    expect((await api.get('/api/metadata/sequences/count')).json()).toBe(0);
  });

  it('refuses bad values with field errors and duplicate names with 409', async () => {
    const { api } = await setup();
    const bad = await api.post('/api/metadata/sequences', {
      name: 'bad name',
      sequenceType: 'LONG',
      minValue: 10,
      maxValue: 5,
      incrementBy: 0,
      format: '%s',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      name: expect.stringContaining('字母'),
      minValue: '最小值不能大于最大值',
      nextValue: '下一个值应在最小值和最大值之间',
      incrementBy: '步长应为正整数',
      format: expect.stringContaining('%d'),
    });
    expect((await api.post('/api/metadata/sequences', { name: 'x', sequenceType: 'WORD' })).statusCode).toBe(
      400,
    );
    expect(
      (await api.post('/api/metadata/sequences', { name: 'seq', sequenceType: 'LONG' })).statusCode,
    ).toBe(201);
    const duplicate = await api.post('/api/metadata/sequences', { name: 'SEQ', sequenceType: 'LONG' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual({ name: '名称 SEQ 重复（不区分大小写）' });
  });

  it('keeps a sequence that a column uses (409)', async () => {
    const { api } = await setup();
    const seqId = (
      await api.post('/api/metadata/sequences', { name: 'code', sequenceType: 'STRING', format: 'C%04d' })
    ).json();
    const other = (await api.post('/api/metadata/sequences', { name: 'other', sequenceType: 'LONG' })).json();
    await createTableViaApi(api, {
      name: 'thing',
      columns: [...SYSTEM_COLUMNS, { name: 'code', dataType: 'VARCHAR', length: 20, seqId }],
    });
    const refused = await api.delete('/api/metadata/sequences', [other, seqId]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('序列号 code 正被字段使用，不能删除');
    expect((await api.get('/api/metadata/sequences/count')).json()).toBe(2);
    const mismatch = await api.post('/api/metadata/tables', {
      name: 'other',
      columns: [...SYSTEM_COLUMNS, { name: 'due', dataType: 'DATE', seqId: other }],
    });
    expect(mismatch.json().errors).toEqual({ 'columns.9.seqId': 'LONG 类型的序列号不能用于 DATE 字段' });
  });
});
