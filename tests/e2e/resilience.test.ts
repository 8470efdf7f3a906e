import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi, type ApiSession } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPage } from './helpers/browser';
import { SYSTEM_COLUMNS } from './helpers/shop';
import { freePort, startServer, type RunningServer } from './helpers/start-server';

/** Payloads that would run if any screen put them into the page as HTML. */
const IMG = '<img src=x onerror="window.__xss=(window.__xss||0)+1">';
const SCRIPT = '<script>window.__xss=(window.__xss||0)+1</script>';

let browser: Browser;
let server: RunningServer;
let page: Page;
let api: ApiSession;
let errors: string[];
let port: number;
const dataDir = mkdtempSync(join(tmpdir(), 'crudboard-e2e-resilience-'));

/** The same server each time: one port, one data directory (so sessions and data survive). */
const start = () => startServer({ PORT: String(port), DATA_DIR: dataDir });
const app = (path = '') => `${server.url}/crudboard/${path}`;

beforeAll(async () => {
  port = await freePort();
  [server, browser] = await Promise.all([start(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  ({ page, errors } = await signedInPage(browser, server.url, server.adminPassword));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const injected = () => page.evaluate<number>('window.__xss ?? 0');

describe('hostile text and a server that goes away, in a real browser', () => {
  it('shows values and captions with <script> and <img onerror> as text on every screen', async () => {
    const tableId = await api.call<number>('POST', '/metadata/tables', {
      name: 'note',
      pluralName: 'notes',
      tableName: 'note',
      caption: `便签${IMG}`,
      columns: [
        ...SYSTEM_COLUMNS,
        { name: 'body', caption: `内容${SCRIPT}`, dataType: 'VARCHAR', length: 200, queryable: true },
      ].map((column, i) => ({ displayOrder: i, ...column })),
    });
    const recordId = await api.call<number>('POST', '/business/note', { name: IMG, body: SCRIPT });

    const screens = [
      'dataSource/primary/business/note',
      `dataSource/primary/business/note/${recordId}`,
      `dataSource/primary/business/note/${recordId}/edit`,
      'dataSource/primary/metadata/tables',
      `dataSource/primary/metadata/tables/${tableId}`,
    ];
    for (const screen of screens) {
      await page.goto(app(screen));
      await page
        .getByText(/便签|内容|<img/)
        .first()
        .waitFor();
      await page.waitForLoadState('networkidle');
      expect(await injected(), screen).toBe(0);
      expect(await page.locator('img[src="x"]').count(), screen).toBe(0);
    }
    await page.goto(app('dataSource/primary/business/note'));
    await page.getByText(IMG, { exact: true }).first().waitFor();
    await page.getByText(SCRIPT, { exact: true }).first().waitFor();
    await screenshot(page, 'resilience-hostile-text');
    expect(await injected()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('says clearly that the server cannot be reached, and recovers when it is back', async () => {
    await page.goto(app('dataSource/primary/business/note'));
    await page.getByText('共 1 条记录').waitFor();

    await server.stop();
    await page.getByRole('button', { name: '刷新' }).click();
    const notice = page.locator('.ant-notification-notice, .ant-message-notice, .ant-alert').filter({
      hasText: '无法连接到服务器，请检查网络或稍后重试 (Network Error)',
    });
    await notice.first().waitFor();
    await screenshot(page, 'resilience-server-down');

    server = await start();
    await page.getByRole('button', { name: '刷新' }).click();
    await page.getByText('共 1 条记录').waitFor();
    await page.getByText(IMG, { exact: true }).first().waitFor();
    expect(await injected()).toBe(0);
  });
});
