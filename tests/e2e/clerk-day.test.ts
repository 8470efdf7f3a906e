import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserWithRole, type ApiSession, signInApi } from './helpers/api-session';
import { launchBrowser, screenshot, trackPageErrors } from './helpers/browser';
import { designerTable } from './helpers/designer-table';
import { startServer, type RunningServer } from './helpers/start-server';
import { clickWhenStill } from './helpers/click-when-still';

/**
 * A clerk's working day with a limited role, end to end in the browser: the menu and a page they may
 * not open, the loans list (related book titles, the administrator's saved layout, no hidden column,
 * a picker filter), a new loan through the relation picker, soft delete and restore, export and
 * re-import, a book's read-only view, a reversed table of another data source, and a right granted
 * while signed in. The whole day runs in Chinese at 1440 × 900; a shorter path in English at
 * 1024 × 768 and in both languages on a phone (390 × 844), sharing one server and set-up.
 */
let server: RunningServer;
let browser: Browser;
let api: ApiSession;
let roleId: number;
const CLERK = { username: 'clerk', password: 'Clerk-Day-2024' };
const workDir = mkdtempSync(join(tmpdir(), 'crudboard-e2e-clerk-'));
const CHINOOK = resolve(import.meta.dirname, '../../server/test/fixtures/chinook/Chinook_Sqlite.sqlite');

const app = (path = '') => `${server.url}/crudboard/${path}`;
const primary = (path: string) => app(`dataSource/primary/${path}`);

interface StoredTable {
  id: number;
  name: string;
  columns: { id: number; name: string }[];
}
interface Loan {
  id: number;
  name: string;
  bookId: number | string;
  borrower: string;
  returned: boolean;
  mode: string | null;
  isDeleted: boolean;
}

const CLERK_CODES = [
  'business:book:read',
  'business:book:export',
  'business:loan:read',
  'business:loan:create',
  'business:loan:update',
  'business:loan:delete',
  'business:loan:import',
  'business:loan:export',
];
/** The reversed Chinook tables on the `music` data source the clerk may read. */
let album: StoredTable;
let bookIds: Record<string, number>;
const loanIds: Record<string, number> = {};

const option = (value: string, zh: string, en: string) => ({
  value,
  captions: { 'zh-CN': zh, 'en-US': en },
});

