import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPage, signedInPageIn } from './helpers/browser';
import { createShop } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';

let server: RunningServer;
let browser: Browser;
let page: Page;
let errors: string[];

const app = (path = '') => `${server.url}/crudboard/dataSource/primary/${path}`;

beforeAll(async () => {
  // A keyword or filter matching more than 20 records is counted up to 20 (the shop has 25 customers).
  [server, browser] = await Promise.all([startServer({ COUNT_EXACT_LIMIT: '20' }), launchBrowser()]);
  const api = await signInApi(server.url, server.adminPassword);
  await createShop(api);
  ({ page, errors } = await signedInPage(browser, server.url, server.adminPassword));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const CUSTOMERS = '/api/business/customer';

/**
 * The reads of customer records (the list and its count; not the row hints of
 * `/history/latest`) the page sends while `act` runs, the list settles and a moment after.
 */
const listReads = async (act: () => Promise<unknown>, settled: () => Promise<unknown>): Promise<string[]> => {
  const seen: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    const path = url.pathname.slice(CUSTOMERS.length) || '/';
    if (url.pathname.startsWith(CUSTOMERS) && request.method() === 'GET' && !path.startsWith('/history'))
      seen.push(`${path}${url.search}`);
  };
  page.on('request', onRequest);
  try {
    await act();
    await settled();
    await page.waitForTimeout(1000);
  } finally {
    page.off('request', onRequest);
  }
  return seen;
};

const pager = () => page.getByRole('navigation', { name: 'pagination' });

describe('a business list', () => {
  it('asks for its rows once per change (opening, a page, a keyword, a sort), and counts only for new rows', async () => {
    const opened = await listReads(
      () => page.goto(app('business/customer')),
      () => pager().getByText('共 25 条').waitFor(),
    );
    const paged = await listReads(
      () => pager().getByRole('button', { name: '2', exact: true }).click(),
      () => pager().locator('button[aria-current="page"]', { hasText: '2' }).waitFor(),
    );
    const searched = await listReads(
      async () => {
        await page.getByPlaceholder('请输入关键字').fill('上海');
        await page.getByPlaceholder('请输入关键字').press('Enter');
      },
      () => pager().getByText('共 5 条').waitFor(),
    );
    const sorted = await listReads(
      () => page.locator('th', { hasText: '名称' }).first().click(),
      () => page.waitForURL(/sort=name/),
    );
    // the page and its total in one request; another page or order of the same rows reuses the total
    expect(opened).toEqual(['/?isDeleted=false&offset=0&limit=10&withTotal=true']);
    expect(paged).toEqual(['/?isDeleted=false&offset=10&limit=10']);
    const keyword = 'search=%E4%B8%8A%E6%B5%B7&isDeleted=false';
    expect(searched).toEqual([`/?${keyword}&offset=0&limit=10&withTotal=true`]);
    expect(sorted).toEqual([`/?${keyword}&orderby=name+ASC&collation=pinyin&offset=0&limit=10`]);
    expect(errors).toEqual([]);
  });

  it('says 20+ when a filter matches more than it counts, counts exactly when asked, and reaches the last page', async () => {
    // SQLite counts a keyword's matches exactly in its search table: a filter shows the bound
    const since = (day: string) => `f.createdDate=${encodeURIComponent(`GE ${day} 00:00:00`)}`;
    const filter = 'createdDate=GE+2000-01-01+00:00:00&isDeleted=false';
    const opened = await listReads(
      () => page.goto(app(`business/customer?${since('2000-01-01')}`)),
      () => pager().getByText('共 20+ 条记录 第 1 页').waitFor(),
    );
    expect(opened).toEqual([`/?${filter}&offset=0&limit=10&withTotal=true`]);
    await screenshot(page, 'list-total-lower-bound');
    // 末页 counts exactly, then shows the last page with the total it found
    const last = await listReads(
      () => pager().getByRole('button', { name: '末页' }).click(),
      () => pager().getByText('共 25 条记录 第 3 / 3 页').waitFor(),
    );
    expect(last).toEqual([
      `/?${filter}&offset=0&limit=10&withTotal=true&exactTotal=true`,
      `/?${filter}&offset=20&limit=10`,
    ]);
    expect(await page.locator('tbody tr[data-row-key]').count()).toBe(5);
    // 精确计数 on its own; another filter is counted up to the bound again
    await page.goto(app(`business/customer?${since('2001-01-01')}`));
    await pager().getByText('共 20+ 条记录 第 1 页').waitFor();
    await pager().getByRole('button', { name: '精确计数' }).click();
    await pager().getByText('共 25 条记录 第 1 / 3 页').waitFor();
    expect(errors).toEqual([]);
  });

  it('shows the bound and 精确计数 on a phone too, in English, without scrolling sideways', async () => {
    const phone = await signedInPageIn(browser, server.url, {
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      user: { username: 'superadmin', password: server.adminPassword },
    });
    await phone.page.goto(
      app(`business/customer?f.createdDate=${encodeURIComponent('GE 2002-01-01 00:00:00')}`),
    );
    const bar = phone.page.getByRole('navigation', { name: 'pagination' });
    await bar.getByText('20+ records, page 1').waitFor();
    await bar.getByText('Count exactly').scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'list-total-lower-bound-phone');
    expect(
      await phone.page.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      ),
    ).toBe(0);
    await bar.getByRole('button', { name: 'Count exactly' }).click();
    await bar.getByText('25 records, page 1 of 3').waitFor();
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();
  });
});
