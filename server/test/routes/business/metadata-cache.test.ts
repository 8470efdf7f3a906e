import { expect, it } from 'vitest';
import { DEFAULT_SQL_CONSOLE } from '../../../src/config';
import type { Knex } from 'knex';
import { writeVersion } from '../../../src/db/write-versions';
import { CACHE_VERSION_POLL_MS } from '../../../src/plugins/cache-versions';
import { apiClient, createTableViaApi, SYSTEM_COLUMNS, type ApiClient } from '../../helpers/metadata-api';
import { clearTables } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

interface Table {
  id: number;
  columns: { id: number; name: string }[];
}

const columnId = (table: Table, name: string): number => {
  const column = table.columns.find((candidate) => candidate.name === name);
  if (!column) throw new Error(`no column ${name}`);
  return column.id;
};

/** Resolves once the metadata write version has stood still for two cache-version polls. */
const cachesSettled = async (knex: Knex): Promise<void> => {
  const until = Date.now() + 10_000;
  let version = writeVersion(knex, 'metadata');
  let still = Date.now();
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, CACHE_VERSION_POLL_MS / 5));
    const now = writeVersion(knex, 'metadata');
    if (now !== version) {
      version = now;
      still = Date.now();
    } else if (Date.now() - still >= 2 * CACHE_VERSION_POLL_MS) return;
  }
};

