import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserWithRole, type ApiSession, signInApi } from './helpers/api-session';
import { launchBrowser, screenshotDir, signedInPageAs } from './helpers/browser';
import { SYSTEM_COLUMNS } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';

let server: RunningServer;
let browser: Browser;
let api: ApiSession;

const PASSWORD = 'Clerk-pass-1';
const app = (path = '') => `${server.url}/crudboard/${path}`;
const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: resolve(screenshotDir, `${name}.png`) });

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  await api.call('POST', '/metadata/tables', {
    name: 'widget',
    pluralName: 'widgets',
    tableName: 'widget',
    caption: '部件',
    columns: [
      ...SYSTEM_COLUMNS,
      { name: 'color', caption: '颜色', dataType: 'VARCHAR', length: 50, queryable: true, displayable: true },
    ].map((column, i) => ({ displayOrder: i, ...column })),
  });
  await api.call('POST', '/business/widget', { name: '齿轮', color: '银色' });
  // A role holding only the trailing wildcard: every action on every business table.
  const roleId = await api.call<number>('POST', '/business/role', {
    name: '业务全权',
    code: 'ROLE_BUSINESS_ALL',
    permissions: 'business:*',
  });
  await addUserWithRole(api, { username: 'clerk', realname: '全权员', password: PASSWORD }, roleId);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a role holding business:*', () => {
  it('is offered add, edit and delete on a business list and can create a record', async () => {
    const { page, errors } = await signedInPageAs(browser, server.url, 'clerk', PASSWORD, {
      width: 1366,
      height: 860,
    });

    await page.goto(app('dataSource/primary/business/widget'));
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '齿轮' });
    await row.waitFor();
    await row.getByText('编辑', { exact: true }).waitFor();
    // deleting for good is behind ⋯
    await row.getByRole('button', { name: '更多操作' }).click();
    await page.getByRole('menuitem', { name: '删除', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await screenshot(page, 'wildcard-role-list');

    await page.getByRole('button', { name: /添\s*加/ }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/business/widget/new'));
    // The list (whose filters have the same labels) stays on screen until the form's code is loaded.
    await page.getByText('添加部件', { exact: true }).first().waitFor();
    await page.locator('form, .ant-collapse').getByLabel('名称').waitFor();
    await page.getByLabel('名称').fill('螺母');
    await page.getByLabel('颜色').fill('金色');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/new'));

    const records = await api.call<{ name: string; color: string }[]>('GET', '/business/widget');
    expect(records.filter((record) => record.name === '螺母')).toEqual([
      expect.objectContaining({ name: '螺母', color: '金色' }),
    ]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
