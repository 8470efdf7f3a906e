import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi, type ApiSession } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPageIn } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/start-server';
import { clickWhenStill } from './helpers/click-when-still';

/**
 * Record history away from primary: a table of another data source (`store`), reversed from an
 * existing database, keyed by a text code rather than a number. Its records' revisions are kept
 * in primary; the history, a whole-record restore and a deleted record's restore work there as
 * they do on primary, in Chinese on a desktop and in English on a phone.
 */
let server: RunningServer;
let browser: Browser;
let api: ApiSession;
const sourceDir = mkdtempSync(join(tmpdir(), 'crudboard-e2e-history-'));

const app = (path = '') => `${server.url}/crudboard/${path}`;
const onStore = (path: string) => `${path}${path.includes('?') ? '&' : '?'}dataSource=store`;

interface Sku {
  code: string;
  title: string;
  price: number | string;
}
const sku = (code: string) => api.call<Sku>('GET', onStore(`/business/sku/${encodeURIComponent(code)}`));

beforeAll(async () => {
  // The shop's own database, made before crudboard knew it: one product already in it.
  const db = new Database(join(sourceDir, 'store.sqlite'));
  db.exec(`CREATE TABLE sku (code TEXT PRIMARY KEY NOT NULL, title TEXT NOT NULL, price NUMERIC(10, 2));
           INSERT INTO sku (code, title, price) VALUES ('A-01', '蓝色圆珠笔', 3.5);`);
  db.close();
  const store = {
    name: 'store',
    caption: '门店库',
    client: 'sqlite',
    connection: join(sourceDir, 'store.sqlite'),
  };
  [server, browser] = await Promise.all([
    startServer({ DATA_SOURCES: JSON.stringify([store]) }),
    launchBrowser(),
  ]);
  api = await signInApi(server.url, server.adminPassword);
  await api.call('POST', onStore('/metadata/tables/metadatas/reverse'), ['sku']);

  await api.call('PATCH', onStore('/business/sku/A-01'), { title: '红色圆珠笔', price: 4 });
  await api.call('PATCH', onStore('/business/sku/A-01'), { title: '红色中性笔' });
  await api.call('POST', onStore('/business/sku'), { code: 'B-02', title: '订书机', price: 18.8 });
  await api.call('DELETE', onStore('/business/sku/B-02'));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(sourceDir, { recursive: true, force: true });
});

const drawer = (page: Page) => page.locator('.ant-drawer-content');
const revisions = (page: Page) => drawer(page).locator('[data-revision]');
const shot = async (page: Page, name: string) => {
  await page.locator('.ant-drawer-content-wrapper:not([class*="-motion-"])').waitFor();
  await page.waitForTimeout(300);
  await screenshot(page, name);
};

describe('record history on another data source, on a reversed table keyed by text', () => {
  it('restores a whole revision of A-01 and brings the deleted B-02 back (zh-CN, 1440 × 900)', async () => {
    const { page, errors } = await signedInPageIn(browser, server.url, {
      locale: 'zh-CN',
      viewport: { width: 1440, height: 900 },
      user: { username: 'superadmin', password: server.adminPassword },
    });
    await page.goto(app('dataSource/store/business/sku/A-01'));
    await page.locator('#title').waitFor();
    await page.getByRole('button', { name: '历史' }).click();
    // Two changes: the record was there before crudboard, so it has no creation of its own.
    await expect.poll(() => revisions(page).count()).toBe(2);
    const [newest, oldest] = await revisions(page).allInnerTexts();
    expect(newest).toMatch(/title\s*红色圆珠笔\s*红色中性笔/);
    expect(oldest).toMatch(/title\s*蓝色圆珠笔\s*红色圆珠笔/);
    expect(oldest).toMatch(/price\s*3\.5\d*\s*4/);
    await shot(page, 'record-history-store-1440-zh');

    // back to right after the first change
    await revisions(page).last().getByRole('button', { name: '恢复到此版本' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '确认恢复到此版本吗？' });
    await dialog.waitFor();
    await expect
      .poll(async () =>
        (await dialog.locator('.ant-table-tbody tr').allInnerTexts()).map((row) =>
          row.replace(/\s+/g, ' ').trim(),
        ),
      )
      .toEqual(['title 红色中性笔 红色圆珠笔']);
    await clickWhenStill(dialog.getByRole('button', { name: '恢复到此版本' }));
    await page.getByText('已恢复 1 个字段').waitFor();
    expect(await sku('A-01')).toMatchObject({ title: '红色圆珠笔' });
    await expect.poll(() => page.locator('#title').inputValue()).toBe('红色圆珠笔');

    // the deleted stapler, back with its code
    await page.goto(app('dataSource/store/business/sku'));
    await page.getByRole('button', { name: '已删除记录' }).click();
    const gone = drawer(page).locator('[data-deleted-record="B-02"]');
    await gone.waitFor();
    expect(await gone.innerText()).toContain('订书机');
    await shot(page, 'deleted-records-store-1440-zh');
    await gone.getByRole('button', { name: /恢\s*复/ }).click();
    const confirm = page.locator('.ant-modal').filter({ hasText: '确认恢复该记录吗？' });
    await confirm.getByText('将以原编号 B-02 重新创建', { exact: false }).waitFor();
    await clickWhenStill(confirm.getByRole('button', { name: /恢\s*复/ }));
    await drawer(page).getByText('没有已删除的记录').waitFor();
    expect(await sku('B-02')).toMatchObject({ title: '订书机' });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('shows the same history in English on a phone (en-US, 390 × 844)', async () => {
    const { page, errors } = await signedInPageIn(browser, server.url, {
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      user: { username: 'superadmin', password: server.adminPassword },
    });
    await page.goto(app('dataSource/store/business/sku/A-01'));
    await page.locator('#title').waitFor();
    await page.getByRole('button', { name: 'History' }).click();
    await expect.poll(() => revisions(page).count()).toBe(3);
    expect(await revisions(page).first().innerText()).toContain('History restore');
    expect((await drawer(page).boundingBox())?.width).toBeGreaterThan(380);
    await shot(page, 'record-history-store-390-en');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
