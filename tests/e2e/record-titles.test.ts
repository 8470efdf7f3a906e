import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi, type ApiSession } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPage } from './helpers/browser';
import { saveDesign } from './helpers/designer';
import { createShop, type Shop } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';

let server: RunningServer;
let browser: Browser;
let api: ApiSession;
let page: Page;
let errors: string[];
let shop: Shop;

const app = (path = '') => `${server.url}/crudboard/dataSource/primary/${path}`;

interface Customer {
  id: number;
  name: string;
  city: string;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  shop = await createShop(api);
  ({ page, errors } = await signedInPage(browser, server.url, server.adminPassword, {
    width: 1440,
    height: 900,
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const useLanguage = async (locale: 'zh-CN' | 'en-US') => {
  await page.evaluate(`localStorage.setItem('locale', ${JSON.stringify(locale)})`);
};

/** The texts of the list column headed `header`, row by row. */
const columnTexts = async (header: string): Promise<string[]> => {
  const headers = await page.locator('.ant-table-thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `a column headed ${header} among ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return page.locator(`.ant-table-tbody tr.ant-table-row > td:nth-child(${index + 1})`).allInnerTexts();
};

describe('records shown by reference read by their title', () => {
  it('shows the related record by its title column, which the designer chooses', async () => {
    const customers = await Promise.all(
      (shop.customerIds.slice(0, 2) as number[]).map((id) =>
        api.call<Customer>('GET', `/business/customer/${id}`),
      ),
    );
    // A retry finds what an earlier attempt left: the orders are made once, the title chosen anew.
    const customerTable = (
      await api.call<{ id: number; name: string }[]>('GET', '/metadata/tables?limit=100')
    ).find((candidate) => candidate.name === 'customer');
    await api.call('PATCH', `/metadata/tables/${customerTable?.id}`, { titleColumn: null });
    const made = await api.call<unknown[]>('GET', '/business/salesOrder?name=SO-1,SO-2');
    for (const [i, customer] of made.length > 0 ? [] : customers.entries()) {
      await api.call('POST', '/business/salesOrder', {
        name: `SO-${i + 1}`,
        customerId: customer.id,
        amount: `${10 + i}.50`,
      });
    }

    await useLanguage('zh-CN');
    await page.goto(app('business/salesOrder'));
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    // The default title: the customer's first text column (name), not "id|name|city".
    expect((await columnTexts('客户')).sort()).toEqual(customers.map((c) => c.name).sort());

    // The administrator names `city` as the customer table's title column.
    const table = (await api.call<{ id: number; name: string }[]>('GET', '/metadata/tables?limit=100')).find(
      (candidate) => candidate.name === 'customer',
    );
    await page.goto(app(`metadata/tables/${table?.id}`));
    const select = page.locator('#designer-titleColumn');
    await select.waitFor();
    await select
      .locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]')
      .click();
    await page.keyboard.type('city');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '城市 (city)' })
      .click();
    await screenshot(page, 'record-titles-designer-zh-CN');
    await saveDesign(page, '修改成功');
    const stored = await api.call<{ titleColumn: string | null }>('GET', `/metadata/tables/${table?.id}`);
    expect(stored.titleColumn).toBe('city');

    await page.goto(app('business/salesOrder'));
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    expect((await columnTexts('客户')).sort()).toEqual(customers.map((c) => c.city).sort());
    await screenshot(page, 'record-titles-list-zh-CN');
    // A schema change may wait a minute on a loaded machine (saveDesign allows it).
  }, 120_000);

  it('heads a foreign key by its relation, in the UI language', async () => {
    const relation = (
      await api.call<{ id: number; name: string }[]>('GET', '/metadata/tablerelations?limit=100')
    ).find((candidate) => candidate.name === 'customer');
    await api.call('PATCH', `/metadata/tablerelations/${relation?.id}`, { captions: { 'en-US': 'Buyer' } });
    await useLanguage('en-US');
    await page.goto(app('business/salesOrder'));
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    const headers = (await page.locator('.ant-table-thead th').allInnerTexts()).map((text) => text.trim());
    expect(headers).toContain('Buyer');
    expect(headers).not.toContain('客户');
    await screenshot(page, 'record-titles-list-en-US');
    expect(errors).toEqual([]);
  });
});
