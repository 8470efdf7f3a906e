import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserWithRole, type ApiSession, signInApi } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPage, trackPageErrors } from './helpers/browser';
import { SYSTEM_COLUMNS } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';
import { pickOption } from './helpers/pick-option';

let server: RunningServer;
let browser: Browser;
let api: ApiSession;

const CLERK = { username: 'clerk', password: 'Clerk-Pass-2024' };
const app = (path = '') => `${server.url}/crudboard/dataSource/primary/${path}`;

/** 图书: the title column, the key and six columns of its own, so eight columns in the list. */
const createBooks = async () => {
  await api.call('POST', '/metadata/tables', {
    name: 'book',
    pluralName: 'books',
    tableName: 'book',
    caption: '图书',
    captions: { 'en-US': 'Books' },
    columns: [
      ...SYSTEM_COLUMNS,
      {
        name: 'author',
        caption: '作者',
        captions: { 'en-US': 'Author' },
        dataType: 'VARCHAR',
        length: 50,
        queryable: true,
      },
      { name: 'isbn', caption: 'ISBN', dataType: 'VARCHAR', length: 20 },
      {
        name: 'publisher',
        caption: '出版社',
        captions: { 'en-US': 'Publisher' },
        dataType: 'VARCHAR',
        length: 50,
      },
      {
        name: 'price',
        caption: '定价',
        captions: { 'en-US': 'Price' },
        dataType: 'DECIMAL',
        precision: 10,
        scale: 2,
      },
      { name: 'published', caption: '出版日期', captions: { 'en-US': 'Published' }, dataType: 'DATE' },
      { name: 'pages', caption: '页数', captions: { 'en-US': 'Pages' }, dataType: 'INT' },
    ].map((column, i) => ({ displayOrder: i, ...column })),
  });
  const books = [
    ['骆驼祥子', '老舍', '9787020024759', '人民文学出版社', '25.00', '2000-03-01', 230],
    ['四世同堂', '老舍', '9787020024766', '人民文学出版社', '68.00', '1998-05-01', 1100],
    ['边城', '沈从文', '9787020024773', '人民文学出版社', '18.00', '2005-07-01', 160],
    ['围城', '钱锺书', '9787020024780', '人民文学出版社', '39.00', '1991-02-01', 360],
  ] as const;
  for (const [name, author, isbn, publisher, price, published, pages] of books) {
    await api.call('POST', '/business/book', { name, author, isbn, publisher, price, published, pages });
  }
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  await createBooks();
  // A clerk who may read and change books, nothing else.
  const roleId = Number(
    await api.call('POST', '/business/role', {
      name: '图书管理员',
      code: 'ROLE_BOOK_CLERK',
      permissions: 'business:book:read,business:book:update',
    }),
  );
  await addUserWithRole(api, { ...CLERK, realname: '图书管理员' }, roleId);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** How far the page is wider than the window (0 or less: nothing sticks out). */
const pageOverflow = (page: Page): Promise<number> =>
  page.evaluate('document.documentElement.scrollWidth - window.innerWidth') as Promise<number>;
/** How far the list's table scrolls sideways (-1: there is no table). */
const sidewaysScroll = (page: Page): Promise<number> =>
  page.evaluate(`(() => {
    const box = document.querySelector('.ant-table-content, .ant-table-body');
    return box ? box.scrollWidth - box.clientWidth : -1;
  })()`) as Promise<number>;
const cards = (page: Page) => page.locator('[data-record-card]');
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
/** An input of the record form (not the list's filter of the same caption). */
const formInput = async (page: Page, caption: string) => {
  await page.locator('.record-form-actions').waitFor();
  return page.locator('.ant-collapse').getByLabel(caption, { exact: true });
};
const headers = async (page: Page) =>
  (await page.locator('.ant-table-thead th').allInnerTexts()).map((text) => text.trim());

/** Signs in through the login page at this size, checking the page fits the window. */
const signIn = async (viewport: { width: number; height: number }, username: string, password: string) => {
  const context = await browser.newContext({ viewport, locale: 'zh-CN' });
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await page.goto(`${server.url}/crudboard/login`);
  await page.getByPlaceholder('用户名').waitFor();
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => !url.pathname.includes('/login'));
  return { page, errors };
};

