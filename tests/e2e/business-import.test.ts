import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi, type ApiSession } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPage } from './helpers/browser';
import { createShop } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';

let server: RunningServer;
let browser: Browser;
let api: ApiSession;
let page: Page;
let errors: string[];
const workDir = mkdtempSync(join(tmpdir(), 'crudboard-e2e-import-'));

const app = (path = '') => `${server.url}/crudboard/${path}`;
const customers = async () => api.call<number>('GET', '/business/customer/count');

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  await createShop(api);
  ({ page, errors } = await signedInPage(browser, server.url, server.adminPassword, {
    width: 1366,
    height: 900,
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

/** The template with `rows` written under its header (values by header text). */
const fillTemplate = async (template: string, rows: Record<string, unknown>[], name: string) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  for (const row of rows) sheet.addRow(headers.map((header) => row[header] ?? null));
  const path = join(workDir, name);
  await workbook.xlsx.writeFile(path);
  return path;
};

const choose = (path: string) => page.locator('input[type=file]').setInputFiles(path);

describe('importing records from a workbook in a real browser', () => {
  let template = '';

  it('shows the tables on the home page with their record counts', async () => {
    await page.goto(app());
    const card = page.locator('.ant-card').filter({ has: page.getByText('customer', { exact: true }) });
    await card.getByText('25 条记录').waitFor();
    await page
      .locator('.ant-card')
      .filter({ has: page.getByText('orderLine', { exact: true }) })
      .getByText(/^\d+ 条记录$/)
      .waitFor();
    await screenshot(page, 'home-record-counts');
  });

  it('downloads the template of the importable columns from the list', async () => {
    await page.goto(app('dataSource/primary/business/customer'));
    await page.getByText('共 25 条记录').waitFor();
    await page.getByRole('button', { name: '批量导入' }).click();
    await page.waitForURL(/\/business\/customer\/import$/);
    await page.getByText('批量导入客户').first().waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载模板' }).click();
    template = join(workDir, 'template.xlsx');
    await (await download).saveAs(template);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(template);
    const headers = (workbook.worksheets[0]?.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(expect.arrayContaining(['名称', '城市', '贵宾']));
    expect(headers).not.toContain('全文索引');
  });

  it('previews the rows, imports them all, and they are in the list', async () => {
    const good = await fillTemplate(
      template,
      [
        { 名称: '导入客户甲', 城市: '成都', 贵宾: true },
        { 名称: '导入客户乙', 城市: '重庆', 贵宾: false },
        { 名称: '导入客户丙', 城市: '西安' },
      ],
      'good.xlsx',
    );
    await choose(good);
    await page.getByText('共 3 行数据，预览前 3 行').waitFor();
    await page.getByRole('cell', { name: '导入客户乙' }).waitFor();
    await screenshot(page, 'record-import-preview');
    await page
      .getByRole('button', { name: /导\s*入/ })
      .last()
      .click();
    await page.getByText('导入完成').first().waitFor();
    await page.getByText('新增 3 条，更新 0 条，失败 0 行').waitFor();
    expect(await customers()).toBe(28);

    await page.getByRole('button', { name: '返回列表' }).click();
    await page.getByText('共 28 条记录').waitFor();
    await page.getByRole('cell', { name: '导入客户丙' }).waitFor();
  });

  it('imports nothing when a row is bad, lists every bad row, and imports the good ones when partial', async () => {
    await page.goto(app('dataSource/primary/business/customer/import'));
    const bad = await fillTemplate(
      template,
      [
        { 名称: '好客户一', 城市: '南京' },
        { 名称: null, 城市: '没有名称' },
        { 名称: '好客户二', 城市: '苏州' },
        { 名称: '坏贵宾', 贵宾: '也许' },
      ],
      'bad.xlsx',
    );
    await choose(bad);
    await page.getByText('共 4 行数据，预览前 4 行').waitFor();
    await page
      .getByRole('button', { name: /导\s*入/ })
      .last()
      .click();
    await page.getByText('2 行数据有错误，没有导入任何数据').waitFor();
    const report = page.locator('.ant-alert .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => report.count()).toBe(2);
    expect(await report.first().innerText()).toMatch(/^3\b/);
    expect(await report.last().innerText()).toMatch(/^5\b/);
    await screenshot(page, 'record-import-report');
    expect(await customers()).toBe(28);

    await page.getByText('部分导入：跳过有错误的行，只导入正确的行').click();
    await page
      .getByRole('button', { name: /导\s*入/ })
      .last()
      .click();
    await page.getByText('部分导入完成，以下行未导入').waitFor();
    await page.getByText('新增 2 条，更新 0 条，失败 2 行').waitFor();
    expect(await customers()).toBe(30);
    expect(errors).toEqual([]);
  });

  it('exports whole tables to one JSON file and imports several tables from one', async () => {
    await page.goto(app());
    await page.getByText('数据导入导出').click();
    await page.waitForURL(/\/business\/import$/);
    await page.getByText('导出多张表', { exact: true }).waitFor();
    // Every lookup of the page answered: nothing re-renders the list under the click.
    await page.waitForLoadState('networkidle');
    await page.getByRole('checkbox', { name: '客户（customer）' }).check();
    await page.getByRole('button', { name: /^\S* ?导\s*出$/ }).click();
    const link = page.getByRole('link', { name: /立即下载/ });
    await link.waitFor();
    const href = await link.getAttribute('href');
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const exported = (await (
      await fetch(new URL(href ?? '', server.url), { headers: { cookie } })
    ).json()) as {
      customer: { name: string }[];
    };
    expect(exported.customer).toHaveLength(30);
    expect(exported.customer.map((row) => row.name)).toContain('导入客户甲');
    await page
      .getByRole('button', { name: '关 闭' })
      .or(page.getByRole('button', { name: '关闭' }))
      .click();

    const file = join(workDir, 'tables.json');
    await writeFile(
      file,
      JSON.stringify({ customer: [{ name: '多表客户一', city: '天津' }, { name: '多表客户二' }] }),
    );
    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByRole('cell', { name: '客户', exact: true }).waitFor();
    await screenshot(page, 'tables-transfer');
    await page
      .getByRole('button', { name: /导\s*入/ })
      .last()
      .click();
    await page.getByText('新增 2 条，更新 0 条，失败 0 行').waitFor();
    expect(await customers()).toBe(32);

    const bad = join(workDir, 'bad-tables.json');
    await writeFile(bad, JSON.stringify({ customer: [{ name: '不会导入' }], ghost: [{ name: 'x' }] }));
    await page.locator('input[type=file]').setInputFiles(bad);
    await page.getByText('以下表不存在或无权导入，导入会被拒绝：ghost').waitFor();
    await page
      .getByRole('button', { name: /导\s*入/ })
      .last()
      .click();
    await page.locator('.ant-alert-error').filter({ hasText: '导入失败' }).waitFor();
    expect(await customers()).toBe(32);
    expect(errors).toEqual([]);
  });
});
