import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi, type ApiSession } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPage } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/start-server';
import { clickWhenStill } from './helpers/click-when-still';

let server: RunningServer;
let browser: Browser;
let api: ApiSession;
let page: Page;
let errors: string[];

const app = (path = '') => `${server.url}/crudboard/dataSource/primary/${path}`;

/** Physical tables no metadata describes yet: a writer and the books that reference them. */
const PHYSICAL = [
  'CREATE TABLE writer (writerId INTEGER PRIMARY KEY, writerName VARCHAR(80) NOT NULL)',
  'CREATE TABLE book (bookId INTEGER PRIMARY KEY, title VARCHAR(120) NOT NULL, writerId INTEGER REFERENCES writer (writerId))',
  "INSERT INTO writer (writerId, writerName) VALUES (1, '鲁迅'), (2, '老舍')",
  "INSERT INTO book (bookId, title, writerId) VALUES (1, '呐喊', 1), (2, '彷徨', 1), (3, '骆驼祥子', 2)",
];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  for (const sql of PHYSICAL) await api.call('POST', '/metadata/sqls/execute', { sql, readOnly: false });
  ({ page, errors } = await signedInPage(browser, server.url, server.adminPassword));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('metadata tools in a real browser', () => {
  it('reverses physical tables in a batch; their foreign key becomes a relation and the data is browsable', async () => {
    await page.goto(app('metadata/tables/reverse'));
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.filter({ hasText: 'writer' }).waitFor();
    await screenshot(page, 'reverse-list');
    for (const name of ['writer', 'book']) {
      await rows
        .filter({ hasText: new RegExp(`^\\s*${name}\\b`) })
        .getByRole('checkbox')
        .check();
    }
    await page.getByRole('button', { name: '批量逆向' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '确认逆向吗？' });
    await dialog.waitFor();
    await clickWhenStill(dialog.getByRole('button', { name: /逆\s*向/ }));
    // A schema change too (the schema lock): slow on a loaded machine, as the import below.
    await page.getByText('逆向成功').first().waitFor({ timeout: 60_000 });

    const relations = await api.call<{ relationType: string; fromTable: { name: string } }[]>(
      'GET',
      '/metadata/tablerelations',
    );
    expect(
      relations
        .filter((r) => ['book', 'writer'].includes(r.fromTable.name))
        .map((r) => `${r.fromTable.name}:${r.relationType}`)
        .sort(),
    ).toEqual(['book:ManyToOne', 'writer:OneToMany']);

    await page.goto(app('business/book'));
    await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '骆驼祥子' }).waitFor();
    expect(
      await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '骆驼祥子' }).innerText(),
    ).toContain('老舍');
    await screenshot(page, 'reverse-browse');
    expect(errors).toEqual([]);
  }, 120_000);

  it('imports metadata exported from reversed tables into new tables when asked to create them', async () => {
    const tables = await api.call<{ id: number; name: string }[]>('GET', '/metadata/tables?limit=100');
    const writer = tables.find((table) => table.name === 'writer');
    expect(writer).toBeDefined();
    // The export of a reversed table, as another data source would give it, under a new name.
    const exported = await page.request.post(`${server.url}/api/metadata/tables/export`, {
      data: [writer?.id],
      headers: { origin: server.url },
    });
    expect(exported.status()).toBe(201);
    const file = (await (await page.request.get(`${server.url}${await exported.text()}`)).json()) as {
      tables: Record<string, unknown>[];
    };
    expect(file.tables[0]?.reverse).toBe(true);
    const bundle = {
      tables: file.tables.map((table) => ({
        ...table,
        name: 'author',
        pluralName: 'authors',
        tableName: 'author',
      })),
    };

    await page.goto(app('metadata/tables/import'));
    // a link without a data source is taken to primary's page first, which then loads what it
    // needs (its tables, the user's rights): choose the file once the page has settled
    await page.waitForURL(/\/dataSource\/primary\/metadata\/tables\/import$/);
    await page.waitForLoadState('networkidle');
    await page.locator('input[type=file]').setInputFiles({
      name: 'authors.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(bundle)),
    });
    await page.getByRole('radio', { name: '全部新建' }).check();
    await screenshot(page, 'metadata-import-create');
    await page
      .getByRole('button', { name: /导\s*入/ })
      .first()
      .click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '确认提交吗？' });
    await clickWhenStill(dialog.getByRole('button', { name: /导\s*入/ }));
    // Creating tables is a schema change: it waits for the database's schema lock, which can take
    // a while on a loaded machine (the server suite runs beside these tests).
    await page.getByText('导入成功').first().waitFor({ timeout: 60_000 });
    const author = await api.call<{ reverse: boolean }>('GET', '/metadata/tables/name/author');
    expect(author.reverse).toBe(false);
    await api.call('POST', '/business/author', { writerId: 7, writerName: '巴金' });
    await page.goto(app('business/author'));
    await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '巴金' }).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('runs SQL with Ctrl+Enter, refuses a write in read-only mode and changes nothing', async () => {
    await page.goto(app('metadata/sqls/new'));
    const editor = page.locator('.cm-content');
    await editor.click();
    await page.keyboard.type('select bookId, title from book order by bookId');
    await page.keyboard.press('Control+Enter');
    await page.getByText('共 3 行').waitFor();
    await page.getByText('骆驼祥子').first().waitFor();
    await screenshot(page, 'sql-console');

    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type("delete from book where title = '呐喊'");
    await page.keyboard.press('Control+Enter');
    await page.getByText(/只读/).first().waitFor();
    const count = await api.call<{ rows: unknown[][] }>('POST', '/metadata/sqls/execute', {
      sql: 'select count(*) from book',
      readOnly: true,
    });
    expect(Number(count.rows[0]?.[0])).toBe(3);
    expect(errors).toEqual([]);
  });
});
