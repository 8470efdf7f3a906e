import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import type { App } from '../../src/app';
import { DEFAULT_UPLOADS } from '../../src/config';
import { createTable } from '../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { multipartBody } from '../helpers/multipart';
import { clearTables } from '../helpers/physical-schema';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

const KB = 1024;

/** An .xlsx whose cells hold `rows` × [name, text]; exceljs stores the texts as shared strings. */
const workbook = async (rows: string[][]): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('数据');
  sheet.addRow(['name', 'note']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
};

const upload = (app: App, cookie: string, file: Buffer) => {
  const { payload, headers } = multipartBody([{ name: 'file', value: file, filename: 'bomb.xlsx' }]);
  return app.inject({
    method: 'POST',
    url: '/api/business/memo/import',
    payload,
    headers: { ...headers, cookie },
  });
};

describeEachDatabase('bounded .xlsx import ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    await clearTables((await apps.build()).dataSources.primary.knex);
    const config = apps.config({
      uploads: { ...DEFAULT_UPLOADS, maxImportSharedStrings: 256 * KB, maxImportSheetSize: 1024 * KB },
    });
    const app = await apps.build({}, config);
    const { cookie } = await login(app);
    await createTable(apiClient(app, cookie), {
      name: 'memo',
      columns: [...SYSTEM_COLUMNS, { name: 'note', dataType: 'TEXT' }],
    });
    const count = async () => Number((await app.dataSources.primary.knex('memo').count({ n: '*' }))[0]?.n);
    return { app, cookie, count };
  };

  it('refuses shared strings that unpack past the limit with 413, writing nothing', async () => {
    const { app, cookie, count } = await setup();
    // Barely compressible text: no ratio check catches it, only the unpacked size.
    const strings = Array.from({ length: 8 }, () => randomBytes(30 * KB).toString('base64'));
    const response = await upload(app, cookie, await workbook(strings.map((text, i) => [`n${i}`, text])));
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(response.json().message).toContain('256 KB');
    expect(await count()).toBe(0);
  });

  it('refuses a sheet whose cells expand past the limit through repeated shared strings', async () => {
    const { app, cookie, count } = await setup();
    // One 40 KB string referenced by 40 rows: a tiny file, 1.6 MB of cell text once expanded.
    const text = randomBytes(30 * KB).toString('base64');
    const file = await workbook(Array.from({ length: 40 }, (_, i) => [`n${i}`, text]));
    expect(file.length).toBeLessThan(100 * KB);
    const response = await upload(app, cookie, file);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().message).toContain('1 MB');
    expect(await count()).toBe(0);
  });

  it('imports a workbook within the limits', async () => {
    const { app, cookie, count } = await setup();
    const text = randomBytes(3 * KB).toString('base64');
    const response = await upload(
      app,
      cookie,
      await workbook(Array.from({ length: 20 }, (_, i) => [`n${i}`, text])),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(await count()).toBe(20);
  });
});
