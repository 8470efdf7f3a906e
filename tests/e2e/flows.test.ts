import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserWithRole, signInApi, type ApiSession } from './helpers/api-session';
import { describeScreen, launchBrowser, screenshot, signedInPageIn } from './helpers/browser';
import { SYSTEM_COLUMNS } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';
import { clickWhenStill } from './helpers/click-when-still';

/**
 * Button flows in the browser: the super admin makes a flow in the generic form (系统 → 流程) that
 * sets a shipment's 状态 to 待发货, runs it from a record's actions and finds the run under
 * 流程执行; a clerk who may only read and update shipments runs it on the selected records, and
 * from a record's card on a phone.
 */
let server: RunningServer;
let browser: Browser;
let api: ApiSession;
const CLERK = { username: 'shipper', password: 'Shipper-Pass-2024', realname: '发货员' };
const ORDERS = ['一号订单', '二号订单', '三号订单'];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  await api.call('POST', '/metadata/tables', {
    name: 'shipment',
    caption: '发货单',
    columns: [
      ...SYSTEM_COLUMNS,
      {
        name: 'status',
        caption: '状态',
        dataType: 'VARCHAR',
        length: 20,
        queryable: true,
        displayable: true,
      },
    ].map((column, i) => ({ displayOrder: i, ...column })),
  });
  for (const name of ORDERS) await api.call('POST', '/business/shipment', { name, status: '待付款' });
  const role = await api.call<number>('POST', '/business/role', {
    name: '发货',
    code: 'ROLE_SHIPPING',
    permissions: 'business:shipment:read,business:shipment:update',
  });
  await addUserWithRole(api, CLERK, role);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const statusOf = async (name: string): Promise<string | undefined> => {
  const rows = await api.call<{ name: string; status: string }[]>('GET', '/business/shipment');
  return rows.find((row) => row.name === name)?.status;
};

/** The table row of one shipment. */
const rowOf = (page: Page, name: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });

/** Chooses a flow in the open 运行流程 / Run flow menu. */
const chooseFlow = async (page: Page, name: string) => {
  const item = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name });
  await item.waitFor({ timeout: 10_000 }).catch(async (error: unknown) => {
    throw new Error(`${String(error)}\n${await describeScreen(page)}`);
  });
  await item.click();
};

