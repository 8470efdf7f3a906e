import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi, type ApiSession } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPage } from './helpers/browser';
import { createShop, SYSTEM_COLUMNS } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';

let server: RunningServer;
let browser: Browser;
let api: ApiSession;
let page: Page;
let errors: string[];

const app = (path = '') => `${server.url}/crudboard/${path}`;
const PRODUCTS = 'dataSource/primary/business/product';

/** A 2×2 red PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==';

/** English captions of the system columns as a new table gets them. */
const ENGLISH: Record<string, string> = {
  id: 'ID',
  name: 'Name',
  fullTextBody: 'Full-text body',
  createdDate: 'Created',
  lastModifiedDate: 'Modified',
  createById: 'Created by',
  updateById: 'Modified by',
  ownerId: 'Owner',
  isDeleted: 'Deleted',
};

/** A table of five columns of its own besides the system ones, captioned in both languages. */
const createProducts = async () => {
  await api.call('POST', '/metadata/tables', {
    name: 'product',
    pluralName: 'products',
    tableName: 'product',
    caption: '商品',
    captions: { 'en-US': 'Products' },
    columns: [
      ...SYSTEM_COLUMNS.map((column) => ({ ...column, captions: { 'en-US': ENGLISH[column.name] } })),
      {
        name: 'title',
        caption: '标题',
        captions: { 'en-US': 'Title' },
        dataType: 'VARCHAR',
        length: 100,
        queryable: true,
      },
      {
        name: 'category',
        caption: '类别',
        captions: { 'en-US': 'Category' },
        dataType: 'VARCHAR',
        length: 50,
        queryable: true,
      },
      {
        name: 'price',
        caption: '价格',
        captions: { 'en-US': 'Price' },
        dataType: 'DECIMAL',
        precision: 10,
        scale: 2,
        queryable: true,
      },
      {
        name: 'launched',
        caption: '上市日期',
        captions: { 'en-US': 'Launched' },
        dataType: 'DATE',
        queryable: true,
      },
      { name: 'photo', caption: '图片', captions: { 'en-US': 'Photo' }, dataType: 'ATTACHMENT' },
    ].map((column, i) => ({ displayOrder: i, ...column })),
  });
  for (let i = 1; i <= 12; i += 1) {
    await api.call('POST', '/business/product', {
      name: `商品${String(i).padStart(2, '0')}`,
      title: i % 2 === 0 ? '手机' : '电脑',
      category: i % 3 === 0 ? '配件' : '整机',
      price: i % 2 === 0 ? '2999.00' : '5999.50',
      launched: `2024-0${(i % 9) + 1}-15`,
    });
  }
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  await createShop(api);
  await createProducts();
  ({ page, errors } = await signedInPage(browser, server.url, server.adminPassword, {
    width: 1440,
    height: 900,
  }));
  // A picture for the first product, uploaded as the app does.
  const photo = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'phone.png');
    const response = await fetch('/api/file', { method: 'POST', body: form, credentials: 'include' });
    return ((await response.json()) as { url: string }).url;
  }, PNG);
  await api.call('PATCH', '/business/product/12', { photo });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');
const headers = () => page.locator('.ant-table-thead th').allInnerTexts();
const useLanguage = async (language: '中文' | 'English') => {
  await page.locator('header').getByText(language, { exact: true }).click();
};
const columnsButton = () => page.locator('button').filter({ hasText: /^\s*(列|Columns)\s*$/ });
/** How far the list scrolls sideways (0: it fits). */
const sidewaysScroll = (): Promise<number> =>
  page.evaluate(`(() => {
    const box = document.querySelector('.ant-table-content, .ant-table-body');
    return box ? box.scrollWidth - box.clientWidth : -1;
  })()`);
const CJK = /[\u3400-\u9fff\uff00-\uffef]/;

