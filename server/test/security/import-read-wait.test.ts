import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { createTable } from '../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { multipartBody } from '../helpers/multipart';
import { clearTables } from '../helpers/physical-schema';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

const ROWS = 6000;
/** A read waits for one short import transaction at most; far below the whole import's time. */
const MAX_READ_WAIT_MS = 750;

describeEachDatabase('reads during an import ($name)', (db) => {
  const apps = useTestApps(db);

  it("keeps a reader's GET from waiting for the whole of a partial import", async () => {
    await clearTables((await apps.build()).dataSources.primary.knex);
    const app = await apps.build();
    const { cookie } = await login(app);
    await createTable(apiClient(app, cookie), {
      name: 'memo',
      columns: [...SYSTEM_COLUMNS, { name: 'note', dataType: 'VARCHAR', length: 100 }],
    });
    await createUser(app, {
      username: 'reader',
      password: 'Reader-pass-1',
      roles: { ROLE_READER: 'business:memo:read' },
    });
    const reader = apiClient(app, (await login(app, 'reader', 'Reader-pass-1')).cookie);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('数据');
    sheet.addRow(['name', 'note']);
    for (let i = 0; i < ROWS; i++) sheet.addRow([`name ${i}`, `note ${i}`]);
    const { payload, headers } = multipartBody([
      { name: 'file', value: Buffer.from(await book.xlsx.writeBuffer()), filename: 'memo.xlsx' },
    ]);

    const started = Date.now();
    let done = false;
    const importing = app
      .inject({
        method: 'POST',
        url: '/api/business/memo/import?partial=true',
        payload,
        headers: { ...headers, cookie },
      })
      .finally(() => (done = true));
    const waits: number[] = [];
    while (!done) {
      const before = Date.now();
      const response = await reader.get('/api/business/memo?limit=1');
      expect(response.statusCode).toBe(200);
      waits.push(Date.now() - before);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const imported = await importing;
    const total = Date.now() - started;
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().inserted).toBe(ROWS);
    expect(waits.length).toBeGreaterThan(3);
    console.info(
      `import of ${ROWS} rows: ${total} ms; ${waits.length} reads, worst ${Math.max(...waits)} ms`,
    );
    expect(Math.max(...waits)).toBeLessThan(MAX_READ_WAIT_MS);
  }, 120_000);
});
