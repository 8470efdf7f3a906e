import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi, type ApiSession } from './helpers/api-session';
import { launchBrowser, screenshot, screenshotDir, signedInPage } from './helpers/browser';
import { SYSTEM_COLUMNS } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';
import { clickWhenStill } from './helpers/click-when-still';

let server: RunningServer;
let browser: Browser;
let api: ApiSession;
let page: Page;
let errors: string[];
let work: string;
let imagePath: string;
let recordId: number;
let invoiceId: number;

/** invoice → invoiceLine (one-to-many) → track (many-to-one): a line's track is a third table. */
const createInvoices = async (): Promise<number> => {
  const table = async (name: string, caption: string, en: string, columns: object[]) => {
    const id = await api.call<number>('POST', '/metadata/tables', {
      name,
      pluralName: `${name}s`,
      tableName: name,
      caption,
      captions: { 'en-US': en },
      columns: [...SYSTEM_COLUMNS, ...columns].map((column, i) => ({ displayOrder: i, ...column })),
    });
    return api.call<{ id: number; columns: { id: number; name: string }[] }>('GET', `/metadata/tables/${id}`);
  };
  const track = await table('track', '曲目', 'Track', []);
  const invoice = await table('invoice', '发票', 'Invoice', []);
  const line = await table('invoiceLine', '发票明细', 'Invoice line', [
    { name: 'invoiceId', caption: '发票', dataType: 'BIGINT' },
    { name: 'trackId', caption: '曲目编号', captions: { 'en-US': 'Track id' }, dataType: 'BIGINT' },
    { name: 'qty', caption: '数量', captions: { 'en-US': 'Quantity' }, dataType: 'INT' },
  ]);
  const col = (t: { columns: { id: number; name: string }[] }, name: string) => ({
    id: t.columns.find((c) => c.name === name)?.id,
  });
  await api.call('POST', '/metadata/tablerelations', {
    name: 'lines',
    caption: '明细',
    relationType: 'OneToMany',
    fromTable: { id: invoice.id },
    toTable: { id: line.id },
    fromColumn: col(invoice, 'id'),
    toColumn: col(line, 'invoiceId'),
  });
  await api.call('POST', '/metadata/tablerelations', {
    name: 'track',
    caption: '曲目',
    captions: { 'en-US': 'Track' },
    relationType: 'ManyToOne',
    fromTable: { id: line.id },
    toTable: { id: track.id },
    fromColumn: col(line, 'trackId'),
    toColumn: col(track, 'id'),
  });
  const sunny = await api.call<number>('POST', '/business/track', { name: '晴天' });
  await api.call<number>('POST', '/business/track', { name: '稻香' });
  const id = await api.call<number>('POST', '/business/invoice', { name: '发票一' });
  await api.call('POST', '/business/invoiceLine', { name: '第一行', invoiceId: id, trackId: sunny, qty: 1 });
  return id;
};

const FIELDS = 28;
const pad = (n: number) => String(n).padStart(2, '0');
const app = (path = '') => `${server.url}/crudboard/dataSource/primary/${path}`;

const useLanguage = async (locale: 'zh-CN' | 'en-US') => {
  await page.evaluate(`localStorage.setItem('locale', ${JSON.stringify(locale)})`);
};

/** The labels of the main section's fields, in the order they show. */
const labels = (): Promise<string[]> =>
  page.evaluate(`[...document.querySelectorAll('.ant-collapse-item:first-child .ant-form-item-label label')]
    .map((label) => label.textContent.trim())`);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  // A long table: the system columns, an attachment and 28 text fields (38 columns).
  await api.call('POST', '/metadata/tables', {
    name: 'dossier',
    pluralName: 'dossiers',
    tableName: 'dossier',
    caption: '档案',
    captions: { 'en-US': 'Dossier' },
    columns: [
      ...SYSTEM_COLUMNS,
      { name: 'scan', caption: '扫描件', captions: { 'en-US': 'Scan' }, dataType: 'ATTACHMENT', length: 500 },
      ...Array.from({ length: FIELDS }, (_, i) => ({
        name: `f${pad(i + 1)}`,
        caption: `字段${pad(i + 1)}`,
        captions: { 'en-US': `Field ${pad(i + 1)}` },
        dataType: 'VARCHAR',
        length: 50,
      })),
    ].map((column, i) => ({ displayOrder: i, ...column })),
  });
  recordId = await api.call<number>('POST', '/business/dossier', { name: '第一份档案', f28: '最后一项' });
  invoiceId = await createInvoices();
  work = mkdtempSync(join(tmpdir(), 'crudboard-e2e-record-form-'));
  ({ page, errors } = await signedInPage(browser, server.url, server.adminPassword, {
    width: 1440,
    height: 900,
  }));
  imagePath = join(work, 'scan.png');
  writeFileSync(
    imagePath,
    await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 64, height: 48 } }),
  );
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const TEXTS = {
  'zh-CN': {
    name: '名称',
    save: /保\s*存/,
    saved: '添加成功',
    replace: '替换',
    remove: '移除',
    failed: 'scan.png 上传失败：',
    kept: '原文件保持不变。',
    // the server answers in the page's language
    tooLarge: '文件太大',
    deleted: '是否删除',
    createdBy: '创建者编号',
    admin: '超级管理员',
  },
  'en-US': {
    name: 'Name',
    save: /Save/,
    saved: 'Created',
    replace: 'Replace',
    remove: 'Remove',
    failed: 'scan.png was not uploaded: ',
    kept: 'The previous file is kept.',
    tooLarge: 'too large',
    deleted: 'Deleted',
    createdBy: 'Created by',
    admin: 'Super administrator',
  },
} as const;