/** The list, the menu and the home page in English. */
const inEnglish = async () => {
  await page.getByRole('heading', { name: 'Products' }).waitFor();
  expect(await headers()).toEqual([
    '',
    'ID',
    'Name',
    'Title',
    'Category',
    'Price',
    'Launched',
    'Photo',
    'Actions',
  ]);
  expect(await sidewaysScroll()).toBe(0);
  await page.getByText('12 records, page 2 of 2').or(page.getByText('12 records, page 1 of 2')).waitFor();
  await screenshot(page, 'business-list-en');
  // Everything outside the table body is the app's own text (or an English caption).
  const chrome: string = await page.evaluate(`(() => {
    const main = document.querySelector('main') ?? document.body;
    const copy = main.cloneNode(true);
    copy.querySelectorAll('.ant-table-tbody').forEach((body) => body.remove());
    const header = document.querySelector('header')?.innerText ?? '';
    return header + '\\n' + copy.innerText;
  })()`);
  expect(chrome).toContain('Primary data source');
  expect(chrome).toContain('Super administrator');
  // (the language switch names each language in its own language)
  expect(chrome.split('\n').filter((line) => CJK.test(line) && line.trim() !== '中文')).toEqual([]);
  // crudboard's own tables are listed in English too
  const builtIn = await page
    .getByRole('navigation', { name: 'Main menu' })
    .locator('.ant-menu-submenu')
    .filter({ hasText: 'Built-in data' })
    .innerText();
  expect(builtIn).toContain('Users');
  expect(builtIn.split('\n').filter((line) => CJK.test(line))).toEqual([]);
  // a built-in table: English captions, filters and trail
  await page.goto(app('dataSource/primary/business/user'));
  await rows().first().waitFor();
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  expect((await headers()).filter((text) => CJK.test(text))).toEqual([]);
  expect(await sidewaysScroll()).toBe(0);
  await screenshot(page, 'user-list-en');
  // the home cards count in English
  await page.goto(app('dataSource/primary'));
  await page.getByText('12 records').waitFor();
  await page.getByText('1 record', { exact: true }).first().waitFor();
  await screenshot(page, 'home-en');
};

