import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPage } from './helpers/browser';
import { createShop, SYSTEM_COLUMNS } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';

let server: RunningServer;
let browser: Browser;
let page: Page;
let errors: string[];

const app = (path = '') => `${server.url}/crudboard/dataSource/primary/${path}`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const api = await signInApi(server.url, server.adminPassword);
  await createShop(api);
  // A table whose list shows twelve text columns: wider than the window.
  const wide = Array.from({ length: 12 }, (_, i) => ({
    name: `note${i + 1}`,
    caption: `备注字段${i + 1}`,
    dataType: 'VARCHAR',
    length: 100,
    displayable: true,
  }));
  await api.call('POST', '/metadata/tables', {
    name: 'survey',
    pluralName: 'surveys',
    tableName: 'survey',
    caption: '调查',
    columns: [...SYSTEM_COLUMNS, ...wide].map((column, i) => ({ displayOrder: i, ...column })),
  });
  await api.call('POST', '/business/survey', {
    name: '第一份调查',
    ...Object.fromEntries(wide.map((c) => [c.name, `${c.caption}的一段较长的内容`])),
  });
  ({ page, errors } = await signedInPage(browser, server.url, server.adminPassword, {
    width: 1024,
    height: 768,
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const siderCollapsed = () =>
  page
    .locator('.ant-layout-sider')
    .evaluate((sider) => sider.classList.contains('ant-layout-sider-collapsed'));

/** The page scrolls sideways when its content is wider than the window. */
const pageOverflow = () =>
  page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  ) as Promise<number>;

describe('a 1024 × 768 window', () => {
  it('folds the side menu, and remembers the toggle', async () => {
    await page.goto(app('business/customer'));
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    expect(await siderCollapsed()).toBe(true);
    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect.poll(siderCollapsed).toBe(false);
    await page.reload();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    expect(await siderCollapsed()).toBe(false);
    await page.getByRole('button', { name: '收起菜单' }).click();
    await expect.poll(siderCollapsed).toBe(true);
    await page.reload();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    expect(await siderCollapsed()).toBe(true);
  });

  for (const table of ['customer', 'survey']) {
    it(`shows the key, the title column and the row actions of a list without scrolling the page sideways (${table})`, async () => {
      await page.goto(app(`business/${table}`));
      const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
      await row.waitFor();
      const headers = await page.locator('.ant-table-thead th').allInnerTexts();
      expect(headers.map((h) => h.trim())).toEqual(expect.arrayContaining(['编号', '名称', '操作']));
      expect(await pageOverflow()).toBeLessThanOrEqual(0);
      // Every header of the three is inside the window, and the actions are not covered.
      for (const text of ['编号', '名称', '操作']) {
        const box = await page
          .locator('.ant-table-thead th', { hasText: new RegExp(`^${text}$`) })
          .first()
          .boundingBox();
        expect(box).not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1024);
      }
      const actions = row.locator('td').last();
      const target = await actions.locator('a, button').first().boundingBox();
      expect(target).not.toBeNull();
      const x = (target?.x ?? 0) + (target?.width ?? 0) / 2;
      const y = (target?.y ?? 0) + (target?.height ?? 0) / 2;
      // The cell under the action's middle is the actions cell itself: nothing covers it.
      const hit = await page.evaluate(
        `document.elementFromPoint(${x}, ${y})?.closest('td')?.cellIndex ?? -1`,
      );
      expect(hit).toBe((await row.locator('td').count()) - 1);
      // A folded menu opens no group over the page.
      expect(await page.locator('.ant-menu-submenu-popup:visible').count()).toBe(0);
      await screenshot(page, `narrow-window-list-${table}`);
      expect(errors).toEqual([]);
    });
  }
});