/** Opens 图书 from the drawer menu: the side menu is not shown inline. */
const openBooksFromDrawer = async (page: Page) => {
  await page.getByRole('button', { name: '打开菜单' }).waitFor();
  expect(await page.locator('.ant-layout-sider').count()).toBe(0);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: '打开菜单' }).click();
  const drawer = page.locator('.ant-drawer-content');
  await drawer.getByRole('navigation', { name: '主菜单' }).waitFor();
  const box = await drawer.boundingBox();
  expect(box?.width ?? Infinity).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  // the data source and theme switches are in the drawer
  await drawer.getByRole('combobox', { name: '数据源' }).waitFor();
  await drawer.getByRole('link', { name: '图书' }).click();
  await page.waitForURL((url) => url.pathname.endsWith('/business/book'));
  await expect.poll(() => page.locator('.ant-drawer-content:visible').count()).toBe(0);
};

/** Types a keyword and queries. */
const search = async (page: Page, keyword: string) => {
  await page.getByRole('textbox', { name: '请输入关键字' }).fill(keyword);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(keyword);
};

/** Taps the confirmation's OK once the dialog has opened: it takes the focus then, and a tap before may miss it. */
const confirmOpenedDialog = async (page: Page) => {
  const ok = page.getByRole('dialog').getByRole('button', { name: /确\s*定/ });
  await expect
    .poll(() =>
      ok.evaluate((button) => (button as unknown as { matches: (s: string) => boolean }).matches(':focus')),
    )
    .toBe(true);
  await ok.click();
};
describe('a clerk on a phone (390 × 844)', () => {
  const phone = { width: 390, height: 844 };

  it('signs in, finds a table in the drawer menu, searches, reads cards, edits a record and saves', async () => {
    const { page, errors } = await signIn(phone, 'superadmin', server.adminPassword);
    // the header: the mark and name on one line, the language switch and the user menu in the window
    const header = page.locator('header');
    const name = await header.getByText('crudboard', { exact: true }).boundingBox();
    expect(name?.height ?? 100).toBeLessThan(30);
    for (const target of [
      header.getByText('English', { exact: true }),
      header.getByRole('button', { name: '超级管理员' }),
    ]) {
      const box = await target.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(phone.width);
    }
    await openBooksFromDrawer(page);
    await page.getByRole('button', { name: '打开菜单' }).click();
    await screenshot(page, 'phone-drawer-zh-CN');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-drawer-content:visible').count()).toBe(0);

    // records as cards, no table
    await expect.poll(() => cards(page).count()).toBe(4);
    expect(await page.locator('.ant-table').count()).toBe(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    const first = cards(page).filter({ hasText: '骆驼祥子' });
    const text = await first.innerText();
    // the title, then four of the list's columns with their captions; not the key
    for (const part of ['骆驼祥子', '作者', '老舍', 'ISBN', '出版社', '定价', '25.00'])
      expect(text).toContain(part);
    expect(text).not.toContain('编号');
    expect(text).not.toContain('页数');
    await screenshot(page, 'phone-list-zh-CN');

    await search(page, '老舍');
    await expect.poll(() => cards(page).count()).toBe(2);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

    // a tap on the card opens the record in a one-column form
    await cards(page).filter({ hasText: '四世同堂' }).getByText('人民文学出版社').click();
    await page.waitForURL((url) => /\/business\/book\/\d+$/.test(url.pathname));
    const author = await formInput(page, '作者');
    await author.waitFor();
    const lefts = new Set(
      await page
        .locator('.ant-form-item')
        .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().left))),
    );
    expect(lefts.size).toBe(1);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    const save = page.getByRole('toolbar').getByRole('button', { name: /保\s*存/ });
    const bar = await save.boundingBox();
    expect((bar?.y ?? Infinity) + (bar?.height ?? 0)).toBeLessThanOrEqual(phone.height);
    await screenshot(page, 'phone-record-zh-CN');
    await author.fill('老舍（舒庆春）');
    await save.click();
    await page.waitForURL((url) => url.pathname.endsWith('/business/book'));
    await expect
      .poll(() => cards(page).filter({ hasText: '四世同堂' }).innerText())
      .toContain('老舍（舒庆春）');
    // back to the list as it was: the keyword stays
    expect(new URL(page.url()).searchParams.get('q')).toBe('老舍');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    const stored = await api.call<{ author: string }[]>('GET', '/business/book?search=四世同堂');
    expect(stored[0]?.author).toBe('老舍（舒庆春）');

    // the ⋯ of a card: its dialog fits the window
    await cards(page).first().getByRole('button', { name: '更多操作' }).click();
    await page.getByRole('menuitem', { name: '查看JSON' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const dialogBox = await page.locator('.ant-modal').boundingBox();
    expect(dialogBox?.width ?? Infinity).toBeLessThanOrEqual(phone.width);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('fits the other screens of the window: home, tables, SQL console, the column chooser', async () => {
    const { page, errors } = await signedInPage(browser, server.url, server.adminPassword, phone);
    for (const [path, ready] of [
      ['', '快捷入口'],
      ['metadata/tables', '表管理'],
      ['metadata/sqls/new', '已保存的语句'],
    ] as const) {
      await page.goto(app(path));
      await page.getByText(ready, { exact: true }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await pageOverflow(page), path).toBeLessThanOrEqual(0);
    }
    await screenshot(page, 'phone-sql-zh-CN');
    await page.goto(app('business/book'));
    await expect.poll(() => cards(page).count()).toBe(4);
    await page.getByRole('button', { name: /列/ }).click();
    const chooser = page.getByRole('dialog', { name: '列' });
    await chooser.waitFor();
    const box = await chooser.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? Infinity) <= phone.width).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sorts the cards, selects two, soft deletes them together and restores them from the recycle bin', async () => {
    const { page, errors } = await signedInPage(browser, server.url, server.adminPassword, phone);
    await page.goto(app('business/book'));
    await expect.poll(() => cards(page).count()).toBe(4);
    const titles = () => cards(page).locator('.ant-card-head-title').allInnerTexts();
    // cards have no column headers: the sort box does what a header's sorter does
    const sortParam = () => new URL(page.url()).searchParams.get('sort') ?? '';
    await pickOption(page, page.getByRole('combobox', { name: '排序' }), '定价', async () =>
      sortParam().includes('price'),
    );
    await expect.poll(sortParam).toContain('price');
    await expect.poll(titles).toEqual(['边城', '骆驼祥子', '围城', '四世同堂']);
    await page.getByRole('button', { name: '升序（点击改为降序）' }).click();
    await expect.poll(titles).toEqual(['四世同堂', '围城', '骆驼祥子', '边城']);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-sorted-zh-CN');

    await page.getByRole('checkbox', { name: '选择 围城' }).check();
    await page.getByRole('checkbox', { name: '选择 边城' }).check();
    await page.getByText('已选择 2 项').waitFor();
    await page.getByRole('button', { name: /批量软删除/ }).click();
    await confirmOpenedDialog(page);
    await page.getByText('软删除成功').waitFor();
    await expect.poll(titles).toEqual(['四世同堂', '骆驼祥子']);

    await page.getByText('回收站', { exact: true }).click();
    await expect.poll(titles).toEqual(['围城', '边城']);
    await page.getByRole('checkbox', { name: '选择 围城' }).check();
    await page.getByRole('checkbox', { name: '选择 边城' }).check();
    await screenshot(page, 'phone-recycle-selected-zh-CN');
    await page.getByRole('button', { name: /批量恢复/ }).click();
    await confirmOpenedDialog(page);
    await page.getByText('恢复成功').waitFor();
    await expect.poll(() => cards(page).count()).toBe(0);
    const live = await api.call<{ name: string }[]>('GET', '/business/book?isDeleted=false');
    expect(live.map((book) => book.name).sort()).toEqual(['四世同堂', '围城', '边城', '骆驼祥子'].sort());
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reads in English too', async () => {
    const { page, errors } = await signedInPage(browser, server.url, server.adminPassword, phone);
    await page.goto(app('business/book'));
    await expect.poll(() => cards(page).count()).toBe(4);
    await page.locator('header').getByText('English', { exact: true }).click();
    await page.getByRole('heading', { name: 'Books' }).waitFor();
    expect(await cards(page).first().innerText()).toContain('Author');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-list-en-US');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('.ant-drawer-content').getByRole('navigation', { name: 'Main menu' }).waitFor();
    await screenshot(page, 'phone-drawer-en-US');
    await page.keyboard.press('Escape');
    await cards(page).first().getByRole('link').click();
    await (await formInput(page, 'Author')).waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-record-en-US');
    await page.locator('header').getByText('中文', { exact: true }).click();
    await page.getByRole('heading', { name: '编辑图书' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('takes a clerk who may only read and change books through the same flow', async () => {
    const { page, errors } = await signIn(phone, CLERK.username, CLERK.password);
    await openBooksFromDrawer(page);
    await expect.poll(() => cards(page).count()).toBe(4);
    // no add, import or export for the clerk; no delete on the cards
    for (const button of [/添\s*加/, /批量导入/, /导出/, /软删除/]) {
      expect(await page.getByRole('button', { name: button }).count()).toBe(0);
    }
    await search(page, '边城');
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await cards(page).first().getByRole('link').click();
    const pages = await formInput(page, '页数');
    await pages.waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await pages.fill('170');
    await page
      .getByRole('toolbar')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await page.waitForURL((url) => url.pathname.endsWith('/business/book'));
    await expect.poll(() => cards(page).first().innerText()).toContain('边城');
    const stored = await api.call<{ pages: number }[]>('GET', '/business/book?search=边城');
    expect(stored[0]?.pages).toBe(170);
    await screenshot(page, 'phone-clerk-list-zh-CN');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('a tablet held upright (768 × 1024)', () => {
  it('opens the menu as a drawer and keeps a table that fits, then edits and saves', async () => {
    const { page, errors } = await signIn({ width: 768, height: 1024 }, 'superadmin', server.adminPassword);
    await openBooksFromDrawer(page);
    await expect.poll(() => rows(page).count()).toBe(4);
    expect(await cards(page).count()).toBe(0);
    await expect.poll(() => sidewaysScroll(page)).toBe(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect(await headers(page)).toEqual(expect.arrayContaining(['名称', '操作']));
    await screenshot(page, 'tablet-list-zh-CN');
    await search(page, '钱锺书');
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page)
      .first()
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    const price = await formInput(page, '定价');
    await price.waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await price.fill('42.50');
    await page
      .getByRole('toolbar')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await page.waitForURL((url) => url.pathname.endsWith('/business/book'));
    await expect.poll(() => rows(page).first().innerText()).toContain('围城');
    const stored = await api.call<{ price: string | number }[]>('GET', '/business/book?search=围城');
    expect(Number(stored[0]?.price)).toBe(42.5);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('a 1024 × 768 window', () => {
  it('shows the book list without sideways scroll; 列 shows a hidden column again and remembers it', async () => {
    const { page, errors } = await signedInPage(browser, server.url, server.adminPassword, {
      width: 1024,
      height: 768,
    });
    await page.goto(app('business/book'));
    await expect.poll(() => rows(page).count()).toBe(4);
    await expect.poll(() => sidewaysScroll(page)).toBe(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    const shown = await headers(page);
    // the key, the title and the columns after them that fit; the later ones wait in 列
    expect(shown.slice(0, 3)).toEqual(['', '编号', '名称']);
    expect(shown.at(-1)).toBe('操作');
    expect(shown).not.toContain('页数');
    await screenshot(page, 'list-1024-book-zh-CN');

    await page
      .locator('button')
      .filter({ hasText: /^\s*列\s*$/ })
      .click();
    const chooser = page.getByRole('dialog', { name: '列' });
    expect(await chooser.getByLabel('页数').isChecked()).toBe(false);
    await chooser.getByLabel('页数').check();
    await page.keyboard.press('Escape');
    await expect.poll(() => headers(page)).toContain('页数');
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(4);
    expect(await headers(page)).toEqual([...shown.slice(0, -1), '页数', '操作']);

    // 恢复默认: back to the columns that fit
    await page
      .locator('button')
      .filter({ hasText: /^\s*列\s*$/ })
      .click();
    await page
      .getByRole('dialog', { name: '列' })
      .getByRole('button', { name: /恢复默认/ })
      .click();
    await expect.poll(() => headers(page)).toEqual(shown);
    await expect.poll(() => sidewaysScroll(page)).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
