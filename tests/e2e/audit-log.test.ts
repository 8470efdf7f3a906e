import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserWithRole, signInApi, type ApiSession } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPageIn } from './helpers/browser';
import { SYSTEM_COLUMNS } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';

/**
 * The audit log in the browser, as an auditor whose only right is `audit:read`: the menu leads to
 * it, a failed sign-in and a refused look at the users table are there with who and why, a filter
 * by action narrows the list, the filtered log downloads as Excel; the same on a phone in English.
 */
let server: RunningServer;
let browser: Browser;
let api: ApiSession;
const AUDITOR = { username: 'auditor', password: 'Auditor-Pass-2024', realname: '审计员' };
const CLERK = { username: 'curious', password: 'Curious-Pass-2024', realname: '好奇的店员' };
/** An auditor whose role may read payroll but not its `salary` column. */
const HR_AUDITOR = { username: 'hraudit', password: 'Hr-Audit-Pass-2024', realname: '人事审计' };
/** The value only payroll.salary holds, searched for by the administrator. */
const SALARY = 424242;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  const auditor = await api.call<number>('POST', '/business/role', {
    name: '审计员',
    code: 'ROLE_AUDITOR',
    permissions: 'audit:read',
  });
  await addUserWithRole(api, AUDITOR, auditor);
  const clerk = await api.call<number>('POST', '/business/role', {
    name: '店员',
    code: 'ROLE_CURIOUS_CLERK',
    permissions: '',
  });
  await addUserWithRole(api, CLERK, clerk);
  // payroll, an auditor who may not read its salary, and the administrator searching by salary
  const tableId = await api.call<number>('POST', '/metadata/tables', {
    name: 'payroll',
    caption: '工资',
    columns: [...SYSTEM_COLUMNS, { name: 'salary', caption: '工资额', dataType: 'INT', queryable: true }],
  });
  const table = await api.call<{ columns: { id: number; name: string }[] }>(
    'GET',
    `/metadata/tables/${String(tableId)}`,
  );
  const salary = table.columns.find((column) => column.name === 'salary')?.id;
  const hrRole = await api.call<number>('POST', '/business/role', {
    name: '人事审计',
    code: 'ROLE_HR_AUDITOR',
    permissions: 'audit:read,business:payroll:read',
  });
  await api.call('POST', '/business/tablePermission', {
    tableId,
    roleId: hrRole,
    permissions: '',
    columns: JSON.stringify([{ columnId: salary, read: false, update: false }]),
  });
  await addUserWithRole(api, HR_AUDITOR, hrRole);
  await api.call('POST', '/business/payroll', { name: '张三', salary: SALARY });
  await api.call('POST', '/metadata/sqls/execute', {
    sql: `select name from payroll where salary = ${String(SALARY)}`,
    readOnly: true,
  });
  const filter = JSON.stringify({ columnName: 'salary', operatorType: 'EQ', values: [SALARY] });
  await api.call('POST', `/business/payroll/export?filter=${encodeURIComponent(filter)}`, {});
  // Last, so that they lead the first page: a wrong password, then a clerk looking where it may not.
  const failed = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'mallory', password: 'guess-1234' }).toString(),
  });
  expect(failed.status).toBe(401);
  const curious = await signInApi(server.url, CLERK.password, CLERK.username);
  await expect(curious.call('GET', '/business/user')).rejects.toThrow(/403/);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

describe('the audit log', () => {
  it('shows an auditor who did what, filters by action and exports (zh-CN, 1440 × 900)', async () => {
    const { page, errors } = await signedInPageIn(browser, server.url, {
      locale: 'zh-CN',
      viewport: { width: 1440, height: 900 },
      user: AUDITOR,
    });
    await page.getByRole('menuitem', { name: '审计日志' }).click();
    await page.waitForURL(/\/audit$/);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(3);
    const all = (await rows(page).allInnerTexts()).join('\n');
    expect(all).toMatch(/登录失败[\s\S]*mallory：用户名或密码错误/);
    expect(all).toMatch(/curious[\s\S]*拒绝访问/);
    expect(all).toMatch(/auditor\s*登录/);
    await screenshot(page, 'audit-log-1440-zh');

    await page.getByRole('combobox', { name: '操作' }).click();
    await page.locator('.ant-select-dropdown').getByTitle('登录失败').click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().innerText()).toContain('mallory');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导出 Excel/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('reads as cards on a phone, in English', async () => {
    const { page, errors } = await signedInPageIn(browser, server.url, {
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      user: AUDITOR,
    });
    await page.goto(`${server.url}/crudboard/audit`);
    const cards = page.getByTestId('audit-card');
    await expect.poll(() => cards.count()).toBeGreaterThan(3);
    expect((await cards.allInnerTexts()).join('\n')).toContain('Failed sign-in');
    // nothing wider than the screen
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, 'audit-log-390-en');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('never shows an auditor a statement or a filter that may name a column hidden from them (zh-CN 1440, en-US 390)', async () => {
    const desk = await signedInPageIn(browser, server.url, {
      locale: 'zh-CN',
      viewport: { width: 1440, height: 900 },
      user: HR_AUDITOR,
    });
    await desk.page.goto(`${server.url}/crudboard/audit`);
    await expect.poll(() => rows(desk.page).count()).toBeGreaterThan(3);
    const seen = (await rows(desk.page).allInnerTexts()).join('\n');
    expect(seen).toContain('［列权限已隐藏］');
    expect(seen).not.toContain(String(SALARY));
    await screenshot(desk.page, 'audit-log-column-rules-1440-zh');
    expect(desk.errors).toEqual([]);
    await desk.page.context().close();

    const phone = await signedInPageIn(browser, server.url, {
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      user: HR_AUDITOR,
    });
    await phone.page.goto(`${server.url}/crudboard/audit`);
    const cards = phone.page.getByTestId('audit-card');
    await expect.poll(() => cards.count()).toBeGreaterThan(3);
    const texts = (await cards.allInnerTexts()).join('\n');
    expect(texts).toContain('[hidden by column rules]');
    expect(texts).not.toContain(String(SALARY));
    expect(await phone.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      390,
    );
    await screenshot(phone.page, 'audit-log-column-rules-390-en');
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();

    // The auditor without column rules reads the statement whole.
    const whole = await signedInPageIn(browser, server.url, {
      locale: 'zh-CN',
      viewport: { width: 1440, height: 900 },
      user: AUDITOR,
    });
    await whole.page.goto(`${server.url}/crudboard/audit`);
    await expect
      .poll(async () => (await rows(whole.page).allInnerTexts()).join('\n'))
      .toContain(String(SALARY));
    await whole.page.context().close();
  }, 120_000);

  it('is not offered to a user without audit:read, and its address refuses them', async () => {
    const { page, errors } = await signedInPageIn(browser, server.url, {
      locale: 'zh-CN',
      viewport: { width: 1440, height: 900 },
      user: CLERK,
    });
    expect(await page.getByRole('menuitem', { name: '审计日志' }).count()).toBe(0);
    await page.goto(`${server.url}/crudboard/audit`);
    await page.getByText('抱歉，您无权访问此页面。').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
