/**
 * How long a full page load of the built app takes until the screen is usable, in headless
 * Chromium: signing in (login page → home), a reload of home, a create form and a list opened by
 * their address, each repeated in fresh browser contexts and again with a warm HTTP cache. Prints
 * one line per screen (median and worst) and every request that took longer than 2 s, so that a
 * load which hangs shows which request held it.
 *
 *   BENCH_PAGE_LOAD_RUNS   rounds (default 10)
 *
 *   tsx bench/page-load.ts
 */
import type { Page, Request } from 'playwright-core';
import { signInApi } from '../tests/e2e/helpers/api-session';
import { launchBrowser } from '../tests/e2e/helpers/browser';
import { createShop } from '../tests/e2e/helpers/shop';
import { startServer } from '../tests/e2e/helpers/start-server';
import { envInteger, median } from './bench-stats';

const SLOW_REQUEST_MS = 2000;
const TARGET_MS = 3000;

interface Screen {
  name: string;
  /** Opens the screen and resolves when it is usable. */
  open(page: Page, base: string): Promise<void>;
}

const SCREENS: Screen[] = [
  {
    name: 'home after reload',
    open: async (page, base) => {
      await page.goto(`${base}/crudboard/`);
      await page.getByText('业务数据').first().waitFor();
      await page.locator('.ant-card').first().waitFor();
    },
  },
  {
    name: 'create form by address',
    open: async (page, base) => {
      await page.goto(`${base}/crudboard/dataSource/primary/business/salesOrder/new`);
      await page.getByText('添加销售订单').first().waitFor();
      await page
        .getByRole('button', { name: /保\s*存/ })
        .first()
        .waitFor();
    },
  },
  {
    name: 'list by address',
    open: async (page, base) => {
      await page.goto(`${base}/crudboard/dataSource/primary/business/customer`);
      await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    },
  },
];

export const runPageLoad = async (): Promise<void> => {
  const runs = envInteger('BENCH_PAGE_LOAD_RUNS', 10);
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const slow: string[] = [];
  const times = new Map<string, number[]>();
  const record = (name: string, ms: number) => times.set(name, [...(times.get(name) ?? []), ms]);
  try {
    await createShop(await signInApi(server.url, server.adminPassword));
    for (let round = 0; round < runs; round += 1) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
      const page = await context.newPage();
      const started = new Map<Request, number>();
      page.on('request', (request) => started.set(request, Date.now()));
      const finish = (request: Request, outcome: string) => {
        const took = Date.now() - (started.get(request) ?? Date.now());
        if (took > SLOW_REQUEST_MS) slow.push(`${took} ms ${outcome} ${request.method()} ${request.url()}`);
      };
      page.on('requestfinished', (request) => finish(request, 'finished'));
      page.on('requestfailed', (request) => finish(request, `failed (${request.failure()?.errorText})`));

      let begun = performance.now();
      await page.goto(`${server.url}/crudboard/login`);
      await page.getByPlaceholder('用户名').fill('superadmin');
      await page.getByPlaceholder('密码').fill(server.adminPassword);
      begun = performance.now();
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL((url) => !url.pathname.includes('/login'));
      await page.locator('.ant-card').first().waitFor();
      record('sign in → home', performance.now() - begun);
      for (const cache of ['cold', 'warm']) {
        for (const screen of SCREENS) {
          begun = performance.now();
          await screen.open(page, server.url);
          record(
            `${screen.name} (${cache === 'cold' && round === 0 ? 'first' : 'cached'})`,
            performance.now() - begun,
          );
        }
      }
      await context.close();
    }
    for (const [name, values] of times) {
      const worst = Math.max(...values);
      console.log(
        `page load ${name}: p50 ${median(values).toFixed(0)} ms, worst ${worst.toFixed(0)} ms over ${values.length}` +
          ` target <= ${TARGET_MS} ms ${worst <= TARGET_MS ? 'MET' : 'MISSED'}`,
      );
    }
    console.log(
      slow.length === 0
        ? 'page load: no request took over 2 s'
        : `page load slow requests:\n${slow.join('\n')}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runPageLoad();
