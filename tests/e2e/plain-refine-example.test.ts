import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi } from './helpers/api-session';
import { launchBrowser, screenshot, trackPageErrors } from './helpers/browser';
import { serveWithApi, type ServedApp } from './helpers/serve-with-api';
import { SYSTEM_COLUMNS } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';

const example = resolve(import.meta.dirname, '../../examples/plain-refine');
const PRODUCTS = 12;

let outDir: string;
let server: RunningServer;
let browser: Browser;
let app: ServedApp;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'crudboard-plain-refine-'));
  const built = build({
    configFile: join(example, 'vite.config.ts'),
    build: { outDir, emptyOutDir: true },
    logLevel: 'error',
  });
  [server, browser] = await Promise.all([startServer(), launchBrowser(), built]);
  const api = await signInApi(server.url, server.adminPassword);
  await api.call('POST', '/metadata/tables', {
    name: 'product',
    pluralName: 'products',
    tableName: 'product',
    caption: '产品',
    columns: [
      ...SYSTEM_COLUMNS,
      { name: 'price', caption: '价格', dataType: 'INT', queryable: true, displayable: true },
    ].map((column, i) => ({ displayOrder: i, ...column })),
  });
  for (let i = 1; i <= PRODUCTS; i += 1)
    await api.call('POST', '/business/product', { name: `产品${String(i).padStart(2, '0')}`, price: i * 10 });
  await api.call('PATCH', '/business/product/1', { price: 15 });
  app = await serveWithApi(outDir, server.url);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await browser?.close();
  await server?.stop();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('examples/plain-refine on createCrudboardClient', () => {
  it('signs in, pages through a business table served on the same origin, lists the dearest products typed', async () => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    const errors = trackPageErrors(page);

    await page.goto(`${app.url}/`);
    await page.waitForURL(/\/login$/);
    await page.getByPlaceholder('用户名').fill('superadmin');
    await page.getByPlaceholder('密码').fill('wrong password');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByPlaceholder('密码').fill(server.adminPassword);
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText('超级管理员').waitFor();

    await page.getByRole('link', { name: '产品' }).click();
    await page.waitForURL(/\/tables\/product$/);
    const rows = page.locator('tbody tr');
    await page.getByText(`共 ${PRODUCTS} 条记录`).waitFor();
    await rows.filter({ hasText: '产品01' }).waitFor();
    expect(await rows.count()).toBe(10);
    expect(await page.getByRole('columnheader').allInnerTexts()).toEqual(
      expect.arrayContaining(['名称', '价格']),
    );

    await page.getByRole('button', { name: '下一页' }).click();
    await rows.filter({ hasText: '产品12' }).waitFor();
    expect(await rows.count()).toBe(PRODUCTS - 10);
    await screenshot(page, 'plain-refine-example');

    // a record's history through Refine's useLogList and the client's audit-log provider
    await page.getByRole('button', { name: '上一页' }).click();
    await rows.filter({ hasText: '产品01' }).getByRole('link', { name: '历史' }).click();
    await page.waitForURL(/\/tables\/product\/1\/history$/);
    const revisions = page.locator('li[data-revision]');
    await expect
      .poll(() => revisions.allInnerTexts())
      .toEqual([
        expect.stringMatching(/^修改 · 超级管理员 · [^]*price: 10 → 15/),
        expect.stringMatching(/^新建 · 超级管理员 · [^]*name:\s*→ 产品01/),
      ]);
    await screenshot(page, 'plain-refine-example-history');
    await page.getByRole('link', { name: '返回' }).click();
    await page.waitForURL(/\/tables\/product$/);

    // the page typed with the generated record types (crudboard-types.ts, `npm run types`)
    await page.getByRole('link', { name: '价格排行' }).click();
    await page.waitForURL(/\/prices$/);
    const dearest = page.locator('li[data-product]');
    await expect
      .poll(() => dearest.allInnerTexts())
      .toEqual(['产品12: 120', '产品11: 110', '产品10: 100', '产品09: 90', '产品08: 80']);
    await page.getByRole('link', { name: '返回' }).click();
    await page.waitForURL(/\/$/);

    // its storage keys carry its prefix, so crudboard's own app on this origin is not signed in
    const storedKeys = (): Promise<string[]> => page.evaluate('Object.keys(localStorage).sort()');
    const keys = await storedKeys();
    expect(keys).toEqual(['plain-refine:permission', 'plain-refine:token', 'plain-refine:userInfo']);

    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL(/\/login$/);
    expect(await storedKeys()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
