import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi, type ApiSession } from './helpers/api-session';
import { describeScreen, launchBrowser, screenshot, signedInPage } from './helpers/browser';
import { createShop } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';
import { clickWhenStill } from './helpers/click-when-still';

let server: RunningServer;
let browser: Browser;
let api: ApiSession;
let page: Page;
let errors: string[];

const app = (path = '') => `${server.url}/crudboard/${path}`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  await createShop(api);
  ({ page, errors } = await signedInPage(browser, server.url, server.adminPassword));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const pageButton = (n: number) =>
  page.getByRole('navigation', { name: 'pagination' }).getByRole('button', { name: String(n), exact: true });
const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');
const rowOf = (text: string) => rows().filter({ hasText: text });
const confirm = async (question: string) => {
  const dialog = page
    .locator('.ant-modal-confirm, .ant-popconfirm, .ant-modal')
    .filter({ hasText: question })
    .last();
  await dialog.waitFor().catch(async (error: unknown) => {
    await screenshot(page, 'business-data-no-dialog');
    throw new Error(`no dialog asking ${question}; the screen: ${await describeScreen(page)}`, {
      cause: error,
    });
  });
  await clickWhenStill(dialog.getByRole('button', { name: /确\s*定|删\s*除|恢\s*复|OK/ }).last());
};

