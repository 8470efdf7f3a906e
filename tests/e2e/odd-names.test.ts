import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi, type ApiSession } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPage } from './helpers/browser';
import { saveDesign } from './helpers/designer';
import { startServer, type RunningServer } from './helpers/start-server';
import { clickWhenStill } from './helpers/click-when-still';

let server: RunningServer;
let browser: Browser;
let api: ApiSession;
let page: Page;
let errors: string[];

const app = (path = '') => `${server.url}/crudboard/dataSource/primary/${path}`;

/** An existing database's tables, named as people name them: Chinese, spaces, hyphens. */
const PHYSICAL = [
  'CREATE TABLE "产品" ("编号" INTEGER PRIMARY KEY, "名称" VARCHAR(50) NOT NULL, "first name" VARCHAR(20), "sales-region" VARCHAR(20))',
  'CREATE TABLE "Order Details" ("OrderID" INTEGER PRIMARY KEY, "产品编号" INTEGER REFERENCES "产品" ("编号"), "Quantity" INTEGER)',
  `INSERT INTO "产品" ("编号", "名称", "first name", "sales-region") VALUES (1, '苹果', 'Ann', '华东'), (2, '香蕉', 'Bob', '华南'), (3, '苹果干', 'Cai', '华东')`,
  'INSERT INTO "Order Details" ("OrderID", "产品编号", "Quantity") VALUES (10, 1, 5), (11, 3, 2)',
];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  ({ page, errors } = await signedInPage(browser, server.url, server.adminPassword));
}, 120_000);

/** The tables as the database has them, not reversed yet (a retry starts from there too). */
const freshTables = async () => {
  const managed = await api.call<{ id: number; name: string }[]>('GET', '/metadata/tables?limit=100');
  const ours = managed.filter((table) => ['chanpin', 'orderDetails'].includes(table.name));
  if (ours.length > 0)
    await api.call(
      'DELETE',
      '/metadata/tables?isDropPhysicalTable=false',
      ours.map((table) => table.id),
    );
  for (const sql of ['DROP TABLE IF EXISTS "Order Details"', 'DROP TABLE IF EXISTS "产品"', ...PHYSICAL])
    await api.call('POST', '/metadata/sqls/execute', { sql, readOnly: false });
};

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');

describe('an existing database with Chinese, spaced and hyphenated names, in a real browser', () => {
  it('reverses its tables, then lists, searches, creates, edits and designs them', async () => {
    await freshTables();
    await page.goto(app('metadata/tables/reverse'));
    for (const name of ['产品', 'Order Details']) {
      const row = rows().filter({ hasText: name }).first();
      await row.waitFor();
      await row.getByRole('checkbox').check();
    }
    await page.getByRole('button', { name: '批量逆向' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '确认逆向吗？' });
    await dialog.waitFor();
    await clickWhenStill(dialog.getByRole('button', { name: /逆\s*向/ }));
    await page.getByText('逆向成功').first().waitFor();

    // The list names the columns as the database does; a keyword finds Chinese text.
    await page.goto(app('business/chanpin'));
    await rows().filter({ hasText: '苹果干' }).waitFor();
    const headers = await page.locator('.ant-table-thead th').allInnerTexts();
    expect(headers.join('|')).toContain('名称');
    expect(headers.join('|')).toContain('first name');
    await page.getByPlaceholder('请输入关键字').fill('苹果');
    await page.getByPlaceholder('请输入关键字').press('Enter');
    await page.getByText('共 2 条记录').waitFor();
    await screenshot(page, 'odd-names-list');
    // A link sorting by a spaced column name: the last first name first.
    await page.goto(app(`business/chanpin?sort=${encodeURIComponent('-first name')}`));
    await rows().first().filter({ hasText: 'Cai' }).waitFor();
    expect(await rows().last().innerText()).toContain('Ann');

    // The order lines show the product by its title column, through the reversed foreign key.
    await page.goto(app('business/orderDetails'));
    await rows().filter({ hasText: '苹果干' }).waitFor();

    // A record made through the generated form.
    await page.goto(app('business/chanpin/new'));
    await page.getByLabel('名称').first().fill('橙子');
    await page.getByLabel('first name').first().fill('Dan');
    await page.getByLabel('sales-region').first().fill('西南');
    await screenshot(page, 'odd-names-create');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('添加成功').first().waitFor();
    // The key is the table's own row number (INTEGER PRIMARY KEY): the form leaves it to the database.
    const created = await api.call<Record<string, unknown>>('GET', `/business/chanpin/4`);
    expect(created).toMatchObject({ 名称: '橙子', 'first name': 'Dan', 'sales-region': '西南' });

    await page.goto(app('business/chanpin/4'));
    const region = page.getByLabel('sales-region').first();
    await expect.poll(() => region.inputValue()).toBe('西南');
    await region.fill('华北');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('修改成功').first().waitFor();
    expect((await api.call<Record<string, unknown>>('GET', '/business/chanpin/4'))['sales-region']).toBe(
      '华北',
    );

    // The designer takes the stored names as they are and adds a column beside them.
    const { id } = await api.call<{ id: number }>('GET', '/metadata/tables/name/chanpin');
    await page.goto(app(`metadata/tables/${id}`));
    await page.locator('input[value="first name"]').first().waitFor();
    expect(await page.locator('.ant-form-item-explain-error').count()).toBe(0);
    await page.getByRole('button', { name: /(^|\s)添加字段$/ }).click();
    await page
      .getByLabel(/^英文字段 \d+$/)
      .last()
      .fill('memo');
    await screenshot(page, 'odd-names-designer');
    await saveDesign(page, '修改成功');
    const table = await api.call<{ columns: { name: string }[] }>('GET', `/metadata/tables/${id}`);
    expect(table.columns.map((column) => column.name)).toEqual([
      '编号',
      '名称',
      'first name',
      'sales-region',
      'memo',
    ]);
    expect(errors).toEqual([]);
  }, 120_000);
});
