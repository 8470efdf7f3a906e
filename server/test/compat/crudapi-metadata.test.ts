import { expect, it } from 'vitest';
import { SYSTEM } from '../../src/db/table-names';
import { apiClient, SYSTEM_COLUMNS } from '../helpers/metadata-api';
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

  /** A crudapi metadata file: layouts under `tableBuilders`. */
  const crudapiFile = (name: string) => ({
    sequences: [],
    tables: [
      {
        id: 7,
        name,
        caption: name,
        columns: SYSTEM_COLUMNS.map((column, i) => ({ ...column, id: 70 + i })),
      },
    ],
    tableRelations: [],
    tableBuilders: [
      { tableId: 7, name: 'product form', device: 'pc', type: 'create', body: '[{"columnId":71}]' },
    ],
  });

  it('imports the form layouts of a crudapi file (tableBuilders)', async () => {
    const { app, api } = await setup();
    const imported = await api.post('/api/metadata/tables/import', crudapiFile('product'));
    expect(imported.statusCode).toBe(201);
    const product = (await api.get('/api/metadata/tables/name/product')).json();
    const layouts = await app.dataSources.primary.knex(SYSTEM.tableFormBuilder).select('*');
    expect(layouts).toHaveLength(1);
    expect(layouts[0]).toMatchObject({ name: 'product form', device: 'pc', type: 'create' });
    const nameColumn = product.columns.find((c: { name: string }) => c.name === 'name');
    expect(JSON.parse(layouts[0].body)).toEqual([{ columnId: nameColumn.id }]);
  });

  it('refuses a file holding layouts under both names, and imports nothing', async () => {
    const { app, api } = await setup();
    const file = { ...crudapiFile('gadget'), tableFormBuilders: crudapiFile('gadget').tableBuilders };
    const layoutsBefore = await app.dataSources.primary.knex(SYSTEM.tableFormBuilder).select('*');
    const refused = await api.post('/api/metadata/tables/import', file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.tableBuilders).toContain('tableFormBuilders');
    expect((await api.get('/api/metadata/tables/name/gadget')).statusCode).toBe(404);
    expect(await app.dataSources.primary.knex(SYSTEM.tableFormBuilder).select('*')).toEqual(layoutsBefore);
  });

  it('describes a physical table with MySQL-style keys beside crudboard keys', async () => {
    const { app, api } = await setup();
    const knex = app.dataSources.primary.knex;
    await knex.schema.createTable('legacy_item', (t) => {
      t.increments('id');
      t.string('code', 20).notNullable().unique();
      t.integer('qty');
    });
    const response = await api.get('/api/metadata/tables/metadatas/legacy_item');
    expect(response.statusCode).toBe(200);
    const table = response.json();
    expect(table).toMatchObject({ tableName: 'legacy_item', Name: 'legacy_item', Comment: '' });
    const code = table.columns.find((c: { name: string }) => c.name === 'code');
    expect(code).toMatchObject({
      name: 'code',
      nullable: false,
      Field: 'code',
      Null: 'NO',
      Key: 'UNI',
      Extra: '',
    });
    const id = table.columns.find((c: { name: string }) => c.name === 'id');
    expect(id).toMatchObject({ autoIncrement: true, Extra: 'auto_increment', Key: 'PRI' });
    const qty = table.columns.find((c: { name: string }) => c.name === 'qty');
    expect(qty).toMatchObject({ nullable: true, Null: 'YES' });
    const primary = table.indexs.find((i: { Key_name: string }) => i.Key_name === 'PRIMARY');
    expect(primary).toMatchObject({ name: 'PRIMARY', Column_name: 'id', Non_unique: 0, Seq_in_index: 1 });
    const unique = table.indexs.find((i: { columns: string[]; unique: boolean }) => i.columns[0] === 'code');
    expect(unique).toMatchObject({ unique: true, Non_unique: 0, Column_name: 'code' });
  });

  it('refuses the exports without metadata:read', async () => {
    const { app } = await setup();
    const anonymous = apiClient(app, '');
    expect((await anonymous.get('/api/metadata/sequences/export')).statusCode).toBe(401);
    expect((await anonymous.get('/api/metadata/tablerelations/export')).statusCode).toBe(401);
  });
});