describe('business data in a real browser', () => {
  it('lists, searches with a Chinese keyword, filters and pages a table', async () => {
    await page.goto(app('dataSource/primary/business/customer'));
    await rowOf('上海客户25').waitFor();
    expect(await rows().count()).toBe(10);
    await page.getByText('共 25 条记录').waitFor();
    await screenshot(page, 'business-list');

    await page.getByPlaceholder('请输入关键字').fill('深圳客');
    await page.getByPlaceholder('请输入关键字').press('Enter');
    await page.getByText('共 5 条记录').waitFor();
    await expect
      .poll(async () => (await rows().allInnerTexts()).filter((t) => !t.includes('深圳客户')).length)
      .toBe(0);
    expect(await rows().count()).toBe(5);

    await page.getByRole('button', { name: /重\s*置/ }).click();
    await page.getByText('共 25 条记录').waitFor();
    expect(await page.getByPlaceholder('请输入关键字').inputValue()).toBe('');

    await page.getByRole('textbox', { name: '城市' }).fill('北京， 广州');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByText('共 10 条记录').waitFor();
    await page.getByText('是', { exact: true }).first().click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByText('共 5 条记录').waitFor();
    await screenshot(page, 'business-list-filtered');
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await page.getByText('共 25 条记录').waitFor();
    await pageButton(3).click();
    await rowOf('北京客户01').waitFor();
    expect(await rows().count()).toBe(5);
    expect(errors).toEqual([]);
  });

  it('exports the filtered list to EXCEL and XML: the shown columns, downloaded in one click', async () => {
    await page.goto(app('dataSource/primary/business/customer'));
    await page.getByRole('textbox', { name: '城市' }).fill('北京');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByText('共 5 条记录').waitFor();
    for (const [item, extension] of [
      [null, 'xlsx'],
      ['导出XML', 'xml'],
    ] as const) {
      const downloading = page.waitForEvent('download');
      if (item === null) await page.getByRole('button', { name: /导出EXCEL/ }).click();
      else {
        await page.getByRole('button', { name: '更多导出方式' }).click();
        await page.getByRole('menuitem', { name: item, exact: true }).click();
      }
      const download = await downloading;
      // the file is named after the table's caption and the day
      expect(download.suggestedFilename()).toMatch(new RegExp(`^客户-\\d{4}-\\d{2}-\\d{2}\\.${extension}$`));
      const path = await download.path();
      const body = await readFile(path);
      expect(body.byteLength).toBeGreaterThan(100);
      if (extension === 'xml') {
        const text = body.toString('utf8');
        // the shown columns, in the screen's order; not the bookkeeping ones
        expect(text.indexOf('城市')).toBeGreaterThan(text.indexOf('名称'));
        expect(text).not.toContain('创建时间');
        expect(text.match(/<row>/g)).toHaveLength(5);
      }
    }
    expect(await page.locator('.ant-modal').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('soft deletes rows selected across pages, restores them from the recycle bin, and hard deletes', async () => {
    // A retry starts from the 25 live customers again, whatever an earlier attempt left behind.
    const deleted = await api.call<{ id: number }[]>('GET', '/business/customer?isDeleted=true');
    if (deleted.length > 0)
      await api.call(
        'POST',
        '/business/customer/restore',
        deleted.map(({ id }) => String(id)),
      );
    const [found] = await api.call<unknown[]>(
      'GET',
      `/business/customer?name=${encodeURIComponent('上海客户25')}`,
    );
    if (!found)
      await api.call('POST', '/business/customer', { name: '上海客户25', city: '上海', vip: false });
    expect(await api.call<number>('GET', '/business/customer/count')).toBe(25);

    await page.goto(app('dataSource/primary/business/customer'));
    await rowOf('上海客户25').getByRole('checkbox').check();
    await pageButton(2).click();
    await rowOf('上海客户15').waitFor();
    await rowOf('上海客户15').getByRole('checkbox').check();
    await page.getByRole('button', { name: '批量软删除' }).click();
    await confirm('确认软删除吗？');
    await page.getByText('软删除成功').first().waitFor();
    await page.getByText('共 23 条记录').waitFor();

    await page.getByText('回收站', { exact: true }).click();
    await page.getByText('共 2 条记录').waitFor();
    await screenshot(page, 'business-recycle-bin');
    await rowOf('上海客户25').getByText('恢复').click();
    await confirm('确认恢复吗？');
    await page.getByText('恢复成功').first().waitFor();
    await page.getByText('共 1 条记录').waitFor();

    await page.getByText('数据', { exact: true }).click();
    await page.getByText('共 24 条记录').waitFor();
    // The record is really back: live, not only gone from the recycle bin.
    const [back] = await api.call<{ isDeleted: boolean }[]>(
      'GET',
      `/business/customer?name=${encodeURIComponent('上海客户25')}`,
    );
    expect(back?.isDeleted).toBe(false);
    await rowOf('上海客户25').getByRole('button', { name: '更多操作' }).click();
    await page.getByRole('menuitem', { name: '删除', exact: true }).click();
    await confirm('确认删除吗？');
    await page.getByText('删除成功').first().waitFor();
    await page.getByText('共 23 条记录').waitFor();
    expect(await api.call<number>('GET', '/business/customer/count')).toBe(24);
    expect(errors).toEqual([]);
  });

  it('creates an order with the relation picker and a sub-table row, then edits it', async () => {
    await page.goto(app('dataSource/primary/business/salesOrder/new'));
    await page.getByText('下单日期').first().waitFor();
    await page.getByLabel('名称').first().fill('首单');
    await page.getByLabel('金额').fill('1288.50');
    await page
      .getByRole('button', { name: /选\s*择/ })
      .first()
      .click();
    const picker = page.locator('.ant-modal').filter({ hasText: '北京客户16' });
    await picker.waitFor();
    // The keyword box has the focus once the picker has opened: typing searches at once.
    await picker.locator('input[aria-label="请输入关键字"]:focus').waitFor();
    await screenshot(page, 'business-relation-picker');
    await picker.locator('tr', { hasText: '北京客户16' }).getByRole('radio').check();
    await clickWhenStill(picker.getByRole('button', { name: /确\s*定/ }));
    await page.getByRole('button', { name: '添加行' }).click();
    await page.locator('.ant-table-tbody input').first().fill('第一行');
    await screenshot(page, 'business-create');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('添加成功').first().waitFor();

    const orders = await api.call<{ id: number; customer: { name: string }; lines: { name: string }[] }[]>(
      'GET',
      '/business/salesOrder',
    );
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    const stored = await api.call<{ customer: { name: string }; lines: { name: string }[]; amount: unknown }>(
      'GET',
      `/business/salesOrder/${order.id}`,
    );
    expect(stored.customer.name).toBe('北京客户16');
    expect(stored.lines.map((line) => line.name)).toEqual(['第一行']);
    expect(Number(stored.amount)).toBe(1288.5);

    await page.goto(app('dataSource/primary/business/salesOrder'));
    await rowOf('首单').waitFor();
    expect(await rowOf('首单').innerText()).toContain('北京客户16');
    await rowOf('首单').getByText('编辑').click();
    await page.getByLabel('名称').first().waitFor();
    await expect.poll(() => page.getByLabel('名称').first().inputValue()).toBe('首单');
    await page.getByLabel('名称').first().fill('首单（改）');
    await screenshot(page, 'business-edit');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('修改成功').first().waitFor();
    const edited = await api.call<{ name: string; lines: unknown[] }>(
      'GET',
      `/business/salesOrder/${order.id}`,
    );
    expect(edited.name).toBe('首单（改）');
    expect(edited.lines).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
