import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import type { App } from '../../../src/app';
import { createTable } from '../../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../../helpers/metadata-api';
import { multipartBody } from '../../helpers/multipart';
import { clearTables } from '../../helpers/physical-schema';
import { createShop } from '../../helpers/shop-tables';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser } from '../../helpers/users';

const download = async (app: App, cookie: string, url: string): Promise<Buffer> => {
  const response = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
};

const readSheet = async (bytes: Buffer): Promise<unknown[][]> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

/** `<row>` elements of an export as [field, text] pairs, entities decoded. */
const readXml = (text: string): [string, string][][] =>
  [...text.matchAll(/<row>(.*?)<\/row>/g)].map(([, body]) =>
    [...(body ?? '').matchAll(/<(?:field name="([^"]*)"|(\w+))>(.*?)<\/(?:field|\w+)>/g)].map(
      ([, caption, name, value]) => [
        caption ?? name ?? '',
        (value ?? '')
          .replaceAll('&lt;', '<')
          .replaceAll('&gt;', '>')
          .replaceAll('&quot;', '"')
          .replaceAll('&apos;', "'")
          .replaceAll('&amp;', '&'),
      ],
    ),
  );

describeEachDatabase('/api/business/{table}/export ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    const api = apiClient(app, cookie);
    await createShop(api, knex);
    const names = ['订单甲', '=1+2', '<b>&"x"', '订单乙'];
    for (const [i, name] of names.entries())
      expect((await api.post('/api/business/salesOrder', { name, customerId: (i % 2) + 1 })).statusCode).toBe(
        201,
      );
    return { app, api, cookie };
  };

  const exportUrl = async (api: ApiClient, path: string) => {
    const response = await api.post(path, undefined);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.body).toMatch(/^\/download\/[0-9a-f-]{36}\.(xlsx|xml)$/);
    return response.body;
  };

  it('writes the list query to .xlsx: captions, the same rows, relations as their titles, formulas as text', async () => {
    const { app, api, cookie } = await setup();
    const query = 'orderby=id&customerId=1,2&select=id,name,customerId';
    const list = (await api.get(`/api/business/salesOrder?${query}&limit=100`)).json() as {
      id: number;
      name: string;
    }[];
    const sheet = await readSheet(
      await download(app, cookie, await exportUrl(api, `/api/business/salesOrder/export?${query}`)),
    );
    expect(sheet).toHaveLength(list.length + 1);
    expect(sheet.slice(1).map((row) => [Number(row[0]), row[1]])).toEqual(list.map((r) => [r.id, r.name]));
    const full = (await api.get('/api/business/salesOrder?orderby=id&limit=100')).json() as {
      customer: { id: number; name: string; city?: string | null };
    }[];
    // the related record's title (its title column), as the list shows it
    expect(sheet.slice(1).map((row) => row[2])).toEqual(full.map(({ customer }) => customer.name));
    const formulaLike = sheet.find((row) => row[1] === '=1+2');
    expect(formulaLike).toBeDefined();

    const searched = await readSheet(
      await download(
        app,
        cookie,
        await exportUrl(api, `/api/business/salesOrder/export?search=${encodeURIComponent('订单')}`),
      ),
    );
    expect(
      searched
        .slice(1)
        .map((row) => row.find((cell) => typeof cell === 'string' && cell.startsWith('订单')))
        .sort(),
    ).toEqual(['订单乙', '订单甲']);
  });

  it('writes typed cells in the asked order, and names the file after the table and the day', async () => {
    const { app, api, cookie } = await setup();
    await createTable(api, {
      name: 'product',
      caption: '产品',
      columns: [
        ...SYSTEM_COLUMNS,
        { name: 'price', caption: '价格', dataType: 'DECIMAL', precision: 10, scale: 2 },
        { name: 'stock', caption: '库存', dataType: 'INT' },
        { name: 'onSale', caption: '上架', dataType: 'BOOL' },
        { name: 'launched', caption: '上市日', dataType: 'DATE' },
        { name: 'checkedAt', caption: '盘点时间', dataType: 'DATETIME' },
        { name: 'code', caption: '编码', dataType: 'VARCHAR', length: 20 },
      ],
    });
    const body = {
      name: '手机',
      price: '2999.00',
      stock: 12,
      onSale: true,
      launched: '2026-11-25',
      checkedAt: '2026-11-25 08:30:00',
      code: '007',
    };
    const created = await api.post('/api/business/product', body);
    expect(created.statusCode, created.body).toBe(201);
    const url = await exportUrl(
      api,
      '/api/business/product/export?select=code,price,name,stock,onSale,launched,checkedAt',
    );
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const day = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const name = `产品-${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}.xlsx`;
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      '编码',
      '价格',
      '名称',
      '库存',
      '上架',
      '上市日',
      '盘点时间',
    ]);
    const cells = (sheet.getRow(2).values as unknown[]).slice(1);
    // Text stays text (leading zeros kept); numbers, booleans and dates are typed cells.
    expect(cells.slice(0, 5)).toEqual(['007', 2999, '手机', 12, true]);
    expect(cells[5]).toEqual(new Date(Date.UTC(2026, 10, 25)));
    expect(cells[6]).toEqual(new Date(Date.UTC(2026, 10, 25, 8, 30)));
    expect(sheet.getCell('B2').numFmt).toBe('0.00');
    expect(sheet.getCell('F2').numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getCell('G2').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.getColumn(1).width).toBeGreaterThan(0);

    // Imported again (the record deleted first), the typed cells give back the same values.
    const [stored] = (await api.get('/api/business/product')).json() as Record<string, unknown>[];
    expect(
      (await api.delete(`/api/business/product/${String(stored?.id)}?isSoftDelete=false`)).statusCode,
    ).toBe(204);
    const { payload, headers } = multipartBody([
      { name: 'file', value: response.rawPayload, filename: name },
    ]);
    const imported = await app.inject({
      method: 'POST',
      url: '/api/business/product/import',
      payload,
      headers: { ...headers, cookie },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const [again] = (await api.get('/api/business/product')).json() as Record<string, unknown>[];
    for (const field of ['code', 'price', 'name', 'stock', 'onSale', 'launched', 'checkedAt'])
      expect(again?.[field], field).toEqual(stored?.[field]);
  });

  it('writes headers and names the file in the asker’s language, and an English file imports back', async () => {
    const { app, api, cookie } = await setup();
    await createTable(api, {
      name: 'gadget',
      caption: '器件',
      captions: { 'en-US': 'Gadgets' },
      columns: [
        ...SYSTEM_COLUMNS,
        {
          name: 'price',
          caption: '价格',
          captions: { 'en-US': 'Price' },
          dataType: 'DECIMAL',
          precision: 10,
          scale: 2,
        },
        { name: 'code', caption: '编码', dataType: 'VARCHAR', length: 20 },
      ],
    });
    expect(
      (await api.post('/api/business/gadget', { name: '甲', price: '1.50', code: 'x' })).statusCode,
    ).toBe(201);
    const english = { cookie, 'accept-language': 'en-US,en;q=0.9' };
    const answer = await app.inject({
      method: 'POST',
      url: '/api/business/gadget/export?select=name,price,code',
      headers: english,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const file = await app.inject({ method: 'GET', url: answer.body, headers: { cookie } });
    expect(file.headers['content-disposition']).toMatch(/filename\*=UTF-8''Gadgets-\d{4}-\d{2}-\d{2}\.xlsx/);
    // the system column has its English caption, a column without one keeps its default caption
    const [headers, row] = await readSheet(file.rawPayload);
    expect(headers).toEqual(['Name', 'Price', '编码']);
    expect(row).toEqual(['甲', 1.5, 'x']);
    // in Chinese, the default captions
    const chinese = await readSheet(
      await download(app, cookie, await exportUrl(api, '/api/business/gadget/export?select=name,price')),
    );
    expect(chinese[0]).toEqual(['名称', '价格']);

    // The English file comes back in (the record deleted first).
    const [stored] = (await api.get('/api/business/gadget')).json() as { id: number }[];
    expect(
      (await api.delete(`/api/business/gadget/${String(stored?.id)}?isSoftDelete=false`)).statusCode,
    ).toBe(204);
    const { payload, headers: multipart } = multipartBody([
      { name: 'file', value: file.rawPayload, filename: 'gadgets.xlsx' },
    ]);
    const imported = await app.inject({
      method: 'POST',
      url: '/api/business/gadget/import',
      payload,
      headers: { ...multipart, cookie },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect((await api.get('/api/business/gadget')).json()).toMatchObject([
      { name: '甲', price: '1.50', code: 'x' },
    ]);

    // the import template speaks the asker's language too
    const template = await app.inject({
      method: 'GET',
      url: '/api/business/gadget/import/template',
      headers: english,
    });
    expect(template.statusCode).toBe(201);
    const [templateHeaders] = await readSheet(await download(app, cookie, template.body));
    expect(templateHeaders).toEqual(expect.arrayContaining(['Name', 'Price', '编码']));
  });

  it('writes an upload as an absolute link on the address the user came from, which imports back as the upload', async () => {
    const { app, api, cookie } = await setup();
    const dossier = await createTable(api, {
      name: 'dossier',
      caption: '档案',
      columns: [...SYSTEM_COLUMNS, { name: 'scan', caption: '扫描件', dataType: 'ATTACHMENT' }],
    });
    const stored = `/download/files/${'ab'.repeat(16)}.png`;
    for (const [name, scan] of [
      ['甲', stored],
      ['乙', 'https://example.org/elsewhere.png'],
    ])
      expect((await api.post('/api/business/dossier', { name, scan })).statusCode).toBe(201);
    const origin = 'http://crudboard.example:8080';
    const answer = await app.inject({
      method: 'POST',
      url: '/api/business/dossier/export?select=name,scan&orderby=id',
      headers: { cookie, origin, host: 'crudboard.example:8080' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const file = await download(app, cookie, answer.body);
    const [, first, second] = await readSheet(file);
    expect(first).toEqual(['甲', `${origin}${stored}`]);
    // an outside link stays as it is
    expect(second).toEqual(['乙', 'https://example.org/elsewhere.png']);

    // the file comes back in: the link is stored as the upload's own value again
    await app.dataSources.primary.knex(dossier.tableName).del();
    const { payload, headers: multipart } = multipartBody([
      { name: 'file', value: file, filename: 'd.xlsx' },
    ]);
    const imported = await app.inject({
      method: 'POST',
      url: '/api/business/dossier/import',
      payload,
      headers: { ...multipart, cookie },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const rows = (await api.get('/api/business/dossier?orderby=id')).json() as {
      name: string;
      scan: string;
    }[];
    expect(rows.map((row) => [row.name, row.scan])).toEqual([
      ['甲', stored],
      ['乙', 'https://example.org/elsewhere.png'],
    ]);
  });

  it('writes .xml with names or captions, escaped', async () => {
    const { app, api, cookie } = await setup();
    const byName = readXml(
      (
        await download(
          app,
          cookie,
          await exportUrl(api, '/api/business/salesOrder/export/xml?orderby=id&select=id,name'),
        )
      ).toString(),
    );
    expect(byName.map((row) => row.find(([field]) => field === 'name')?.[1])).toEqual([
      '订单甲',
      '=1+2',
      '<b>&"x"',
      '订单乙',
    ]);
    const byCaption = readXml(
      (
        await download(
          app,
          cookie,
          await exportUrl(api, '/api/business/salesOrder/export/xml?orderby=id&isDisplayCaption=true'),
        )
      ).toString(),
    );
    expect(byCaption[2]?.find(([field]) => field === '名称')?.[1]).toBe('<b>&"x"');
  });

  it('serves an import template with the captions of insertable columns', async () => {
    const { app, api, cookie } = await setup();
    const response = await api.get('/api/business/salesOrder/import/template');
    expect(response.statusCode).toBe(201);
    const [headers] = await readSheet(await download(app, cookie, response.body));
    expect(headers).toContain('名称');
    expect(headers).not.toContain('创建时间');
    expect(headers).not.toContain('全文索引');
  });

  it('refuses an unknown filter column with 400 and a user without export with 403, writing no file', async () => {
    const { app, api } = await setup();
    const dir = join(apps.env().dataDir, 'downloads');
    const before = await readdir(dir).catch(() => []);
    expect((await api.post('/api/business/salesOrder/export?nope=1', undefined)).statusCode).toBe(400);
    await createUser(app, {
      username: 'reader',
      password: 'Reader-pass-1',
      roles: { ROLE_READER: 'business:*:read' },
    });
    const { cookie } = await login(app, 'reader', 'Reader-pass-1');
    const reader = apiClient(app, cookie);
    expect((await reader.get('/api/business/salesOrder')).statusCode).toBe(200);
    expect((await reader.post('/api/business/salesOrder/export', undefined)).statusCode).toBe(403);
    expect((await reader.post('/api/business/salesOrder/export/xml', undefined)).statusCode).toBe(403);
    expect(await readdir(dir).catch(() => [])).toEqual(before);
  });
});
