import { beforeAll, expect } from 'vitest';
import type { App } from '../../src/app';
import { apiClient, type ApiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase, itOn } from '../helpers/test-databases';

describeEachDatabase('native column types of reversed tables ($name)', (db) => {
  const apps = useTestApps(db);
  const on = itOn(db, 'pg');
  let app: App;
  let api: ApiClient;

  beforeAll(async () => {
    if (db.name !== 'pg') return;
    app = await apps.build();
    const knex = app.dataSources.primary.knex;
    await knex.raw(`CREATE TABLE gadget (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      label text NOT NULL,
      addr inet,
      doc jsonb,
      nums int[],
      tags text[],
      spot point,
      made timestamptz NOT NULL DEFAULT now(),
      serial_no serial
    )`);
    await knex.raw(`INSERT INTO gadget (id, label, addr, doc, nums, tags, spot) VALUES
      ('11111111-1111-1111-1111-111111111111', 'alpha', '10.0.0.1', '{"k": 1}', '{1,2}', '{red,blue}', '(1,2)'),
      ('22222222-2222-2222-2222-222222222222', 'beta', '192.168.1.9', '{"k": 2}', '{3}', '{green}', '(3,4)')`);
    api = apiClient(app, (await login(app)).cookie);
    const reversed = await api.post('/api/metadata/tables/metadatas/reverse/gadget', {});
    expect(reversed.statusCode, reversed.body).toBe(201);
  });

  on('explore', async () => {
    app = await apps.build();
    api = apiClient(app, (await login(app)).cookie);
    const table = (await api.get('/api/metadata/tables/name/gadget')).json();
    console.log(JSON.stringify(table.columns.map((c: Record<string, unknown>) => [c.name, c.dataType, c.length, c.queryable, c.insertable, c.nullable, c.defaultValue, c.description])));
    for (const url of [
      '/api/business/gadget',
      '/api/business/gadget?search=alpha',
      '/api/business/gadget?search=10.0',
      '/api/business/gadget?id=11111111-1111-1111-1111-111111111111',
      '/api/business/gadget?id=LIKE 1111',
      '/api/business/gadget?id=zzz',
      '/api/business/gadget?addr=10.0.0.1',
      '/api/business/gadget?addr=LIKE 10.0',
      '/api/business/gadget?doc=LIKE k',
      '/api/business/gadget?nums=ISNULL',
      '/api/business/gadget?spot=LIKE 1',
      '/api/business/gadget?orderby=spot',
      '/api/business/gadget?orderby=doc',
      '/api/business/gadget?orderby=nums',
      '/api/business/gadget?orderby=addr',
      '/api/business/gadget/zzz',
      '/api/business/gadget/11111111-1111-1111-1111-111111111111',
    ]) {
      const r = await api.get(url);
      console.log(url, r.statusCode, r.body.slice(0, 300));
    }
    for (const body of [{ label: 'gamma' }, { id: 'bad', label: 'x' }, { label: 'y', doc: '{"a":1}', nums: [1, 2] }]) {
      const r = await api.post('/api/business/gadget', body);
      console.log(JSON.stringify(body), r.statusCode, r.body.slice(0, 300));
    }
    const p = await api.patch('/api/business/gadget/zzz', { label: 'q' });
    console.log('patch bad', p.statusCode, p.body.slice(0, 200));
    const d = await api.delete('/api/business/gadget/zzz');
    console.log('delete bad', d.statusCode, d.body.slice(0, 200));
  });
});