describe('flows', () => {
  it('the super admin makes a button flow, runs it from a row and sees its run (zh-CN, 1440 × 900)', async () => {
    const { page, errors } = await signedInPageIn(browser, server.url, {
      locale: 'zh-CN',
      viewport: { width: 1440, height: 900 },
      user: { username: 'superadmin', password: server.adminPassword },
    });
    await page.goto(`${server.url}/crudboard/`);
    // under 系统 (the table is also listed under 内置数据)
    const system = page
      .locator('li.ant-menu-submenu')
      .filter({ has: page.locator('.ant-menu-submenu-title', { hasText: /^系统$/ }) });
    const title = system.locator('.ant-menu-submenu-title');
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
    await system.getByRole('link', { name: '流程', exact: true }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/business/flow'));
    await page
      .getByRole('button', { name: /新\s*建|新增|添\s*加/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname.endsWith('/business/flow/new'));
    const form = page.locator('.ant-collapse');
    await form.getByLabel('名称', { exact: true }).fill('发货');
    await form.getByLabel('表', { exact: true }).fill('shipment');
    await form.getByLabel('触发方式', { exact: true }).fill('button');
    await form.getByLabel('步骤', { exact: true }).fill('[{"kind":"update","values":{"status":"待发货"}}]');
    await page
      .getByRole('toolbar')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await page.waitForURL((url) => url.pathname.endsWith('/business/flow'));
    await expect.poll(() => rowOf(page, '发货').count()).toBe(1);

    await page.goto(`${server.url}/crudboard/dataSource/primary/business/shipment`);
    const first = rowOf(page, ORDERS[0] ?? '');
    await first.getByRole('button', { name: '运行流程' }).click();
    await chooseFlow(page, '发货');
    const dialog = page.getByRole('dialog').filter({ hasText: '运行流程「发货」？' });
    await expect.poll(() => dialog.innerText()).toContain('将对 1 条记录运行');
    await screenshot(page, 'flows-1-confirm-zh');
    await clickWhenStill(dialog.getByRole('button', { name: /运\s*行/ }));
    await expect.poll(() => page.getByText('流程「发货」已运行：1 条记录成功').count()).toBeGreaterThan(0);
    // the list is read again: the record's 状态 as the flow set it
    await expect.poll(() => first.innerText()).toContain('待发货');
    expect(await rowOf(page, ORDERS[1] ?? '').innerText()).toContain('待付款');
    expect(await statusOf(ORDERS[0] ?? '')).toBe('待发货');
    await dialog.waitFor({ state: 'hidden' });
    await page.mouse.move(0, 0);
    await screenshot(page, 'flows-2-ran-zh');

    // the run, under 流程执行
    await page.goto(`${server.url}/crudboard/dataSource/primary/business/flowRun`);
    const run = page.locator('.ant-table-tbody tr.ant-table-row').first();
    // the status is a tag with its caption
    await expect.poll(() => run.locator('.ant-tag').first().innerText()).toBe('成功');
    expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    expect(await run.innerText()).toContain('shipment');
    await screenshot(page, 'flows-3-runs-zh');
    expect(errors).toEqual([]);
  });

  it('a clerk who may read and update the table runs it on the selected records (zh-CN, 1440 × 900)', async () => {
    const { page, errors } = await signedInPageIn(browser, server.url, {
      locale: 'zh-CN',
      viewport: { width: 1440, height: 900 },
      user: CLERK,
    });
    await page.goto(`${server.url}/crudboard/dataSource/primary/business/shipment`);
    const [first, second] = [rowOf(page, ORDERS[0] ?? ''), rowOf(page, ORDERS[1] ?? '')];
    // the clerk sees the flow in each row, and no 系统 menu (managing flows is not theirs)
    await first.getByRole('button', { name: '运行流程' }).waitFor();
    expect(await page.locator('.ant-menu-submenu-title', { hasText: /^系统$/ }).count()).toBe(0);
    await first.locator('input[type="checkbox"]').check();
    await second.locator('input[type="checkbox"]').check();
    const bulk = page.getByRole('button', { name: /运行流程/ }).filter({ hasText: '运行流程' });
    await bulk.click();
    await chooseFlow(page, '发货');
    await screenshot(page, 'flows-4-clerk-bulk-zh');
    const dialog = page.getByRole('dialog').filter({ hasText: '运行流程「发货」？' });
    await expect.poll(() => dialog.innerText()).toContain('将对 2 条记录运行');
    await clickWhenStill(dialog.getByRole('button', { name: /运\s*行/ }));
    await expect.poll(() => page.getByText('流程「发货」已运行：2 条记录成功').count()).toBeGreaterThan(0);
    await expect.poll(() => second.innerText()).toContain('待发货');
    expect(await statusOf(ORDERS[1] ?? '')).toBe('待发货');
    expect(await statusOf(ORDERS[2] ?? '')).toBe('待付款');
    expect(errors).toEqual([]);
  });

  it("the clerk reaches a record's flow on a phone, by keyboard too (en-US, 390 × 844)", async () => {
    const { page, errors } = await signedInPageIn(browser, server.url, {
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      user: CLERK,
    });
    await page.goto(`${server.url}/crudboard/dataSource/primary/business/shipment`);
    const card = page.locator('[data-record-card]').filter({ hasText: ORDERS[2] ?? '' });
    const run = card.getByRole('button', { name: 'Run flow' });
    await run.waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await run.isVisible()).toBe(true);
    // by keyboard: the button takes the focus, Enter opens the menu, Enter on the flow asks
    await run.focus();
    await page.keyboard.press('Enter');
    const item = page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
      .getByRole('menuitem', { name: '发货' });
    await item.waitFor();
    await screenshot(page, 'flows-5-phone-en');
    await item.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog').filter({ hasText: 'Run flow “发货”?' });
    await expect.poll(() => dialog.innerText()).toContain('It runs on 1 record, and may change it.');
    // the press that chose the flow has not also answered the question
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);
    expect(await statusOf(ORDERS[2] ?? '')).toBe('待付款');
    // Enter on its focused Run answers it
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Flow “发货” ran: 1 record succeeded').count()).toBeGreaterThan(0);
    await expect.poll(() => card.innerText()).toContain('待发货');
    await dialog.waitFor({ state: 'hidden' });
    await screenshot(page, 'flows-6-phone-ran-en');
    expect(errors).toEqual([]);
  });
});
