import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import type { App } from '../../../src/app';
import type { UploadConfig } from '../../../src/config';
import type { ImportResult } from '../../../../contract/index';
import { createRelation, type CreatedTable } from '../../helpers/business-tables';
import { apiClient, type ApiClient } from '../../helpers/metadata-api';
import { multipartBody } from '../../helpers/multipart';
import { clearTables } from '../../helpers/physical-schema';
import { createShop } from '../../helpers/shop-tables';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser } from '../../helpers/users';
import { zipArchive } from '../../helpers/zip';

type Cell = ExcelJS.CellValue;

/** An .xlsx made with exceljs's in-memory workbook, as a user's spreadsheet would be. */
const workbook = async (rows: Cell[][]): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('数据');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
};

const upload = (app: App, cookie: string, url: string, file: Buffer, filename = 'data.xlsx') => {
  const { payload, headers } = multipartBody([{ name: 'file', value: file, filename }]);
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie } });
};

const download = async (app: App, cookie: string, url: string): Promise<Buffer> => {
  const response = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
};

const readSheet = async (bytes: Buffer): Promise<unknown[][]> => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

const tableNamed = async (api: ApiClient, name: string): Promise<CreatedTable> => {
  const response = await api.get(`/api/metadata/tables/name/${name}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};

interface Order {
  id: number;
  name: string;
  customerId: number | null;
  createdDate: string;
  createById: number;
}

describeEachDatabase('business import and multi-table export ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async (uploads: Partial<UploadConfig> = {}) => {
    const base = apps.config();
    const app = await apps.build({}, { ...base, uploads: { ...base.uploads, ...uploads } });
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    const api = apiClient(app, cookie);
    await createShop(api, knex);
    for (const name of ['旧订单一', '旧订单二']) {
      expect((await api.post('/api/business/salesOrder', { name, customerId: 1 })).statusCode).toBe(201);
    }
    return { app, api, cookie };
  };

  const orders = async (api: ApiClient): Promise<Order[]> =>
    (await api.get('/api/business/salesOrder?orderby=id&limit=1000')).json();

  const importSheet = async (app: App, cookie: string, rows: Cell[][], query = '') =>
    upload(app, cookie, `/api/business/salesOrder/import${query}`, await workbook(rows));

  it('imports a sheet by captions or names, filling every column exactly as a create does', async () => {
    const { app, api, cookie } = await setup();
    const response = await importSheet(app, cookie, [
      ['名称', 'CUSTOMERID', '创建时间'],
      ['导入订单甲', 2, '2000-01-01 00:00:00'],
      ['导入订单乙', null, null],
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ inserted: 2, updated: 0, failed: [], failedRows: 0 });
    const [made] = (await api.get('/api/business/salesOrder?search=订单甲')).json() as Order[];
    expect(made).toMatchObject({ name: '导入订单甲', customerId: 2, createById: 1 });
    // createdDate is the server's, not the sheet's.
    expect(made?.createdDate).not.toBe('2000-01-01 00:00:00');
    expect(await orders(api)).toHaveLength(4);
  });

  it('is all-or-nothing: one bad row writes nothing and the report names every bad value', async () => {
    const { app, api, cookie } = await setup();
    const response = await importSheet(app, cookie, [
      ['名称', 'customerId'],
      ['好订单', 1],
      [null, 1],
      ['坏客户', 'nobody'],
      ['坏数字', 'x'.repeat(3)],
    ]);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as ImportResult & { code: string; message: string };
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toContain('3');
    expect(body.inserted).toBe(2 - 2);
    expect(body.failedRows).toBe(3);
    expect(body.failed.map(({ row, column }) => [row, column])).toEqual([
      [3, '名称'],
      [4, 'customerId'],
      [5, 'customerId'],
    ]);
    expect(body.failed[1]?.message).toContain('nobody');
    expect(await orders(api)).toHaveLength(2);
  });

  it('with partial=true keeps the good rows and reports the others, in English when asked', async () => {
    const { app, api, cookie } = await setup();
    const { payload, headers } = multipartBody([
      {
        name: 'file',
        filename: 'data.xlsx',
        value: await workbook([
          ['name', 'customerId'],
          ['好订单', 1],
          [null, 2],
          ['又一个好订单', 2],
        ]),
      },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/business/salesOrder/import?partial=true',
      payload,
      headers: { ...headers, cookie, 'accept-language': 'en' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      inserted: 2,
      updated: 0,
      failed: [{ row: 3, column: 'name', message: 'is required' }],
      failedRows: 1,
    });
    expect((await orders(api)).map((order) => order.name)).toEqual([
      '旧订单一',
      '旧订单二',
      '好订单',
      '又一个好订单',
    ]);
  });

  it('imports more rows than one batch, reporting a bad row of a later batch', async () => {
    const { app, api, cookie } = await setup();
    const rows: Cell[][] = [['名称', 'customerId']];
    for (let i = 1; i <= 1500; i += 1) rows.push([`批量订单${i}`, i === 1400 ? 'nobody' : (i % 2) + 1]);
    const response = await importSheet(app, cookie, rows, '?partial=true');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ inserted: 1499, updated: 0, failedRows: 1 });
    expect((response.json() as ImportResult).failed[0]).toMatchObject({ row: 1401, column: 'customerId' });
    expect((await api.get('/api/business/salesOrder/count')).json()).toBe(1501);
    const found = (
      await api.get(`/api/business/salesOrder?search=${encodeURIComponent('批量订单1499')}`)
    ).json();
    expect(found).toMatchObject([{ name: '批量订单1499', customerId: 2 }]);

    // Exported back in the default order (key DESC), batch after batch by key: every row once.
    const exported = await api.post('/api/business/salesOrder/export?select=id&customerId=2', undefined);
    const ids = (await readSheet(await download(app, cookie, exported.body))).slice(1).map((row) => row[0]);
    const list = (await api.get('/api/business/salesOrder?select=id&customerId=2&limit=10000')).json() as {
      id: number;
    }[];
    expect(ids).toHaveLength(750);
    expect(ids).toEqual(list.map((order) => order.id));
  });

  it('takes a relation by its title or its earlier display value, and refuses an ambiguous one', async () => {
    const { app, api, cookie } = await setup();
    // A second 张三 in 上海 makes that title and display value ambiguous; 李四 stays unique.
    await api.post('/api/business/customer', { name: '张三', city: '上海' });
    const response = await importSheet(
      app,
      cookie,
      [
        ['名称', 'customerId', 'tagIds'],
        ['按标题', '李四', '红,蓝'],
        ['按显示值', '李四|北京', null],
        ['按编号', '1', '2'],
        ['有歧义', '张三|上海', null],
        ['标题有歧义', '张三', null],
      ],
      '?partial=true',
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json() as ImportResult;
    expect(result.inserted).toBe(3);
    expect(result.failed.map((failure) => [failure.row, failure.column])).toEqual([
      [5, 'customerId'],
      [6, 'customerId'],
    ]);
    const list = (await api.get('/api/business/salesOrder?orderby=id&limit=10')).json() as (Order & {
      tagIds: string;
    })[];
    const imported = list.slice(2).map((order) => [order.name, order.customerId, order.tagIds]);
    expect(imported).toHaveLength(3);
    expect(imported).toEqual(
      expect.arrayContaining([
        ['按标题', 2, '1,3'],
        ['按显示值', 2, null],
        ['按编号', 1, '2'],
      ]),
    );
  });

  it('updates the records whose key is stored already; an export read back in changes nothing', async () => {
    const { app, api, cookie } = await setup();
    const [first, second] = await orders(api);
    const response = await importSheet(app, cookie, [
      ['编号', '名称'],
      [first?.id, '改过的订单'],
      [null, '新订单'],
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ inserted: 1, updated: 1 });
    const after = await orders(api);
    expect(after.map((order) => order.name)).toEqual(['改过的订单', '旧订单二', '新订单']);
    expect(after[1]).toEqual(second);

    // Export → import: every row matches its key and is updated with the values it has.
    const exported = await api.post('/api/business/salesOrder/export?orderby=id', undefined);
    const file = await download(app, cookie, exported.body);
    const again = await upload(app, cookie, '/api/business/salesOrder/import', file);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ inserted: 0, updated: 3, failedRows: 0 });
    const names = (await orders(api)).map((order) => [order.id, order.name, order.customerId]);
    expect(names).toEqual(after.map((order) => [order.id, order.name, order.customerId]));
  });

  it('exports with a filter and a Chinese search exactly the rows of the list, formula-like text as text', async () => {
    const { app, api, cookie } = await setup();
    for (const name of ['=SUM(1,2)订单', '+订单', '@订单', '-订单', '别的']) {
      await api.post('/api/business/salesOrder', { name, customerId: 2 });
    }
    const query = `search=${encodeURIComponent('订单')}&customerId=2&orderby=id`;
    const list = (await api.get(`/api/business/salesOrder?${query}&limit=100`)).json() as Order[];
    expect(list.map((order) => order.name)).toEqual(['=SUM(1,2)订单', '+订单', '@订单', '-订单']);
    const exported = await api.post(`/api/business/salesOrder/export?${query}&select=id,name`, undefined);
    expect(exported.statusCode).toBe(201);
    const bytes = await download(app, cookie, exported.body);
    const sheet = await readSheet(bytes);
    expect(sheet.slice(1)).toEqual(list.map((order) => [order.id, order.name]));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getCell('B2').type).toBe(ExcelJS.ValueType.String);
  });

  it('maps headers strictly: unknown headers are listed, a repeated column is refused', async () => {
    const { app, api, cookie } = await setup();
    const unknown = await importSheet(app, cookie, [
      ['名称', '颜色', 'weight'],
      ['订单', '红', 1],
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('颜色, weight');
    const repeated = await importSheet(app, cookie, [
      ['名称', 'name'],
      ['订单', '订单'],
    ]);
    expect(repeated.statusCode).toBe(400);
    expect(await orders(api)).toHaveLength(2);
  });

  it('takes the cached result of a formula and refuses a formula without one', async () => {
    const { app, api, cookie } = await setup();
    const response = await importSheet(
      app,
      cookie,
      [
        ['名称', 'customerId'],
        [
          { formula: 'CONCAT("公式","订单")', result: '公式订单' },
          { formula: '1+1', result: 2 },
        ],
        ['没有结果', { formula: '1+0' } as Cell],
      ],
      '?partial=true',
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json() as ImportResult;
    expect(result.inserted).toBe(1);
    expect(result.failed).toMatchObject([{ row: 3, column: 'customerId' }]);
    const made = (await orders(api))[2];
    expect([made?.name, made?.customerId]).toEqual(['公式订单', 2]);
  });

  it('refuses hostile and broken files with a clear 400 and changes nothing', async () => {
    const { app, api, cookie } = await setup();
    const good = await workbook([['名称'], ['订单']]);
    const zeros = Buffer.alloc(8 * 1024 * 1024);
    const cases: [string, Buffer, string][] = [
      ['random bytes', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)), 'Excel'],
      ['a text file', Buffer.from('名称\n订单\n'), 'Excel'],
      ['a truncated workbook', good.subarray(0, Math.floor(good.length / 2)), '损坏'],
      ['a zip that is no workbook', zipArchive([{ name: 'a.txt', data: Buffer.from('hello') }]), 'Excel'],
      [
        'a zip bomb',
        zipArchive([
          { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
          { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
          { name: 'xl/worksheets/sheet1.xml', data: zeros },
        ]),
        '压缩比',
      ],
      [
        'a zip lying about its sizes',
        zipArchive([
          { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
          { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
          { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(200_000), declaredSize: 1000 },
        ]),
        '损坏',
      ],
      ['an empty sheet', await workbook([]), '空'],
      ['a header without rows', await workbook([['名称']]), '没有数据行'],
    ];
    for (const [what, file, text] of cases) {
      const response = await upload(app, cookie, '/api/business/salesOrder/import', file);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      expect(response.json().message, what).toContain(text);
    }
    const none = await app.inject({
      method: 'POST',
      url: '/api/business/salesOrder/import',
      headers: { cookie },
    });
    expect(none.statusCode).toBe(400);
    expect(await orders(api)).toHaveLength(2);
    expect(await readdir(join(apps.env().dataDir, 'files', 'incoming'))).toEqual([]);
  });

  it('reads a workbook whose parts come in any order (worksheet before the workbook part)', async () => {
    const { app, api, cookie } = await setup();
    const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const relations = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const part = (name: string, xml: string) => ({ name, data: Buffer.from(xml) });
    const file = zipArchive([
      part('[Content_Types].xml', '<Types/>'),
      part(
        'xl/sharedStrings.xml',
        `<sst xmlns="${main}" count="2" uniqueCount="2"><si><t>名称</t></si><si><t>乱序订单</t></si></sst>`,
      ),
      part(
        'xl/_rels/workbook.xml.rels',
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relations}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
      part(
        'xl/worksheets/sheet1.xml',
        `<worksheet xmlns="${main}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row></sheetData></worksheet>`,
      ),
      part(
        'xl/workbook.xml',
        `<workbook xmlns="${main}" xmlns:r="${relations}"><sheets><sheet name="s" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    ]);
    const response = await upload(app, cookie, '/api/business/salesOrder/import', file);
    expect(response.statusCode, response.body).toBe(201);
    expect((await orders(api)).map((order) => order.name)).toEqual(['旧订单一', '旧订单二', '乱序订单']);
  });

  it('refuses a sheet over the configured row limit, writing nothing', async () => {
    const { app, api, cookie } = await setup({ maxImportRows: 3 });
    const rows: Cell[][] = [['名称'], ...Array.from({ length: 4 }, (_, i) => [`订单${i}`])];
    const response = await importSheet(app, cookie, rows);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('3');
    expect(await orders(api)).toHaveLength(2);
    expect((await importSheet(app, cookie, rows.slice(0, 4))).statusCode).toBe(201);
  });

  it('refuses a file over the upload limit with 413', async () => {
    const { app, api, cookie } = await setup({ maxFileSize: 1000 });
    const rows: Cell[][] = [
      ['名称'],
      ...Array.from({ length: 200 }, (_, i) => [`很长的订单名称${i}`.repeat(5)]),
    ];
    const response = await importSheet(app, cookie, rows);
    expect(response.statusCode).toBe(413);
    expect(await orders(api)).toHaveLength(2);
  });

  it('needs business:<table>:import (and export for the multi-table export)', async () => {
    const { app, api } = await setup();
    await createUser(app, {
      username: 'clerk',
      password: 'Clerk-pass-1',
      roles: { ROLE_CLERK: 'business:*:read,business:*:create' },
    });
    const { cookie } = await login(app, 'clerk', 'Clerk-pass-1');
    const sheet = await workbook([['名称'], ['订单']]);
    expect((await upload(app, cookie, '/api/business/salesOrder/import', sheet)).statusCode).toBe(403);
    expect((await apiClient(app, cookie).get('/api/business/salesOrder/import/template')).statusCode).toBe(
      403,
    );
    const file = Buffer.from(JSON.stringify({ salesOrder: [{ name: '订单' }] }));
    expect((await upload(app, cookie, '/api/business/import', file, 'data.json')).statusCode).toBe(403);
    const order = await tableNamed(api, 'salesOrder');
    expect((await apiClient(app, cookie).post('/api/business/export', [order.id])).statusCode).toBe(403);
    expect(await orders(api)).toHaveLength(2);
  });

  it('imports several tables in one transaction, parents first, following new keys', async () => {
    const { app, api, cookie } = await setup();
    const file = {
      // Children first in the file: the relations decide the order.
      salesOrder: [
        { name: '多表订单一', customerId: 901 },
        { name: '多表订单二', customerId: '王五|杭州' },
      ],
      customer: [{ id: 901, name: '王五', city: '杭州' }],
    };
    const response = await upload(
      app,
      cookie,
      '/api/business/import',
      Buffer.from(JSON.stringify(file)),
      'data.json',
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ inserted: 3, updated: 0, failed: [], failedRows: 0 });
    const [wang] = (await api.get('/api/business/customer?name=王五')).json() as { id: number }[];
    expect(wang?.id).not.toBe(901);
    const made = (await orders(api)).slice(2);
    expect(made.map((order) => [order.name, order.customerId])).toEqual([
      ['多表订单一', wang?.id],
      ['多表订单二', wang?.id],
    ]);
  });

  it('rolls a multi-table import back when a child is bad, and refuses cycles and bad files', async () => {
    const { app, api, cookie } = await setup();
    const send = (content: unknown) =>
      upload(
        app,
        cookie,
        '/api/business/import',
        Buffer.from(typeof content === 'string' ? content : JSON.stringify(content)),
        'data.json',
      );
    const response = await send({
      customer: [{ id: 902, name: '赵六' }],
      salesOrder: [{ name: '好订单', customerId: 902 }, { customerId: 902 }, 'x'],
    });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as ImportResult;
    expect(body.failed.map(({ table, row, column }) => [table, row, column])).toEqual([
      ['salesOrder', 2, 'name'],
      ['salesOrder', 3, undefined],
    ]);
    expect((await api.get('/api/business/customer?name=赵六')).json()).toEqual([]);
    expect(await orders(api)).toHaveLength(2);

    expect((await send('{"customer": [')).statusCode).toBe(400);
    expect((await send([1, 2])).statusCode).toBe(400);
    expect((await send({ nope: [] })).statusCode).toBe(404);

    // customer → salesOrder through a new ManyToOne, while salesOrder → customer: a cycle.
    await createRelation(app.dataSources.primary.knex, {
      name: 'lastOrder',
      relationType: 'ManyToOne',
      from: await tableNamed(api, 'customer'),
      fromColumn: 'level',
      to: await tableNamed(api, 'salesOrder'),
      toColumn: 'id',
    });
    const cycle = await send({ customer: [{ name: '环' }], salesOrder: [{ name: '环' }] });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().message).toContain('customer');
  });

  it('exports whole tables to one JSON file that imports back', async () => {
    const { app, api, cookie } = await setup();
    const ids = [(await tableNamed(api, 'salesOrder')).id, (await tableNamed(api, 'customer')).id];
    const exported = await api.post('/api/business/export', ids);
    expect(exported.statusCode, exported.body).toBe(201);
    expect(exported.body).toMatch(/^\/download\/[0-9a-f-]{36}\.json$/);
    const file = JSON.parse((await download(app, cookie, exported.body)).toString('utf8')) as Record<
      string,
      Record<string, unknown>[]
    >;
    expect(Object.keys(file)).toEqual(['salesOrder', 'customer']);
    const list = (await api.get('/api/business/customer?orderby=id&limit=100')).json() as Record<
      string,
      unknown
    >[];
    expect(file.customer).toEqual(
      list.map(({ id, name, city, level, createdDate }) =>
        expect.objectContaining({ id, name, city, level, createdDate }),
      ),
    );
    expect(file.customer?.[0]).not.toHaveProperty('fullTextBody');
    expect(file.salesOrder?.map((order) => order.name)).toEqual(['旧订单一', '旧订单二']);

    const back = await upload(
      app,
      cookie,
      '/api/business/import',
      Buffer.from(JSON.stringify(file)),
      'data.json',
    );
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json()).toMatchObject({ inserted: 0, updated: 4 });
    expect((await api.post('/api/business/export', [999_999])).statusCode).toBe(404);
    expect((await api.post('/api/business/export', [])).statusCode).toBe(400);
  });
});