describe('the record form in a real browser (1440 × 900)', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    const text = TEXTS[locale];

    it(`uploads an attachment as soon as it is chosen and shows it (${locale})`, async () => {
      await useLanguage(locale);
      await page.goto(app('business/dossier/new'));
      const field = page.locator('.attachment-input');
      await field.waitFor();
      await page.getByLabel(text.name, { exact: true }).first().fill(`附件档案 ${locale}`);
      // no second upload button, no "no file chosen"
      expect(await page.getByRole('button', { name: /^(上\s*传|Upload)$/ }).count()).toBe(0);
      await field.locator('input[type="file"]').setInputFiles(imagePath);
      await field.locator('.attachment-name', { hasText: 'scan.png' }).waitFor();
      const thumbnail = field.locator('img');
      await expect
        .poll(() => thumbnail.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
        .toBe(64);
      await field.getByRole('button', { name: text.replace }).waitFor();
      await field.getByRole('button', { name: text.remove }).waitFor();
      expect(await page.getByText(/未选择文件|No file chosen/).count()).toBe(0);
      await field.scrollIntoViewIfNeeded();
      await screenshot(page, `record-form-attachment-${locale}`);

      // A failed replacement says why and keeps the uploaded file.
      await page.route('**/api/file', (route) =>
        route.fulfill({ status: 413, json: { code: 'PAYLOAD_TOO_LARGE', message: text.tooLarge } }),
      );
      await field.locator('input[type="file"]').setInputFiles(imagePath);
      const alert = field.getByRole('alert');
      await alert.waitFor();
      expect((await alert.innerText()).split('\n')).toEqual([`${text.failed}${text.tooLarge}`, text.kept]);
      await field.locator('.attachment-name', { hasText: 'scan.png' }).waitFor();
      await screenshot(page, `record-form-attachment-failed-${locale}`);
      await page.unroute('**/api/file');

      await page.getByRole('button', { name: text.save }).click();
      await page.getByText(text.saved).first().waitFor();
      const rows = await api.call<{ id: number; name: string; scan: string }[]>('GET', '/business/dossier');
      const saved = rows.find((row) => row.name === `附件档案 ${locale}`);
      expect(saved?.scan).toMatch(/^\/download\/files\/\w+\.png$/);
      // reopened, the file is named as it was uploaded, not by its stored name
      await page.goto(app(`business/dossier/${saved?.id}`));
      await page.locator('.attachment-input .attachment-name', { hasText: 'scan.png' }).waitFor();
      expect(await page.locator('.attachment-input .attachment-name').innerText()).not.toMatch(
        /[0-9a-f]{32}/,
      );
      expect(errors).toEqual([]);
    });

    it(`shows who created a record by name and never the soft-delete flag; fields keep their places (${locale})`, async () => {
      await useLanguage(locale);
      await page.goto(app('business/dossier/new'));
      await page.locator('.attachment-input').waitFor();
      const onCreate = await labels();
      expect(onCreate).not.toContain(text.deleted);
      expect(onCreate).not.toContain(text.createdBy);

      await page.goto(app(`business/dossier/${recordId}`));
      const createdBy = page.locator('input#createById');
      await expect.poll(() => createdBy.inputValue()).toBe(text.admin);
      expect(await createdBy.isDisabled()).toBe(true);
      const onEdit = await labels();
      expect(onEdit.slice(0, onCreate.length)).toEqual(onCreate);
      expect(onEdit).toContain(text.createdBy);
      expect(onEdit).not.toContain(text.deleted);
      await createdBy.scrollIntoViewIfNeeded();
      await screenshot(page, `record-form-audit-${locale}`);
    });

    it(`keeps save and cancel in view on a long form without hiding its last field (${locale})`, async () => {
      await useLanguage(locale);
      await page.goto(app(`business/dossier/${recordId}`));
      const bar = page.locator('.record-form-actions');
      await bar.waitFor();
      const save = bar.getByRole('button', { name: text.save });
      const inView = async () => {
        const box = await save.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 900;
      };
      expect(await inView()).toBe(true);
      await page.screenshot({ path: resolve(screenshotDir, `record-form-sticky-top-${locale}.png`) });

      // At the end of the form the bar rests below the last field.
      const last = page.locator('input#f28');
      await bar.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await last.scrollIntoViewIfNeeded();
      await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
      expect(await inView()).toBe(true);
      const lastBox = await last.boundingBox();
      const barBox = await bar.boundingBox();
      expect(lastBox && barBox && lastBox.y + lastBox.height <= barBox.y).toBe(true);
      await page.screenshot({ path: resolve(screenshotDir, `record-form-sticky-end-${locale}.png`) });
    });
  }
});

