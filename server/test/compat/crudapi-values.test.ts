import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { SYSTEM_COLUMNS, apiClient, createTableViaApi } from '../helpers/metadata-api';
import { multipartBody } from '../helpers/multipart';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

const PRICES = [5999, '99', '4999.50', 12.5, '-3', '0.1'];
const SHOWN = ['5999.00', '99.00', '4999.50', '12.50', '-3.00', '0.10'];

/** Values as crudapi's clients read them: a DECIMAL keeps its declared scale, as MySQL prints it. */
describeEachDatabase('crudapi client: decimal values ($name)', (db) => {
  const apps = useTestApps(db);

  let tables = 0;
  const setup = async () => {
    // One database for the file: each test has a table of its own.
    tables += 1;
    const name = `product${tables}`;
    const app = await apps.build();
    const { cookie } = await login(app);
    const api = apiClient(app, cookie);
    await createTableViaApi(api, {
      name,
      caption: '产品',
      columns: [
        ...SYSTEM_COLUMNS,
        { name: 'price', caption: '价格', dataType: 'DECIMAL', precision: 10, scale: 2, displayable: true },
      ],
    });
    for (const [i, price] of PRICES.entries()) {
      expect((await api.post(`/api/business/${name}`, { name: `p${i}`, price })).statusCode).toBe(201);
    }
    return { app, api, cookie, name };
  };

  it('answers DECIMAL(10,2) with two fraction digits in lists and single records', async () => {
    const { api, name } = await setup();
    const list = (await api.get(`/api/business/${name}?orderby=id&select=name,price`)).json() as {
      price: string;
    }[];
    expect(list.map((row) => row.price)).toEqual(SHOWN);
    const first = (await api.get(`/api/business/${name}/1`)).json() as { price: string };
    expect(first.price).toBe('5999.00');
  });

  it('exports DECIMAL(10,2) with its scale to XML and Excel', async () => {
    const { app, api, cookie, name } = await setup();
    const xmlUrl = (
      await api.post(`/api/business/${name}/export/xml?orderby=id&select=name,price`, undefined)
    ).body;
    const xml = (await app.inject({ method: 'GET', url: xmlUrl, headers: { cookie } })).body;
    expect([...xml.matchAll(/<price>(.*?)<\/price>/g)].map((match) => match[1])).toEqual(SHOWN);

    const xlsxUrl = (await api.post(`/api/business/${name}/export?orderby=id&select=name,price`, undefined))
      .body;
    const bytes = (await app.inject({ method: 'GET', url: xlsxUrl, headers: { cookie } })).rawPayload;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    // Number cells (Excel sums them) shown with the column's scale by their number format.
    const column: unknown[] = [];
    const formats = new Set<string>();
    book.worksheets[0]?.eachRow((row, index) => {
      if (index === 1) return;
      column.push(row.getCell(2).value);
      formats.add(row.getCell(2).numFmt);
    });
    expect(column).toEqual(SHOWN.map(Number));
    expect([...formats]).toEqual(['0.00']);
  });

  it('imports decimals from a sheet and answers them with their scale', async () => {
    const { app, api, cookie, name } = await setup();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('data');
    sheet.addRow(['名称', '价格']);
    sheet.addRow(['imported-number', 7]);
    sheet.addRow(['imported-text', '8.5']);
    const { payload, headers } = multipartBody([
      { name: 'file', value: Buffer.from(await book.xlsx.writeBuffer()), filename: 'data.xlsx' },
    ]);
    const imported = await app.inject({
      method: 'POST',
      url: `/api/business/${name}/import`,
      payload,
      headers: { ...headers, cookie },
    });
    expect(imported.statusCode, imported.body).toBeLessThan(300);
    const rows = (
      await api.get(`/api/business/${name}?name=LIKE%20imported&orderby=id&select=name,price`)
    ).json();
    expect(rows).toEqual([
      expect.objectContaining({ name: 'imported-number', price: '7.00' }),
      expect.objectContaining({ name: 'imported-text', price: '8.50' }),
    ]);
  });
});
