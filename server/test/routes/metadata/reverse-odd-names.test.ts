import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import type { App } from '../../../src/app';
import { apiClient, type ApiClient } from '../../helpers/metadata-api';
import { multipartBody } from '../../helpers/multipart';
import { createOddTables, dropOddTables, ODD_TABLES } from '../../helpers/odd-names';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const BASE = '/api/metadata/tables/metadatas';

describeEachDatabase('reverse engineering tables with odd names ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async (): Promise<{
    api: ApiClient;
    knex: import('knex').Knex;
    app: App;
    cookie: string;
  }> => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const api = apiClient(app, cookie);
    const knex = app.dataSources.primary.knex;
    const reversed = (await api.get('/api/metadata/tables?reverse=true&limit=1000')).json() as {
      id: number;
    }[];
    if (reversed.length > 0)
      await api.delete(
        '/api/metadata/tables?isDropPhysicalTable=false',
        reversed.map((table) => table.id),
      );
    await createOddTables(knex);
    return { api, knex, app, cookie };
  };

  it('reverses what it can and says per table why the rest was left out', async () => {
    const { api, knex } = await setup();
    const listed = (await api.get(BASE)).json() as { tableName: string }[];
    expect(listed.map((table) => table.tableName)).toEqual(expect.arrayContaining(Object.values(ODD_TABLES)));

    // Without partial, one impossible table refuses the whole batch, as before.
    const all = Object.values(ODD_TABLES);
    const refused = await api.post(`${BASE}/reverse`, all);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['odd columns']).toContain('a,b');

    const report = await api.post(`${BASE}/reverse?partial=true`, all);
    expect(report.statusCode, report.body).toBe(201);
    const body = report.json() as {
      reversed: { table: string; id: number }[];
      skipped: { table: string; message: string }[];
    };
    expect(body.reversed.map((entry) => entry.table)).toEqual([
      'Order Details',
      '客户',
      'sales-order',
      'MixedCase',
      '产品',
    ]);
    expect(body.skipped).toEqual([{ table: 'odd columns', message: expect.stringContaining('a,b') }]);
    const tables = await Promise.all(
      body.reversed.map(async ({ id }) => (await api.get(`/api/metadata/tables/${id}`)).json()),
    );
    expect(tables.map((table) => [table.name, table.tableName])).toEqual([
      ['orderDetails', 'Order Details'],
      ['kehu', '客户'],
      ['salesOrder', 'sales-order'],
      ['MixedCase', 'MixedCase'],
      ['chanpin', '产品'],
    ]);
    // Columns keep their physical names as API names.
    expect(tables[4].columns.map((c: { name: string }) => c.name)).toEqual([
      '编号',
      '名称',
      '单价',
      'first name',
      'sales-region',
    ]);
    // Keys and foreign keys can be filtered on at once.
    const salesOrder = tables[2];
    expect(
      salesOrder.columns
        .filter((column: { queryable: boolean }) => column.queryable)
        .map((c: { name: string }) => c.name),
    ).toEqual(expect.arrayContaining(['id', 'customerCode']));
    const relations = (await api.get('/api/metadata/tablerelations?limit=1000')).json() as {
      fromTable: { id: number };
      toTable: { name: string };
    }[];
    const fromSalesOrder = relations.filter((relation) => relation.fromTable.id === salesOrder.id);
    expect(fromSalesOrder.map((relation) => relation.toTable.name)).toEqual(['kehu']);
    await dropOddTables(knex);
  });

  it('serves the reversed tables through the business API and the designer', async () => {
    const { api, knex } = await setup();
    const report = await api.post(`${BASE}/reverse?partial=true`, [
      ODD_TABLES.customer,
      ODD_TABLES.salesOrder,
      ODD_TABLES.orderDetails,
      ODD_TABLES.mixed,
    ]);
    expect(report.statusCode, report.body).toBe(201);

    // Create, read, filter, search, count, update, delete.
    expect(
      (await api.post('/api/business/kehu', { code: 'C-01', name: '华东客户', city: '上海' })).statusCode,
    ).toBe(201);
    expect(
      (await api.post('/api/business/kehu', { code: 'C-02', name: 'West', city: 'Denver' })).statusCode,
    ).toBe(201);
    expect(
      (await api.post('/api/business/salesOrder', { id: 1, customerCode: 'C-01', amount: '12.50' }))
        .statusCode,
    ).toBe(201);
    const orders = (await api.get('/api/business/salesOrder?customerCode=C-01')).json();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ id: 1, customerCode: 'C-01' });
    expect(Number(orders[0].amount)).toBe(12.5);
    expect((await api.get('/api/business/kehu/count?search=华东')).json()).toBe(1);
    expect((await api.get('/api/business/kehu/C-02')).json()).toMatchObject({ name: 'West' });
    expect((await api.patch('/api/business/kehu/C-02', { city: 'Boulder' })).statusCode).toBe(200);
    expect((await api.get('/api/business/kehu?city=Boulder')).json()).toHaveLength(1);

    const mixed = await api.post('/api/business/MixedCase', { Id: 7, order: 'o', select: 's', when: 3 });
    expect(mixed.statusCode, mixed.body).toBe(201);
    expect((await api.get('/api/business/MixedCase?orderby=order%20DESC')).json()).toEqual([
      { Id: 7, order: 'o', select: 's', when: 3 },
    ]);
    expect((await api.post('/api/business/orderDetails', { OrderID: 1, Quantity: 2 })).statusCode).toBe(201);
    expect((await api.delete('/api/business/orderDetails/1?isSoftDelete=false')).statusCode).toBe(204);
    expect((await api.get('/api/business/orderDetails/count')).json()).toBe(0);

    // Export works on such names.
    const exported = await api.post('/api/business/kehu/export', undefined);
    expect(exported.statusCode, exported.body).toBe(201);

    // The designer adds a column and an index to a table whose physical name has a space.
    const details = (await api.get('/api/metadata/tables/name/orderDetails')).json();
    const patched = await api.patch(`/api/metadata/tables/${details.id}`, {
      columns: [
        ...details.columns,
        { name: 'shippedAt', dataType: 'DATETIME', indexType: 'INDEX', indexName: 'ix_shipped' },
      ],
    });
    expect(patched.statusCode, patched.body).toBeLessThan(300);
    expect(
      (
        await api.post('/api/business/orderDetails', {
          OrderID: 2,
          Quantity: 1,
          shippedAt: '2026-11-26 10:00:00',
        })
      ).statusCode,
    ).toBe(201);
    expect((await api.get('/api/business/orderDetails?shippedAt=ISNOTNULL')).json()).toHaveLength(1);

    // The SQL console reaches them by their quoted physical names.
    const quote = (name: string) => (db.name === 'mysql' ? `\`${name}\`` : `"${name}"`);
    const sql = await api.post('/api/metadata/sqls/execute', {
      sql: `select count(*) as n from ${quote('客户')}`,
    });
    expect(sql.statusCode, sql.body).toBe(200);
    expect(Number(sql.json().rows[0][0])).toBe(2);
    await dropOddTables(knex);
  });

  it('lists, filters, sorts, searches, writes, exports and imports columns named in Chinese, with spaces and hyphens', async () => {
    const { api, knex, app, cookie } = await setup();
    const report = await api.post(`${BASE}/reverse`, [ODD_TABLES.product]);
    expect(report.statusCode, report.body).toBe(201);
    const base = '/api/business/chanpin';
    const rows = [
      { 编号: 1, 名称: '苹果', 单价: '5.50', 'first name': 'Ann', 'sales-region': '华东' },
      { 编号: 2, 名称: '香蕉', 单价: '3.00', 'first name': 'Bob', 'sales-region': '华南' },
      { 编号: 3, 名称: '苹果干', 单价: '12.00', 'first name': 'Cai', 'sales-region': '华东' },
    ];
    for (const row of rows) {
      const created = await api.post(base, row);
      expect(created.statusCode, created.body).toBe(201);
    }
    const q = (params: Record<string, string>) => `${base}?${new URLSearchParams(params).toString()}`;
    const ids = async (url: string) => ((await api.get(url)).json() as { 编号: number }[]).map((r) => r.编号);

    expect(await ids(q({ 'sales-region': '华东', orderby: '编号' }))).toEqual([1, 3]);
    expect(await ids(q({ 'first name': 'Bob' }))).toEqual([2]);
    expect(await ids(q({ 单价: 'GE 5', orderby: '单价 DESC' }))).toEqual([3, 1]);
    expect(await ids(q({ orderby: 'first name DESC' }))).toEqual([3, 2, 1]);
    expect(await ids(q({ search: '苹果', orderby: '编号' }))).toEqual([1, 3]);
    expect((await api.get(`${q({ search: '苹果' })}`.replace('chanpin?', 'chanpin/count?'))).json()).toBe(2);
    const filter = JSON.stringify({ columnName: 'first name', operatorType: 'IN', values: ['Ann', 'Cai'] });
    expect(await ids(q({ filter, orderby: '编号' }))).toEqual([1, 3]);
    expect((await api.get(q({ select: '名称,first name', 编号: '2' }))).json()).toEqual([
      { 编号: 2, 名称: '香蕉', 'first name': 'Bob' },
    ]);
    // An unknown column is still a 400 naming it.
    expect((await api.get(q({ orderby: 'last name DESC' }))).statusCode).toBe(400);

    const one = `${base}/${encodeURIComponent('2')}`;
    expect((await api.patch(one, { 'first name': 'Bo', 单价: '3.20' })).statusCode).toBe(200);
    const changed = (await api.get(one)).json();
    expect(changed['first name']).toBe('Bo');
    // SQLite keeps a reversed DECIMAL as a number.
    expect(Number(changed.单价)).toBe(3.2);
    expect((await api.delete(`${one}?isSoftDelete=false`)).statusCode).toBe(204);
    expect((await api.get(`${base}/count`)).json()).toBe(2);

    // Export, then import the file back: the rows match their keys and are updated.
    const exported = await api.post(`${base}/export?orderby=${encodeURIComponent('编号')}`, undefined);
    expect(exported.statusCode, exported.body).toBe(201);
    const file = await app.inject({ method: 'GET', url: exported.body, headers: { cookie } });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['名称', 'first name', 'sales-region']));
    const { payload, headers } = multipartBody([
      { name: 'file', value: file.rawPayload, filename: 'p.xlsx' },
    ]);
    const imported = await app.inject({
      method: 'POST',
      url: `${base}/import`,
      payload,
      headers: { ...headers, cookie },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({ inserted: 0, updated: 2, failedRows: 0 });
    expect(await ids(q({ orderby: '编号' }))).toEqual([1, 3]);

    // The designer adds a column beside them; a new column still follows the rule of created ones.
    const design = (await api.get('/api/metadata/tables/name/chanpin')).json();
    const added = await api.patch(`/api/metadata/tables/${design.id}`, {
      columns: [...design.columns, { name: 'memo', dataType: 'VARCHAR', length: 40 }],
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const refused = await api.patch(`/api/metadata/tables/${design.id}`, {
      columns: [...design.columns, { name: '备注', dataType: 'VARCHAR', length: 40 }],
    });
    expect(refused.statusCode).toBe(400);
    expect((await api.patch(one.replace('/2', '/1'), { memo: 'm' })).statusCode).toBe(200);
    expect(await ids(q({ memo: 'm' }))).toEqual([1]);

    // An index on a Chinese column, and a new API name: the physical table keeps its name.
    const withMemo = (await api.get(`/api/metadata/tables/${design.id}`)).json();
    const indexed = await api.patch(`/api/metadata/tables/${design.id}`, {
      name: 'products',
      pluralName: 'productList',
      columns: withMemo.columns.map((column: { name: string }) =>
        column.name === '名称'
          ? { ...column, indexType: 'INDEX', indexName: 'ix_product_mingcheng' }
          : column,
      ),
    });
    expect(indexed.statusCode, indexed.body).toBeLessThan(300);
    const renamed = (await api.get(`/api/metadata/tables/${design.id}`)).json();
    expect(renamed).toMatchObject({ name: 'products', tableName: '产品' });
    expect(renamed.columns.find((column: { name: string }) => column.name === '名称')).toMatchObject({
      indexType: 'INDEX',
    });
    const physical = (await api.get(`${BASE}/${encodeURIComponent('产品')}`)).json();
    expect(physical.indexs).toEqual(
      expect.arrayContaining([expect.objectContaining({ unique: false, columns: ['名称'] })]),
    );
    expect((await api.get('/api/business/products?名称=苹果')).json()).toMatchObject([{ 编号: 1 }]);
    expect((await api.get('/api/business/chanpin')).statusCode).toBe(404);
    await dropOddTables(knex);
  });

  it('exports the metadata of such tables and imports it back onto them, attaching it as the file says', async () => {
    const { api, knex, app, cookie } = await setup();
    const report = await api.post(`${BASE}/reverse`, [
      ODD_TABLES.customer,
      ODD_TABLES.salesOrder,
      ODD_TABLES.product,
    ]);
    expect(report.statusCode, report.body).toBe(201);
    const ids = report.json() as number[];
    expect(
      (await api.post('/api/business/chanpin', { 编号: 1, 名称: '苹果', 'first name': 'Ann' })).statusCode,
    ).toBe(201);
    const exportOf = async (tableIds: number[]) => {
      const exported = await api.post('/api/metadata/tables/export', tableIds);
      expect(exported.statusCode, exported.body).toBe(201);
      return (await app.inject({ method: 'GET', url: exported.body, headers: { cookie } })).json();
    };
    const bundle = await exportOf(ids);
    // The metadata goes, the tables stay: importing the file attaches it to them again.
    expect((await api.delete('/api/metadata/tables?isDropPhysicalTable=false', ids)).statusCode).toBe(204);
    const imported = await api.post('/api/metadata/tables/import', bundle);
    expect(imported.statusCode, imported.body).toBe(201);
    const product = (await api.get('/api/metadata/tables/name/chanpin')).json();
    expect(product).toMatchObject({ tableName: '产品', reverse: true });
    expect(product.columns.map((c: { name: string }) => c.name)).toEqual([
      '编号',
      '名称',
      '单价',
      'first name',
      'sales-region',
    ]);
    expect((await api.get('/api/business/chanpin?first%20name=Ann')).json()).toMatchObject([
      { 名称: '苹果' },
    ]);
    const relations = (await api.get('/api/metadata/tablerelations?limit=1000')).json() as {
      toTable: { name: string };
    }[];
    expect(relations.some((relation) => relation.toTable.name === 'kehu')).toBe(true);

    // Creating such tables from a file is refused: tables crudboard creates follow its own rule.
    const one = await exportOf([product.id]);
    expect((await api.post('/api/metadata/tables/import?tables=create', one)).statusCode).toBe(400);
    // A column name the API cannot carry is refused when attaching, naming it; nothing is written.
    const tables = async () => (await api.get('/api/metadata/tables?limit=1000')).body;
    const before = await tables();
    const comma = {
      ...one.tables[0],
      name: 'comma',
      pluralName: 'commas',
      tableName: ODD_TABLES.oddColumns,
      columns: [
        { name: 'id', dataType: 'INT', indexType: 'PRIMARY', nullable: false },
        { name: 'a,b', dataType: 'VARCHAR', length: 20 },
      ],
    };
    const refused = await api.post('/api/metadata/tables/import', { tables: [comma] });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('a,b');
    expect(await tables()).toBe(before);
    await dropOddTables(knex);
  });
});