describeEachDatabase('business API after metadata changes ($name)', (db) => {
  const apps = useTestApps(db);

  // The super admin's console statements reach crudboard's own tables only when so configured
  // (on PostgreSQL they otherwise run under the console role, which has no rights on them).
  const setup = async () => {
    const app = await apps.build(
      {},
      apps.config({ sqlConsole: { ...DEFAULT_SQL_CONSOLE, superAdminUnrestricted: true } }),
    );
    const { cookie } = await login(app);
    await clearTables(app.dataSources.primary.knex);
    const api = apiClient(app, cookie);
    const gadget: Table = await createTableViaApi(api, {
      name: 'gadget',
      caption: '器件',
      columns: [...SYSTEM_COLUMNS, { name: 'color', dataType: 'VARCHAR', length: 20 }],
    });
    const maker: Table = await createTableViaApi(api, {
      name: 'maker',
      caption: '厂商',
      columns: [...SYSTEM_COLUMNS],
    });
    return { app, api, gadget, maker };
  };

  const list = async (api: ApiClient, table: string, query = '') => {
    const response = await api.get(`/api/business/${table}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('sees added, renamed and dropped columns on the very next request', async () => {
    const { app, api, gadget } = await setup();
    expect((await api.post('/api/business/gadget', { name: 'g1', color: 'red' })).statusCode).toBe(201);
    // On a shared database the cache-version poll sees the setup's table changes a tick later and
    // ends the caches once more: wait for it, or it may land between the two reads below.
    await cachesSettled(app.dataSources.primary.knex);
    // Twice: the second answer comes from memory.
    await list(api, 'gadget');
    const before = writeVersion(app.dataSources.primary.knex, 'metadata');
    expect(await list(api, 'gadget')).toEqual([expect.objectContaining({ name: 'g1', color: 'red' })]);
    expect(writeVersion(app.dataSources.primary.knex, 'metadata')).toBe(before);

    const patched = await api.patch(`/api/metadata/tables/${gadget.id}?confirmDataLoss=true`, {
      columns: [
        ...gadget.columns.map((column) => (column.name === 'color' ? { ...column, name: 'tint' } : column)),
        { name: 'weight', dataType: 'INT' },
      ],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(writeVersion(app.dataSources.primary.knex, 'metadata')).toBeGreaterThan(before);

    const [row] = await list(api, 'gadget');
    expect(row).toMatchObject({ name: 'g1', tint: 'red', weight: null });
    expect(row).not.toHaveProperty('color');
    const created = await api.post('/api/business/gadget', { name: 'g2', tint: 'blue', weight: 3 });
    expect(created.statusCode, created.body).toBe(201);
    expect(await list(api, 'gadget', '?weight=3')).toEqual([expect.objectContaining({ name: 'g2' })]);

    const stored: Table = (await api.get(`/api/metadata/tables/${gadget.id}`)).json();
    const dropped = await api.patch(`/api/metadata/tables/${gadget.id}?confirmDataLoss=true`, {
      columns: stored.columns.filter((column) => column.name !== 'weight'),
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect((await list(api, 'gadget'))[0]).not.toHaveProperty('weight');
    expect((await api.get('/api/business/gadget?weight=3')).statusCode).toBe(400);
  });

  it('sees relations added and removed through the relations API, and deleted or renamed tables', async () => {
    const { api, gadget, maker } = await setup();
    const stored: Table = (await api.get(`/api/metadata/tables/${gadget.id}`)).json();
    expect(
      (
        await api.patch(`/api/metadata/tables/${gadget.id}`, {
          columns: [...stored.columns, { name: 'makerId', dataType: 'BIGINT' }],
        })
      ).statusCode,
    ).toBe(200);
    const withMaker: Table = (await api.get(`/api/metadata/tables/${gadget.id}`)).json();
    const makerId = (await api.post('/api/business/maker', { name: 'ACME' })).json();
    await api.post('/api/business/gadget', { name: 'g1', makerId });
    expect((await list(api, 'gadget'))[0]).not.toHaveProperty('maker');

    const relation = await api.post('/api/metadata/tablerelations', {
      name: 'maker',
      relationType: 'ManyToOne',
      fromTable: { id: gadget.id },
      fromColumn: { id: columnId(withMaker, 'makerId') },
      toTable: { id: maker.id },
      toColumn: { id: columnId(maker, 'id') },
    });
    expect(relation.statusCode, relation.body).toBe(201);
    expect((await list(api, 'gadget'))[0]).toMatchObject({ maker: { id: makerId, name: 'ACME' } });

    expect((await api.delete(`/api/metadata/tablerelations/${relation.json()}`)).statusCode).toBe(204);
    expect((await list(api, 'gadget'))[0]).not.toHaveProperty('maker');

    const rename = (body: Record<string, string>) => api.patch(`/api/metadata/tables/${maker.id}`, body);
    expect((await rename({ pluralName: 'makerList' })).statusCode).toBe(200);
    expect(await list(api, 'makerList')).toEqual([expect.objectContaining({ name: 'ACME' })]);
    expect((await rename({ name: 'vendor', pluralName: 'vendors' })).statusCode).toBe(200);
    expect((await api.get('/api/business/makerList')).statusCode).toBe(404);
    expect(await list(api, 'vendors')).toEqual([expect.objectContaining({ name: 'ACME' })]);

    expect((await api.delete(`/api/metadata/tables/${gadget.id}`)).statusCode).toBe(204);
    expect((await api.get('/api/business/gadget')).statusCode).toBe(404);
    await createTableViaApi(api, {
      name: 'gadget',
      tableName: 'gadget_v2',
      caption: '器件',
      columns: [...SYSTEM_COLUMNS, { name: 'size', dataType: 'INT' }],
    });
    expect((await api.post('/api/business/gadget', { name: 'g9', size: 9 })).statusCode).toBe(201);
    expect(await list(api, 'gadget')).toEqual([expect.objectContaining({ name: 'g9', size: 9 })]);
  });

  it('sees metadata written by the SQL console in write mode', async () => {
    const { api } = await setup();
    await list(api, 'gadget');
    const written = await api.post('/api/metadata/sqls/execute', {
      sql: "UPDATE cb_meta_column SET caption = 'changed' WHERE name = 'color'",
      readOnly: false,
    });
    expect(written.statusCode, written.body).toBe(200);
    const described = await api.post('/api/metadata/sqls/execute', {
      sql: "DELETE FROM cb_meta_column WHERE name = 'color'",
      readOnly: false,
    });
    expect(described.statusCode, described.body).toBe(200);
    expect((await api.get('/api/business/gadget?color=red')).statusCode).toBe(400);
  });
});
