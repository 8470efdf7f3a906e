import { expect, it } from 'vitest';
import { useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

describeEachDatabase('GET /api/business/config ($name)', (db) => {
  const apps = useTestApps(db);

  it('returns the config rows as a bare array, without login', async () => {
    const app = await apps.build();
    const response = await app.inject({ method: 'GET', url: '/api/business/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: expect.any(Number), key: 'appName', value: 'crudboard' },
      { id: expect.any(Number), key: 'businessName', value: '业务数据' },
    ]);
  });

  it('pages and filters by key', async () => {
    const app = await apps.build();
    const keys = async (query: string) =>
      (await app.inject({ method: 'GET', url: `/api/business/config?${query}` }))
        .json()
        .map((r: { key: string }) => r.key);
    expect(await keys('offset=1&limit=1')).toEqual(['businessName']);
    expect(await keys('offset=0&limit=1')).toEqual(['appName']);
    expect(await keys('offset=5')).toEqual([]);
    expect(await keys('key=businessName')).toEqual(['businessName']);
    expect(await keys('limit=10000')).toHaveLength(2);
  });

  it.each([
    ['offset=-1', 'offset', '不能小于 0'],
    ['limit=0', 'limit', '不能小于 1'],
    ['limit=10001', 'limit', '不能大于 10000'],
    ['limit=1e9', 'limit', '不能大于 10000'],
    ['limit=abc', 'limit', '类型应为 整数'],
    ['limit=1.5', 'limit', '类型应为 整数'],
    ['offset=NaN', 'offset', '类型应为 整数'],
    ['limit=1&limit=2', 'limit', '类型应为 整数'],
  ])('refuses %s with 400', async (query, field, message) => {
    const app = await apps.build();
    const response = await app.inject({ method: 'GET', url: `/api/business/config?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: '请求参数不正确',
      errors: { [field]: message },
    });
  });
});
