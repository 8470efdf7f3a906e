import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi, type ApiSession } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPage } from './helpers/browser';
import { closeColumnMore, openColumnMore } from './helpers/designer';
import { SYSTEM_COLUMNS } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';

let server: RunningServer;
let browser: Browser;
let api: ApiSession;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  await api.call('POST', '/metadata/tables', {
    name: 'task',
    pluralName: 'tasks',
    tableName: 'task',
    caption: '任务',
    columns: [
      ...SYSTEM_COLUMNS,
      { name: 'status', caption: '状态', dataType: 'VARCHAR', length: 20, displayable: true },
    ].map((column, i) => ({ displayOrder: i, ...column })),
  });
  for (const [name, status] of [
    ['写文档', 'open'],
    ['修缺陷', 'done'],
    ['评审', 'open'],
  ]) {
    await api.call('POST', '/business/task', { name, status });
  }
  const id = await api.call<number>('POST', '/business/task', { name: '临时', status: 'open' });
  await api.call('PATCH', `/business/task/${id}`, { status: 'done' });
  await api.call('DELETE', `/business/task/${id}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('shipped extensions in a real browser', () => {
  it('shows the record activity page from the menu, with the writes made through the API', async () => {
    const { page, errors } = await signedInPage(browser, server.url, server.adminPassword);
    await page.getByRole('menuitem', { name: '记录动态' }).click();
    await page.waitForURL(/\/ext\/activity$/);
    await page
      .getByRole('heading', { name: '记录动态' })
      .or(page.getByText('记录动态').nth(1))
      .first()
      .waitFor();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(6);
    await expect.poll(() => rows.first().innerText()).toMatch(/task[\s\S]*删除[\s\S]*超级管理员/);
    await screenshot(page, 'ext-activity');
    expect(errors).toEqual([]);
  });

  it('switches a table list to the board and shows its records in lanes by status', async () => {
    const { page, errors } = await signedInPage(browser, server.url, server.adminPassword);
    await page.goto(`${server.url}/crudboard/dataSource/primary/business/task`);
    await page.getByRole('button', { name: /看板视图/ }).click();
    await page.waitForURL(/\/ext\/kanban\/task$/);
    const open = page.getByRole('region', { name: 'open' });
    const done = page.getByRole('region', { name: 'done' });
    await open.getByText('写文档').waitFor();
    await expect.poll(() => open.getByRole('link').count()).toBe(2);
    await expect.poll(() => done.getByRole('link').allInnerTexts()).toEqual(['修缺陷']);
    await screenshot(page, 'ext-kanban');
    await done.getByRole('link', { name: '修缺陷' }).click();
    await page.waitForURL(/\/business\/task\/\d+$/);
    expect(errors).toEqual([]);
  });

  it('shows the lane tag and lane input chosen for a column in the table designer', async () => {
    const table = await api.call<{ id: number }>('GET', '/metadata/tables/name/task');
    const { page, errors } = await signedInPage(browser, server.url, server.adminPassword);
    await page.goto(`${server.url}/crudboard/dataSource/primary/metadata/tables/${table.id}`);
    const pick = async (label: string, option: string) => {
      const select = page.getByRole('combobox', { name: label, exact: true });
      await expect.poll(() => select.isEnabled()).toBe(true);
      await page.locator('.ant-select').filter({ has: select }).locator('.ant-select-selector').click();
      await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
      await page.getByText('字段控件已保存').waitFor();
    };
    await openColumnMore(page, '状态');
    await pick('显示方式 状态', '看板泳道标签');
    await pick('输入控件 状态', '看板泳道输入');
    await screenshot(page, 'ext-column-widgets-designer');
    await closeColumnMore(page);

    await page.goto(`${server.url}/crudboard/dataSource/primary/business/task`);
    const tags = page.locator('.ant-table-tbody .ant-tag');
    await expect.poll(() => tags.allInnerTexts()).toEqual(expect.arrayContaining(['open', 'done']));
    await screenshot(page, 'ext-column-widgets-list');

    await page.locator('.ant-table-tbody tr.ant-table-row').first().getByText('编辑').click();
    await page.waitForURL(/\/business\/task\/\d+$/);
    await page.getByTestId('lane-dot').waitFor();
    await screenshot(page, 'ext-column-widgets-form');
    expect(errors).toEqual([]);
  });
});
