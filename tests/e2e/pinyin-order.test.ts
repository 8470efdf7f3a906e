import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi, type ApiSession } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPage } from './helpers/browser';
import { SYSTEM_COLUMNS } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';

let server: RunningServer;
let browser: Browser;
let api: ApiSession;
let page: Page;
let errors: string[];

const CITIES = 'dataSource/primary/business/city';
const NAMES = ['三体', '中国', '阿里', '活着', 'Zebra', '北京', '红楼梦', 'apple', '长城'];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  await api.call('POST', '/metadata/tables', {
    name: 'city',
    pluralName: 'cities',
    tableName: 'city',
    caption: '城市',
    captions: { 'en-US': 'Cities' },
    columns: SYSTEM_COLUMNS.map((column, i) => ({
      ...column,
      displayOrder: i,
      ...(column.name === 'name' ? { captions: { 'en-US': 'Name' } } : {}),
    })),
  });
  for (const name of NAMES) await api.call('POST', '/business/city', { name });
  ({ page, errors } = await signedInPage(browser, server.url, server.adminPassword));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const names = async (): Promise<string[]> => {
  const header = await page.locator('.ant-table-thead th').allInnerTexts();
  const index = header.findIndex((text) => /^(名称|Name)$/.test(text.trim()));
  const cells = page.locator(`.ant-table-tbody tr.ant-table-row td:nth-child(${index + 1})`);
  return (await cells.allInnerTexts()).map((text) => text.trim());
};

describe('pinyin order of a list', () => {
  it('sorts Chinese names by pinyin in the Chinese interface, by the database order in English', async () => {
    await page.goto(`${server.url}/crudboard/${CITIES}?sort=name`);
    await page.getByText('共 9 条记录').waitFor();
    await expect
      .poll(names)
      .toEqual(['阿里', '北京', '长城', '红楼梦', '活着', '三体', '中国', 'apple', 'Zebra']);
    await screenshot(page, 'pinyin-order-zh');

    await page.goto(`${server.url}/crudboard/${CITIES}?sort=-name`);
    await expect
      .poll(names)
      .toEqual(['Zebra', 'apple', '中国', '三体', '活着', '红楼梦', '长城', '北京', '阿里']);

    await page.locator('header').getByText('English', { exact: true }).click();
    // The choice is kept once the interface has switched (the header shows both languages all
    // along, so only the stored choice tells): a page opened before that is Chinese.
    // (a function, not a string: the app's content security policy refuses eval)
    await page.waitForFunction(
      () =>
        (
          globalThis as unknown as { localStorage: { getItem: (key: string) => string | null } }
        ).localStorage.getItem('locale') === 'en-US',
    );
    await page.goto(`${server.url}/crudboard/${CITIES}?sort=name`);
    // Code point order, as before: capitals first, then small letters, then Chinese by code point.
    await expect
      .poll(names)
      .toEqual(['Zebra', 'apple', '三体', '中国', '北京', '活着', '红楼梦', '长城', '阿里']);
    await screenshot(page, 'pinyin-order-en');
    await page.locator('header').getByText('中文', { exact: true }).click();
    expect(errors).toEqual([]);
  });
});
