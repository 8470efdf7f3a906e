/**
 * JavaScript the browser downloads for a route, gzip-compressed the way a server would send it.
 * Starts the real server on the built web app (run `npm run build` first), opens the route in
 * headless Chromium and gzips every script response it received.
 *
 *   tsx bench/web-bundle.ts
 */
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/helpers/browser';
import { startServer } from '../tests/e2e/helpers/start-server';

const LOGIN_TARGET_KB = 300;

interface Loaded {
  files: number;
  gzipBytes: number;
  rawBytes: number;
}

/** Records every script the page loads until `settle` resolves. */
const scriptsLoadedBy = async (page: Page, settle: () => Promise<void>): Promise<Loaded> => {
  const bodies: Promise<Buffer>[] = [];
  const seen = new Set<string>();
  page.on('response', (response) => {
    const url = response.url();
    if (response.request().resourceType() !== 'script' || seen.has(url)) return;
    seen.add(url);
    bodies.push(response.body());
  });
  await settle();
  await page.waitForLoadState('networkidle');
  const buffers = await Promise.all(bodies);
  return {
    files: buffers.length,
    rawBytes: buffers.reduce((sum, b) => sum + b.length, 0),
    gzipBytes: buffers.reduce((sum, b) => sum + gzipSync(b).length, 0),
  };
};

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

export const runWebBundle = async (): Promise<void> => {
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  try {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const loginPage = await context.newPage();
    const login = await scriptsLoadedBy(loginPage, async () => {
      await loginPage.goto(`${server.url}/crudboard/login`);
      await loginPage.getByPlaceholder('用户名').waitFor();
    });
    console.log(
      `web login route JS: ${kb(login.gzipBytes)} KB gzip (${kb(login.rawBytes)} KB raw, ${login.files} files)` +
        ` target <= ${LOGIN_TARGET_KB} KB ${login.gzipBytes <= LOGIN_TARGET_KB * 1024 ? 'MET' : 'MISSED'}`,
    );

    const home = await scriptsLoadedBy(loginPage, async () => {
      await loginPage.getByPlaceholder('用户名').fill('superadmin');
      await loginPage.getByPlaceholder('密码').fill(server.adminPassword);
      await loginPage.getByRole('button', { name: /登\s*录/ }).click();
      await loginPage.waitForURL((url) => !url.pathname.includes('/login'));
      await loginPage.getByText('超级管理员').first().waitFor();
      await loginPage.waitForTimeout(1000);
    });
    console.log(
      `web signed-in home, JS added after login: ${kb(home.gzipBytes)} KB gzip (${home.files} files);` +
        ` total ${kb(login.gzipBytes + home.gzipBytes)} KB gzip`,
    );
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runWebBundle();
}