beforeAll(async () => {
  copyFileSync(CHINOOK, join(workDir, 'music.sqlite'));
  const music = {
    name: 'music',
    caption: '音乐库',
    client: 'sqlite',
    connection: join(workDir, 'music.sqlite'),
  };
  [server, browser] = await Promise.all([
    startServer({ DATA_SOURCES: JSON.stringify([music]) }),
    launchBrowser(),
  ]);
  api = await signInApi(server.url, server.adminPassword);

  const create = async (body: object) => {
    const id = await api.call<number>('POST', '/metadata/tables', body);
    return api.call<StoredTable>('GET', `/metadata/tables/${id}`);
  };
  const shown = { displayable: true, queryable: true };
  const book = await create(
    designerTable({ name: 'book', caption: '图书', captionEn: 'Books' }, [
      {
        name: 'category',
        caption: '类别',
        captions: { 'en-US': 'Category' },
        dataType: 'VARCHAR',
        length: 20,
        options: [
          option('novel', '小说', 'Novel'),
          option('scifi', '科幻', 'Science fiction'),
          option('literature', '文学', 'Literature'),
        ],
        ...shown,
      },
      { name: 'inStock', caption: '在库', captions: { 'en-US': 'In stock' }, dataType: 'BOOL', ...shown },
    ]),
  );
  const loan = await create(
    designerTable({ name: 'loan', caption: '借阅', captionEn: 'Loans' }, [
      { name: 'bookId', caption: '图书', captions: { 'en-US': 'Book' }, dataType: 'BIGINT', ...shown },
      {
        name: 'borrower',
        caption: '借阅人',
        captions: { 'en-US': 'Borrower' },
        dataType: 'VARCHAR',
        length: 50,
        ...shown,
      },
      { name: 'dueDate', caption: '归还日期', captions: { 'en-US': 'Due' }, dataType: 'DATE', ...shown },
      { name: 'returned', caption: '已归还', captions: { 'en-US': 'Returned' }, dataType: 'BOOL', ...shown },
      {
        name: 'mode',
        caption: '方式',
        captions: { 'en-US': 'Mode' },
        dataType: 'VARCHAR',
        length: 20,
        options: [option('lend', '外借', 'Lending'), option('reading', '馆内阅览', 'In the library')],
        ...shown,
      },
      {
        name: 'remark',
        caption: '备注',
        captions: { 'en-US': 'Remark' },
        dataType: 'VARCHAR',
        length: 200,
        ...shown,
      },
    ]),
  );
  const col = (table: StoredTable, name: string) => {
    const found = table.columns.find((column) => column.name === name);
    if (!found) throw new Error(`${table.name} has no ${name}`);
    return found.id;
  };
  await api.call('POST', '/metadata/tablerelations', {
    name: 'book',
    caption: '图书',
    captions: { 'en-US': 'Book' },
    relationType: 'ManyToOne',
    fromTable: { id: loan.id },
    toTable: { id: book.id },
    fromColumn: { id: col(loan, 'bookId') },
    toColumn: { id: col(book, 'id') },
  });
  bookIds = {};
  for (const [name, category, inStock] of [
    ['三体', 'scifi', true],
    ['活着', 'literature', true],
    ['围城', 'novel', false],
  ] as const) {
    bookIds[name] = Number(await api.call('POST', '/business/book', { name, category, inStock }));
  }
  for (const [name, bookName, borrower, returned, mode, remark] of [
    ['L-001', '三体', '张三', false, 'lend', '押金二百元'],
    ['L-002', '围城', '李四', true, 'reading', '封面破损'],
  ] as const) {
    loanIds[name] = await api.call<number>('POST', '/business/loan', {
      name,
      bookId: bookIds[bookName],
      borrower,
      dueDate: '2024-06-30',
      returned,
      mode,
      remark,
    });
  }

  // The administrator's list layout for 借阅: fewer columns, in another order (备注 among them).
  await api.call('POST', '/business/tableFormBuilder', {
    tableId: loan.id,
    device: 'pc',
    type: 'list',
    body: JSON.stringify(
      ['returned', 'bookId', 'name', 'borrower', 'mode', 'remark'].map((name) => ({
        columnId: col(loan, name),
      })),
    ),
  });

  // An existing database's tables, reversed on the second data source.
  await api.call('POST', '/metadata/tables/metadatas/reverse?dataSource=music', ['Artist', 'Album']);
  const reversed = await api.call<StoredTable[]>('GET', '/metadata/tables?limit=100&dataSource=music');
  const albumId = reversed.find((table) => table.name.toLowerCase() === 'album')?.id;
  album = await api.call<StoredTable>('GET', `/metadata/tables/${albumId}?dataSource=music`);
  const artistName = reversed.find((table) => table.name.toLowerCase() === 'artist')?.name ?? 'artist';

  roleId = Number(
    await api.call('POST', '/business/role', {
      name: '图书馆文员',
      code: 'ROLE_LIBRARY_CLERK',
      permissions: [
        ...CLERK_CODES,
        `business:music.${album.name}:read`,
        `business:music.${artistName}:read`,
      ].join(','),
    }),
  );
  // The clerk may not read a loan's remark.
  await api.call('POST', '/business/tablePermission', {
    tableId: loan.id,
    roleId,
    permissions: CLERK_CODES.filter((code) => code.startsWith('business:loan:')).join(','),
    columns: JSON.stringify([{ columnId: col(loan, 'remark'), read: false, update: false }]),
  });
  await addUserWithRole(api, { ...CLERK, realname: '文员小王' }, roleId);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

type Locale = 'zh-CN' | 'en-US';
const WORDS = {
  'zh-CN': {
    user: '用户名',
    password: '密码',
    signIn: /登\s*录/,
    metadata: '元数据',
    tables: '表管理',
    forbidden: '抱歉，您无权访问此页面。',
    loans: '借阅',
    books: '图书',
    book: '图书',
    returned: '已归还',
    name: '名称',
    createdBy: '创建者编号',
    admin: '超级管理员',
    borrower: '借阅人',
    mode: '方式',
    remark: '备注',
    pick: '选择',
    add: /添\s*加$/,
    ok: /确\s*定/,
    save: /保\s*存/,
    saved: '添加成功',
    softDelete: '软删除',
    softDeleteConfirm: '确认软删除吗？',
    softDeleted: '软删除成功',
    recycleBin: '回收站',
    records: '数据',
    restore: '恢复',
    restoreConfirm: '确认恢复吗？',
    restored: '恢复成功',
    readOnly: '您没有修改该表记录的权限，只能查看。',
    openMenu: '打开菜单',
    yes: '是',
    no: '否',
  },
  'en-US': {
    user: 'Username',
    password: 'Password',
    signIn: /Sign in/,
    metadata: 'Metadata',
    tables: 'Tables',
    forbidden: 'Sorry, you are not allowed to access this page.',
    loans: 'Loans',
    books: 'Books',
    book: 'Book',
    returned: 'Returned',
    name: 'Name',
    createdBy: 'Created by',
    admin: 'Super administrator',
    borrower: 'Borrower',
    mode: 'Mode',
    remark: 'Remark',
    pick: 'Pick',
    add: /(^|\s)Add$/,
    ok: /^OK$/,
    save: /Save/,
    saved: 'Saved',
    softDelete: 'Soft delete',
    softDeleteConfirm: 'Soft delete?',
    softDeleted: 'Soft deleted',
    recycleBin: 'Recycle bin',
    records: 'Records',
    restore: 'Restore',
    restoreConfirm: 'Restore?',
    restored: 'Restored',
    readOnly: 'You may view this record but have no permission to edit it.',
    openMenu: 'Open menu',
    yes: 'Yes',
    no: 'No',
  },
} as const;

interface Run {
  locale: Locale;
  width: number;
  height: number;
  page: Page;
  errors: string[];
  w: (typeof WORDS)[Locale];
  phone: boolean;
}

/** Signs the clerk in through the login page, in this language and window size. */
const clerkSignsIn = async (locale: Locale, width: number, height: number): Promise<Run> => {
  const context = await browser.newContext({ viewport: { width, height }, locale, acceptDownloads: true });
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await page.addInitScript({ content: `localStorage.setItem('locale', ${JSON.stringify(locale)})` });
  const w = WORDS[locale];
  await page.goto(app('login'));
  await page.getByPlaceholder(w.user).fill(CLERK.username);
  await page.getByPlaceholder(w.password).fill(CLERK.password);
  await page.getByRole('button', { name: w.signIn }).click();
  await page.waitForURL((url) => !url.pathname.includes('/login'));
  return { locale, width, height, page, errors, w, phone: width < 600 };
};

const shot = (run: Run, step: string) => screenshot(run.page, `clerk-day-${step}-${run.width}-${run.locale}`);
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const cards = (page: Page) => page.locator('[data-record-card]');
/** A record of the list: its table row, or its card on a phone. */
const recordOf = (run: Run, text: string) =>
  (run.phone ? cards(run.page) : rows(run.page)).filter({ hasText: text }).first();
const headers = async (page: Page) =>
  (await page.locator('.ant-table-thead th').allInnerTexts())
    .map((text) => text.trim())
    .filter((text) => text !== '');
/** The texts of the list column headed `header`, row by row. */
const columnTexts = async (page: Page, header: string): Promise<string[]> => {
  const all = (await page.locator('.ant-table-thead th').allInnerTexts()).map((text) => text.trim());
  const index = all.indexOf(header);
  expect(index, `a column headed ${header} among ${all.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return page.locator(`.ant-table-tbody tr.ant-table-row > td:nth-child(${index + 1})`).allInnerTexts();
};
const confirm = async (page: Page, question: string, ok: RegExp) => {
  const dialog = page
    .locator('.ant-modal-confirm, .ant-popconfirm, .ant-modal')
    .filter({ hasText: question })
    .last();
  await dialog.waitFor();
  await clickWhenStill(dialog.getByRole('button', { name: ok }));
  // the dialog closes once the action is done (the page is not usable before)
  await dialog.waitFor({ state: 'hidden', timeout: 45_000 }).catch(async (failure: unknown) => {
    const said = await page.locator('.ant-message').allInnerTexts();
    throw new Error(`the dialog “${question}” stayed open; messages: ${said.join(' | ') || 'none'}`, {
      cause: failure,
    });
  });
};
const loansByName = (name: string) =>
  api.call<Loan[]>('GET', `/business/loan?name=${encodeURIComponent(name)}`);

/** The menu's entries: the side menu, or the drawer's on a phone (closed again after reading). */
const menuText = async (run: Run): Promise<string> => {
  const { page } = run;
  if (!run.phone) {
    const sider = page.locator('.ant-layout-sider');
    // below 1280 px the side menu is folded to its icons: the names are in its text, not shown
    if (run.width >= 1280) await sider.getByText(run.w.loans, { exact: true }).waitFor();
    else await sider.locator('.ant-menu-item, .ant-menu-submenu').first().waitFor();
    await page.waitForLoadState('networkidle');
    return (await sider.textContent()) ?? '';
  }
  await page.getByRole('button', { name: run.w.openMenu }).click();
  const drawer = page.locator('.ant-drawer-content');
  await drawer.getByText(run.w.loans, { exact: true }).waitFor();
  const text = await drawer.innerText();
  await shot(run, '1-menu');
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('.ant-drawer-content:visible').count()).toBe(0);
  return text;
};

/** 1. Home and menu: only what the clerk may use; a metadata page says no access. */
const homeAndMenu = async (run: Run) => {
  const { page, w } = run;
  await page.goto(app());
  const menu = await menuText(run);
  if (run.phone || run.width >= 1280) expect(menu).toContain(w.books);
  expect(menu).not.toContain(w.metadata);
  expect(menu).not.toContain(w.tables);
  await page.waitForLoadState('networkidle');
  expect(await page.locator('main').innerText()).not.toContain(w.tables);
  await shot(run, '1-home');
  await page.goto(primary('metadata/tables'));
  await page.waitForLoadState('networkidle');
  await shot(run, '1-no-access');
  await page.getByText(w.forbidden).waitFor();
  expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(0);
  await shot(run, '1-no-access');
};

/** 2. The loans list: book titles, the saved layout, no remark, a picker filter for the book. */
const loanList = async (run: Run) => {
  const { page, w } = run;
  await page.goto(primary('business/loan'));
  await recordOf(run, 'L-001').waitFor();
  if (run.phone) {
    const card = await recordOf(run, 'L-001').innerText();
    expect(card).toContain('三体');
    expect(card).not.toContain('押金二百元');
    expect(card).not.toContain(w.remark);
  } else {
    expect(await columnTexts(page, w.book)).toEqual(expect.arrayContaining(['三体', '围城']));
    const shown = (await headers(page)).slice(0, -1);
    expect(shown).toEqual([w.returned, w.book, w.name, w.borrower, w.mode]);
    expect(await page.locator('.ant-table-tbody').innerText()).not.toContain('押金二百元');
    // the book is picked from its records, not typed as a number range
    await page.getByRole('button', { name: `${w.pick} ${w.book}`, exact: true }).waitFor();
    expect(await page.getByRole('spinbutton', { name: new RegExp(`^${w.book} `) }).count()).toBe(0);
  }
  await shot(run, '2-loans');
};

/** 3. A new loan with the relation picker; the list shows it by the book's title. */
const newLoan = async (run: Run, name: string, bookName: string) => {
  const { page, w } = run;
  await page.goto(primary('business/loan'));
  await recordOf(run, 'L-001').waitFor();
  await page.getByRole('button', { name: w.add }).click();
  await page.waitForURL((url) => url.pathname.endsWith('/business/loan/new'));
  await page.locator('.ant-collapse').getByLabel(w.name, { exact: true }).fill(name);
  await page.locator('.ant-collapse').getByLabel(w.borrower, { exact: true }).fill('王五');
  const field = page.locator('.ant-form-item', { has: page.locator('#bookId') });
  await field.getByRole('button').last().click();
  const dialog = page.locator('.ant-modal').last();
  await dialog.locator('tr', { hasText: bookName }).waitFor();
  const dialogHeaders = (await dialog.locator('.ant-table-thead th').allInnerTexts()).map((t) => t.trim());
  expect(dialogHeaders).toContain(w.name);
  for (const bookkeeping of ['创建时间', '是否删除', '全文索引', 'Created', 'Deleted'])
    expect(dialogHeaders.join('|')).not.toContain(bookkeeping);
  // the book's category reads by its caption, not its stored value
  expect(await dialog.locator('tr', { hasText: '三体' }).innerText()).toContain(
    run.locale === 'zh-CN' ? '科幻' : 'Science fiction',
  );
  await shot(run, '3-picker');
  await dialog.locator('tr', { hasText: bookName }).locator('input[type="radio"]').check();
  await clickWhenStill(dialog.getByRole('button', { name: w.ok }));
  await expect.poll(() => page.locator('#bookId').inputValue()).toBe(bookName);
  await page.getByRole('toolbar').getByRole('button', { name: w.save }).click();
  await page.waitForURL((url) => url.pathname.endsWith('/business/loan'));
  await expect.poll(() => recordOf(run, name).innerText()).toContain(bookName);
  const [stored] = await loansByName(name);
  expect(String(stored?.bookId)).toBe(String(bookIds[bookName]));
  await shot(run, '3-new-loan');
};

/** Runs a record's action: its own button, or an entry of its ⋯ menu. */
const recordAction = async (run: Run, name: string, action: string) => {
  const record = recordOf(run, name);
  const button = record.getByRole('button', { name: action, exact: true });
  if ((await button.count()) > 0) {
    await button.click();
    return;
  }
  await record.getByRole('button', { name: run.locale === 'zh-CN' ? '更多操作' : 'More actions' }).click();
  await run.page.getByRole('menuitem', { name: action }).click();
};

/** 4. Soft delete the loan, restore it from the recycle bin: back in the list and in the database. */
const deleteAndRestore = async (run: Run, name: string) => {
  const { page, w } = run;
  await recordOf(run, name).waitFor();
  await recordAction(run, name, w.softDelete);
  await confirm(page, w.softDeleteConfirm, w.ok);
  await page.getByText(w.softDeleted).first().waitFor();
  await expect.poll(() => recordOf(run, name).count()).toBe(0);
  await page.getByText(w.recycleBin, { exact: true }).click();
  await recordOf(run, name).waitFor();
  await shot(run, '4-recycle-bin');
  await recordAction(run, name, w.restore);
  await confirm(page, w.restoreConfirm, w.ok);
  await page.getByText(w.restored).first().waitFor();
  await page.getByText(w.records, { exact: true }).click();
  await recordOf(run, name).waitFor();
  const [back] = await loansByName(name);
  expect(back?.isDeleted).toBe(false);
  await shot(run, '4-restored');
};

/** Downloads what `click` starts; returns the file's path. */
const download = async (page: Page, click: () => Promise<void>, name: string): Promise<string> => {
  const downloading = page.waitForEvent('download');
  await click();
  const path = join(workDir, name);
  await (await downloading).saveAs(path);
  return path;
};
/** The first sheet's rows as header → shown text. */
const sheetRows = async (path: string): Promise<Record<string, string>[]> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error(`${path} has no sheet`);
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const out: Record<string, string>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    out.push(Object.fromEntries(header.map((title, i) => [title, row.getCell(i + 1).text])));
  });
  return out;
};

/** 5. Export books and loans to Excel; the loans go back in through the import page as new records. */
const exportAndImport = async (run: Run) => {
  const { page } = run;
  const exportExcel = () =>
    page
      .getByRole('button', { name: /导出EXCEL/ })
      .first()
      .click();
  await page.goto(primary('business/book'));
  await recordOf(run, '三体').waitFor();
  const books = await sheetRows(await download(page, exportExcel, 'books.xlsx'));
  expect(books.find((row) => row['名称'] === '三体')).toMatchObject({ 类别: '科幻', 在库: 'true' });
  expect(books.find((row) => row['名称'] === '围城')).toMatchObject({ 类别: '小说', 在库: 'false' });

  await page.goto(primary('business/loan'));
  await recordOf(run, 'L-001').waitFor();
  const loans = await sheetRows(await download(page, exportExcel, 'loans.xlsx'));
  expect(loans.find((row) => row['名称'] === 'L-001')).toMatchObject({
    已归还: 'false',
    方式: '外借',
  });
  expect(loans.find((row) => row['名称'] === 'L-002')).toMatchObject({
    已归还: 'true',
    方式: '馆内阅览',
  });
  expect(Object.keys(loans[0] ?? {})).not.toContain('备注');
  // the book is written as the list shows it: its title
  expect(loans.find((row) => row['名称'] === 'L-001')?.['图书']).toBe('三体');
  expect(loans.find((row) => row['名称'] === 'L-002')?.['图书']).toBe('围城');

  // Booleans are written as Excel's own TRUE / FALSE cells (above: their text). The same rows go
  // back under new names, without their keys (new loans), with 已归还 typed as the screen says it.
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('借阅');
  const header = Object.keys(loans[0] ?? {}).filter((title) => title !== '编号');
  sheet.addRow(header);
  for (const row of loans.filter((candidate) => /^L-00[12]$/.test(candidate['名称'] ?? '')))
    sheet.addRow(
      header.map((title) =>
        title === '名称'
          ? row[title]?.replace('L-', 'R-')
          : title === '已归还'
            ? row[title] === 'true'
              ? '是'
              : '否'
            : row[title],
      ),
    );
  const again = join(workDir, 'loans-again.xlsx');
  await workbook.xlsx.writeFile(again);

  await page.getByRole('button', { name: '批量导入' }).click();
  await page.waitForURL(/\/business\/loan\/import$/);
  await page.locator('input[type=file]').setInputFiles(again);
  await page.getByText('共 2 行数据，预览前 2 行').waitFor();
  await shot(run, '5-import-preview');
  await page
    .getByRole('button', { name: /导\s*入/ })
    .last()
    .click();
  await page.getByText('导入完成').first().waitFor();
  await shot(run, '5-imported');
  const [first] = await loansByName('R-001');
  const [second] = await loansByName('R-002');
  // the book found again by its title
  expect(first).toMatchObject({ borrower: '张三', returned: false, mode: 'lend', bookId: bookIds['三体'] });
  expect(second).toMatchObject({
    borrower: '李四',
    returned: true,
    mode: 'reading',
    bookId: bookIds['围城'],
  });
};

/** 6. A book's edit link: the read-only view with its note and no save. */
const readOnlyBook = async (run: Run) => {
  const { page, w } = run;
  await page.goto(primary(`business/book/${bookIds['三体']}`));
  await page.getByText(w.readOnly).waitFor();
  await expect
    .poll(() => page.locator('.ant-collapse').getByLabel(w.name, { exact: true }).inputValue())
    .toBe('三体');
  expect(await page.getByRole('button', { name: w.save }).count()).toBe(0);
  // who made it, by name, although the clerk may not read the user table
  expect(await page.locator('.ant-collapse').getByLabel(w.createdBy, { exact: true }).inputValue()).toBe(
    w.admin,
  );
  await shot(run, '6-read-only-book');
};

/** A loan opened from the list: its form shows the book by title. */
const openLoan = async (run: Run, name: string) => {
  const { page } = run;
  await page.goto(primary('business/loan'));
  const record = recordOf(run, name);
  await record.waitFor();
  if (run.phone) await record.getByRole('link').first().click();
  else await record.getByRole('button', { name: run.locale === 'zh-CN' ? /编\s*辑/ : /Edit/ }).click();
  await page.waitForURL((url) => /\/business\/loan\/\d+$/.test(url.pathname));
  await expect.poll(() => page.locator('#bookId').inputValue()).toBe('三体');
  await shot(run, '3-loan-record');
};

/** 7. The reversed table of the other data source: its rows, the artist by name. */
const reversedAlbums = async (run: Run) => {
  const { page } = run;
  await page.goto(app(`dataSource/music/business/${album.name}?q=Salute`));
  const record = recordOf(run, 'For Those About To Rock We Salute You');
  await record.waitFor();
  expect(await record.innerText()).toContain('AC/DC');
  await shot(run, '7-reversed-albums');
};

/** 8. A right granted while the clerk is signed in reaches the open page: 添加 on the books. */
const grantWhileSignedIn = async (run: Run, base: string) => {
  const { page, w } = run;
  await api.call('PATCH', `/business/role/${roleId}`, { permissions: base });
  await page.goto(primary('business/book'));
  await recordOf(run, '三体').waitFor();
  expect(await page.getByRole('button', { name: w.add }).count()).toBe(0);
  await api.call('PATCH', `/business/role/${roleId}`, { permissions: `${base},business:book:create` });
  await page.evaluate(
    "window.dispatchEvent(new Event('focus')); window.dispatchEvent(new Event('visibilitychange'))",
  );
  await page.getByRole('button', { name: w.add }).waitFor();
  await shot(run, '8-granted-create');
  await api.call('PATCH', `/business/role/${roleId}`, { permissions: base });
};

describe('a clerk’s working day', () => {
  it('zh-CN at 1440 × 900: the whole day', async () => {
    const run = await clerkSignsIn('zh-CN', 1440, 900);
    const { permissions } = await api.call<{ permissions: string }>('GET', `/business/role/${roleId}`);
    await homeAndMenu(run);
    await loanList(run);
    await newLoan(run, 'L-003', '活着');
    await deleteAndRestore(run, 'L-003');
    await exportAndImport(run);
    await readOnlyBook(run);
    await reversedAlbums(run);
    await grantWhileSignedIn(run, permissions.replace(',business:book:create', ''));
    expect(run.errors).toEqual([]);
    await run.page.context().close();
  }, 180_000);

  for (const [locale, width, height] of [
    ['en-US', 1024, 768],
    ['zh-CN', 390, 844],
    ['en-US', 390, 844],
  ] as const) {
    it(`${locale} at ${width} × ${height}: the loans by book title, a loan, a book read-only, a restore`, async () => {
      const run = await clerkSignsIn(locale, width, height);
      await homeAndMenu(run);
      await loanList(run);
      await openLoan(run, 'L-001');
      await readOnlyBook(run);
      // a failed first attempt may have left the loan in the recycle bin: the retry starts afresh
      const loan = await api.call<Loan>('GET', `/business/loan/${loanIds['L-002']}`);
      if (loan.isDeleted) await api.call('POST', `/business/loan/${loanIds['L-002']}/restore`);
      await run.page.goto(primary('business/loan'));
      await deleteAndRestore(run, 'L-002');
      expect(run.errors).toEqual([]);
      await run.page.context().close();
    }, 120_000);
  }
});
