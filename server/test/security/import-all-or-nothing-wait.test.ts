import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import type { App } from '../../src/app';
import { createTable } from '../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../helpers/metadata-api';
import { multipartBody } from '../helpers/multipart';
import { clearTables } from '../helpers/physical-schema';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

/** Enough rows for many batches: the import's transaction stays open across many turns. */
const ROWS = 20_000;

const sheetOf = async (codes: string[]): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('数据');
  sheet.addRow(['name', 'code']);
  codes.forEach((code, i) => sheet.addRow([`name ${i}`, code]));
  return Buffer.from(await book.xlsx.writeBuffer());
};

const codes = (count: number) => Array.from({ length: count }, (_, i) => `c${i}`);

const upload = (app: App, cookie: string, file: Buffer) => {
  const { payload, headers } = multipartBody([{ name: 'file', value: file, filename: 'memo.xlsx' }]);
  return app.inject({
    method: 'POST',
    url: '/api/business/memo/import',
    payload,
    headers: { ...headers, cookie },
  });
};

const names = async (api: ApiClient): Promise<string[]> => {
  const response = await api.get('/api/business/memo?limit=5&orderby=id');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { name: string }[]).map((record) => record.name);
};

const total = async (api: ApiClient): Promise<number> => {
  const response = await api.get('/api/business/memo/count');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describeEachDatabase('an all-or-nothing import and other requests ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    await clearTables((await apps.build()).dataSources.primary.knex);
    const app = await apps.build();
    const { cookie } = await login(app);
    const api = apiClient(app, cookie);
    await createTable(api, {
      name: 'memo',
      columns: [...SYSTEM_COLUMNS, { name: 'code', dataType: 'VARCHAR', length: 20, indexType: 'UNIQUE' }],
    });
    expect((await api.post('/api/business/memo', { name: 'before', code: 'before' })).statusCode).toBe(201);
    return { app, api, cookie };
  };

  /**
   * Records, in order, the first row the import writes, each read answered meanwhile, and the end
   * of the import's transaction (its COMMIT or ROLLBACK statement).
   */
  const watch = (app: App, api: ApiClient) => {
    const events: string[] = [];
    const seen: string[][] = [];
    let reading: Promise<void> | null = null;
    const onQuery = (query: { sql?: unknown }) => {
      const sql = String(query.sql ?? '');
      if (/^\s*(commit|rollback)\b/i.test(sql)) events.push('end');
      if (reading || !/^\s*insert into\s+\W?memo\W?/i.test(sql)) return;
      events.push('writing');
      // A read started while the import's transaction is open, and the list it gets.
      reading = (async () => {
        seen.push(await names(api));
        events.push('read');
        seen.push(await names(api));
        events.push('read');
      })();
    };
    const knex = app.dataSources.primary.knex;
    knex.on('query', onQuery);
    return {
      events,
      seen,
      done: async () => {
        knex.off('query', onQuery);
        await reading;
      },
    };
  };

  it('answers reads while it writes, and they see none of its rows until it is committed', async () => {
    const { app, api, cookie } = await setup();
    const file = await sheetOf(codes(ROWS));
    const watching = watch(app, api);
    const imported = await upload(app, cookie, file);
    await watching.done();
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({ inserted: ROWS, updated: 0, failed: [] });
    // Both reads were answered before the import's transaction ended and saw the table as it was.
    expect(watching.events.slice(0, 3)).toEqual(['writing', 'read', 'read']);
    expect(watching.events.at(-1)).toBe('end');
    expect(watching.seen).toEqual([['before'], ['before']]);
    expect(await total(api)).toBe(ROWS + 1);
  }, 180_000);

  it('a failure in its last batch leaves nothing behind, and reads meanwhile saw nothing of it', async () => {
    const { app, api, cookie } = await setup();
    // The last row repeats the first row's unique code: only the database finds it, at the end.
    const file = await sheetOf([...codes(ROWS - 1), 'c0']);
    const watching = watch(app, api);
    const imported = await upload(app, cookie, file);
    await watching.done();
    expect(imported.statusCode, imported.body).toBe(400);
    const report = imported.json() as { inserted: number; failed: { row: number }[] };
    expect(report.failed.map((failure) => failure.row)).toEqual([ROWS + 1]);
    expect(watching.events.slice(0, 3)).toEqual(['writing', 'read', 'read']);
    expect(watching.seen).toEqual([['before'], ['before']]);
    expect(await names(api)).toEqual(['before']);
    expect(await total(api)).toBe(1);
    // Writes go on as before once it is over.
    expect((await api.post('/api/business/memo', { name: 'after', code: 'c0' })).statusCode).toBe(201);
    expect(await names(api)).toEqual(['before', 'after']);
  }, 180_000);
});
