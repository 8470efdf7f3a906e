import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import type { App } from '../../../src/app';
import { apiClient, type ApiClient } from '../../helpers/metadata-api';
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

  it('writes the list query to .xlsx: captions, the same rows, relations as display values, formulas as text', async () => {
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
    expect(sheet.slice(1).map((row) => row[2])).toEqual(
      full.map(({ customer }) => [customer.name, customer.city].filter(Boolean).join('|')),
    );
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