describe('a newcomer’s first look at a list, at 1440 × 900', () => {
  it('fits a table of five columns of its own without sideways scroll, in Chinese', async () => {
    await page.goto(app(PRODUCTS));
    await rows().first().waitFor();
    expect(await headers()).toEqual(['', '编号', '名称', '标题', '类别', '价格', '上市日期', '图片', '操作']);
    expect(await sidewaysScroll()).toBe(0);
    // DECIMAL keeps its scale; a picture shows as a thumbnail
    const first = rows().filter({ hasText: '商品12' });
    const second = rows().filter({ hasText: '商品11' });
    expect(await first.innerText()).toContain('2999.00');
    expect(await second.innerText()).toContain('5999.50');
    await expect
      .poll(() =>
        first.locator('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBe(2);
    // edit and soft delete in view; JSON and delete for good behind ⋯
    const inView = (await first.getByRole('button').allInnerTexts()).map((text) => text.replace(/\s+/g, ''));
    expect(inView).toEqual(['编辑', '软删除', '']);
    await first.getByRole('button', { name: '更多操作' }).click();
    await page.getByRole('menuitem', { name: '查看JSON' }).waitFor();
    expect(await page.locator('.ant-dropdown-menu').getByRole('menuitem').allInnerTexts()).toEqual([
      '删除',
      '查看JSON',
    ]);
    await page.keyboard.press('Escape');
    await screenshot(page, 'business-list-zh');
    expect(errors).toEqual([]);
  });

  it('shows no Chinese but the records themselves in English', async () => {
    await page.goto(app(PRODUCTS));
    await rows().first().waitFor();
    await useLanguage('English');
    try {
      await inEnglish();
    } finally {
      await page.goto(app(PRODUCTS));
      await useLanguage('中文');
      await page.getByRole('heading', { name: '商品' }).waitFor();
    }
    expect(errors).toEqual([]);
  });

  it('keeps keyword, filters, sort and page in the link: a reload shows the same list', async () => {
    const total = (text: string) => page.getByText(text).waitFor();
    await page.goto(app(PRODUCTS));
    await rows().first().waitFor();
    await page.getByRole('textbox', { name: '请输入关键字' }).fill('商品');
    await page.getByRole('textbox', { name: '类别' }).fill('整机');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await total('共 8 条记录 第 1 / 1 页');
    const price = page.locator('.ant-table-thead th').filter({ hasText: '价格' });
    await price.click();
    await expect.poll(() => page.url()).toMatch(/sort=price/);
    await price.click();
    await expect.poll(() => page.url()).toMatch(/sort=-price/);
    await page.locator('.ant-select').filter({ hasText: '10 条/页' }).click();
    await page.locator('.ant-select-item-option[title="5 条/页"]').click();
    await page
      .getByRole('navigation', { name: 'pagination' })
      .getByRole('button', { name: '2', exact: true })
      .click();
    await total('共 8 条记录 第 2 / 2 页');
    const url = page.url();
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({
      q: '商品',
      'f.category': '整机',
      sort: '-price',
      page: '2',
      size: '5',
    });
    // (the previous page's rows stay on screen until the new ones are there)
    await expect.poll(() => rows().count()).toBe(3);
    const before = await rows().allInnerTexts();
    expect(before.every((text) => text.includes('2999.00'))).toBe(true);

    await page.reload();
    await total('共 8 条记录 第 2 / 2 页');
    expect(await page.getByRole('textbox', { name: '请输入关键字' }).inputValue()).toBe('商品');
    expect(await page.getByRole('textbox', { name: '类别' }).inputValue()).toBe('整机');
    await expect.poll(() => rows().allInnerTexts()).toEqual(before);
    expect(page.url()).toBe(url);

    // a copied link shows the same page in another tab
    const other = await page.context().newPage();
    await other.goto(url);
    await other.getByText('共 8 条记录 第 2 / 2 页').waitFor();
    await expect
      .poll(() => other.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts())
      .toEqual(before);
    await other.close();

    // a range filter under 更多筛选 comes back open and filled
    await page.getByRole('button', { name: /更多筛选/ }).click();
    await page.getByRole('spinbutton', { name: '价格 从' }).fill('3000');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await total('共 4 条记录 第 1 / 1 页');
    expect(new URL(page.url()).searchParams.get('f.price')).toBe('GE 3000');
    await page.reload();
    await total('共 4 条记录 第 1 / 1 页');
    expect(await page.getByRole('spinbutton', { name: '价格 从' }).inputValue()).toBe('3000');

    // the menu entry opens the table afresh
    await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '商品' }).click();
    await total('共 12 条记录 第 1 / 2 页');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByRole('textbox', { name: '类别' }).inputValue()).toBe('');
    expect(errors).toEqual([]);
  });

  it('remembers the columns chosen for a table', async () => {
    await page.goto(app(PRODUCTS));
    await rows().first().waitFor();
    await columnsButton().click();
    const chooser = page.getByRole('dialog', { name: '列' });
    await chooser.getByLabel('创建时间').check();
    await chooser.getByLabel('图片').uncheck();
    await page.keyboard.press('Escape');
    await expect
      .poll(headers)
      .toEqual(['', '编号', '名称', '标题', '类别', '价格', '上市日期', '创建时间', '操作']);
    expect(await sidewaysScroll()).toBe(0);

    await page.reload();
    await rows().first().waitFor();
    expect(await headers()).toContain('创建时间');
    expect(await headers()).not.toContain('图片');
    // another table keeps its own columns
    await page.goto(app('dataSource/primary/business/customer'));
    await rows().first().waitFor();
    expect(await headers()).not.toContain('创建时间');

    await page.goto(app(PRODUCTS));
    await rows().first().waitFor();
    await columnsButton().click();
    await page
      .getByRole('dialog', { name: '列' })
      .getByRole('button', { name: /恢复默认/ })
      .click();
    await expect.poll(headers).toContain('图片');
    expect(errors).toEqual([]);
  });

  it('filters by who created a record, picked by name; a built-in table keeps one trail on its forms', async () => {
    await page.goto(app(PRODUCTS));
    await rows().first().waitFor();
    await page.getByRole('button', { name: /更多筛选/ }).click();
    await page.locator('[data-filter="createById"] .ant-select').click();
    await page.keyboard.type('超级');
    await page.locator('.ant-select-item-option').filter({ hasText: '超级管理员 (superadmin)' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('f.createById')).toBe('1');
    await page.getByText('共 12 条记录 第 1 / 2 页').waitFor();
    await page.reload();
    await page.locator('[data-filter="createById"]').getByText('超级管理员 (superadmin)').waitFor();

    const trail = () => page.locator('.ant-breadcrumb').innerText();
    await page.goto(app('dataSource/primary/business/user'));
    await rows().first().waitFor();
    expect((await trail()).replace(/\s+/g, '')).toBe('首页/内置数据/用户');
    await rows()
      .filter({ hasText: 'superadmin' })
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    await page.waitForURL(/\/business\/user\/1$/);
    await expect.poll(async () => (await trail()).replace(/\s+/g, '')).toMatch(/^首页\/内置数据\/用户\//);
    expect(errors).toEqual([]);
  });
});