describe('a sub-table row’s relation to a third table', () => {
  for (const [locale, header, from, to, ok, save, saved] of [
    ['zh-CN', '曲目', '晴天', '稻香', /确\s*定/, /保\s*存/, '修改成功'],
    ['en-US', 'Track', '稻香', '晴天', /OK/, /Save/, 'Saved'],
  ] as const) {
    it(`is picked with the relation picker and shown by title (${locale})`, async () => {
      await useLanguage(locale);
      await page.goto(app(`business/invoice/${invoiceId}`));
      const cell = page.locator('input#lines_0_trackId');
      await expect.poll(() => cell.inputValue()).toBe(from);
      const headers = await page.locator('.ant-table-thead th').allInnerTexts();
      expect(headers.map((text) => text.trim())).toContain(header);
      await page.locator('td', { has: cell }).getByRole('button').last().click();
      const dialog = page.locator('.ant-modal').last();
      await dialog.locator('tr', { hasText: to }).locator('input[type="radio"]').check();
      await clickWhenStill(dialog.getByRole('button', { name: ok }));
      await expect.poll(() => cell.inputValue()).toBe(to);
      await cell.scrollIntoViewIfNeeded();
      await screenshot(page, `record-form-sub-table-relation-${locale}`);
      await page.getByRole('button', { name: save }).click();
      await page.getByText(saved).first().waitFor();
      const tracks = await api.call<{ id: number; name: string }[]>('GET', '/business/track');
      const lines = await api.call<{ trackId: number | string }[]>('GET', '/business/invoiceLine');
      expect(String(lines[0]?.trackId)).toBe(String(tracks.find((t) => t.name === to)?.id));
      expect(errors).toEqual([]);
    });
  }
});

describe('signing in', () => {
  for (const [locale, user, password, submit] of [
    ['zh-CN', '用户名', '密码', /登\s*录/],
    ['en-US', 'Username', 'Password', /Sign in/],
  ] as const) {
    it(`a wrong password shows one message; a good sign-in leaves no error behind (${locale})`, async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
      const login = await context.newPage();
      await login.goto(`${server.url}/crudboard/login`);
      await login.evaluate(`localStorage.setItem('locale', ${JSON.stringify(locale)})`);
      await login.reload();
      await login.getByPlaceholder(user).fill('superadmin');
      await login.getByPlaceholder(password).fill('wrong-password');
      await login.getByRole('button', { name: submit }).click();
      const alert = login.locator('main [role="alert"]');
      await alert.waitFor();
      const said = (await alert.innerText()).trim();
      expect(said).not.toBe('');
      await login.waitForTimeout(500);
      expect(await login.locator('.ant-message-notice').allInnerTexts()).toEqual([]);
      expect(await login.getByText(said, { exact: true }).count()).toBe(1);
      await screenshot(login, `login-wrong-password-${locale}`);

      // Signed in, then the session ends on the server: the 401 notice leads back here.
      await login.getByPlaceholder(password).fill(server.adminPassword);
      await login.getByRole('button', { name: submit }).click();
      await login.waitForURL((url) => !url.pathname.includes('/login'));
      await context.clearCookies();
      await login.goto(`${server.url}/crudboard/dataSource/primary/business/dossier`);
      await login.waitForURL((url) => url.pathname.includes('/login'));
      await login.locator('.ant-message-notice').first().waitFor();
      await login.getByPlaceholder(user).fill('superadmin');
      await login.getByPlaceholder(password).fill(server.adminPassword);
      await login.getByRole('button', { name: submit }).click();
      await login.waitForURL((url) => !url.pathname.includes('/login'));
      // The 401 notice was still up (it stays 3 s); signing in closes it at once (it may still be
      // fading out).
      await login.waitForTimeout(300);
      expect(
        await login.locator('.ant-message-notice-wrapper:not([class*="-leave"])').allInnerTexts(),
      ).toEqual([]);
      await screenshot(login, `login-after-sign-in-${locale}`);
      await context.close();
    });
  }
});
