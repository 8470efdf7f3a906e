import { expect, it } from 'vitest';
import { apiClient } from '../helpers/metadata-api';
import { createShop } from '../helpers/shop-tables';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

/** Requests crudapi's own admin client sends on its sequence and relation screens. */
describeEachDatabase('crudapi client: sequence and relation screens ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const api = apiClient(app, (await login(app)).cookie);
    return { app, api };
  };

  it('downloads every sequence as metadataSequence.json from GET /sequences/export', async () => {
    const { api } = await setup();
    for (const name of ['orderNo', 'invoiceNo']) {
      const created = await api.post('/api/metadata/sequences', {
        name,
        caption: name,
        sequenceType: 'LONG',
      });
      expect(created.statusCode).toBe(201);
    }
    const response = await api.get('/api/metadata/sequences/export?dataSource=primary');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="metadataSequence.json"');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().map((s: { name: string }) => s.name)).toEqual(['orderNo', 'invoiceNo']);
    // The id route still answers ids, and only ids.
    expect((await api.get('/api/metadata/sequences/exports')).statusCode).toBe(400);
  });

  it('downloads every relation as metadataRelation.json, columns with their captions', async () => {
    const { app, api } = await setup();
    await createShop(api, app.dataSources.primary.knex);
    const response = await api.get('/api/metadata/tablerelations/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="metadataRelation.json"');
    const relations = response.json() as { name: string; fromColumn: object; toColumn: object }[];
    expect(relations.length).toBeGreaterThan(3);
    const customer = relations.find((r) => r.name === 'customer');
    expect(customer?.fromColumn).toEqual({
      id: expect.any(Number),
      name: 'customerId',
      caption: expect.any(String),
      dataType: 'BIGINT',
    });
    const list = await api.get('/api/metadata/tablerelations?offset=0&limit=999');
    const listed = (list.json() as { name: string; toColumn: { caption?: unknown } }[]).find(
      (r) => r.name === 'customer',
    );
    expect(typeof listed?.toColumn.caption).toBe('string');
  });

  it('refuses the exports without metadata:read', async () => {
    const { app } = await setup();
    const anonymous = apiClient(app, '');
    expect((await anonymous.get('/api/metadata/sequences/export')).statusCode).toBe(401);
    expect((await anonymous.get('/api/metadata/tablerelations/export')).statusCode).toBe(401);
  });
});
