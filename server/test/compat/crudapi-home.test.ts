import { expect, it } from 'vitest';
import { SYSTEM_COLUMNS, apiClient, createTableViaApi } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

/** What crudapi's client reads when it signs in and opens its home page. */
describeEachDatabase('crudapi client: layout and home page ($name)', (db) => {
  const apps = useTestApps(db);

  it('reads the settings with their names, without signing in', async () => {
    const app = await apps.build();
    const response = await app.inject({
      method: 'GET',
      url: '/api/business/config?select=id,name,key,value',
    });
    expect(response.statusCode).toBe(200);
    const rows = response.json() as { name: string | null; key: string; value: string }[];
    expect(rows.find((row) => row.key === 'appName')).toMatchObject({ name: '应用名称', value: 'crudboard' });
    const plain = await app.inject({ method: 'GET', url: '/api/business/config' });
    expect(plain.json()[0]).toEqual({
      id: expect.any(Number),
      name: '应用名称',
      key: 'appName',
      value: 'crudboard',
    });
  });

  it('lists modules with their table lines, each line embedding its table', async () => {
    const app = await apps.build();
    const api = apiClient(app, (await login(app)).cookie);
    expect((await api.get('/api/business/module?offset=0&limit=9999')).json()).toEqual([]);
    const product = await createTableViaApi(api, {
      name: 'product',
      caption: '产品',
      columns: SYSTEM_COLUMNS,
    });
    const created = await api.post('/api/business/module', {
      name: 'shop',
      caption: '商城',
      displayOrder: 1,
      moduleLines: [{ tableId: product.id }],
    });
    expect(created.statusCode).toBe(201);
    // The home page's one request: no expand, yet every module comes with its lines and their tables.
    const modules = await api.get('/api/business/module?offset=0&limit=9999');
    expect(modules.statusCode).toBe(200);
    const [shop] = modules.json() as { name: string; moduleLines: { table: object }[] }[];
    expect(shop?.name).toBe('shop');
    expect(shop?.moduleLines).toEqual([
      expect.objectContaining({
        tableId: product.id,
        table: expect.objectContaining({ id: product.id, name: 'product', caption: '产品' }),
      }),
    ]);
    const one = await api.get(`/api/business/module/${created.json()}`);
    expect(one.json().moduleLines).toEqual([expect.objectContaining({ tableId: product.id })]);
    const line = await api.get(`/api/business/moduleLine/${one.json().moduleLines[0].id}`);
    expect(line.json().table).toEqual(
      expect.objectContaining({ id: product.id, name: 'product', caption: '产品' }),
    );
    // The table list behind the cards is read-only.
    const write = await api.post('/api/business/table', { name: 'sneaky', tableName: 'sneaky' });
    expect(write.statusCode).toBeGreaterThanOrEqual(400);
    expect((await api.get('/api/metadata/tables/name/sneaky')).statusCode).toBe(404);
  });
});
