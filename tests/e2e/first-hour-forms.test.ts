import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi, type ApiSession } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPage } from './helpers/browser';
import { closeColumnMore, openColumnMore } from './helpers/designer';
import { createShop } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';

let server: RunningServer;
let browser: Browser;
let api: ApiSession;
let page: Page;
let errors: string[];

const app = (path = '') => `${server.url}/crudboard/dataSource/primary/${path}`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  await createShop(api);
  ({ page, errors } = await signedInPage(browser, server.url, server.adminPassword, {
    width: 1440,
    height: 900,
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const useLanguage = async (locale: 'zh-CN' | 'en-US') => {
  await page.evaluate(`localStorage.setItem('locale', ${JSON.stringify(locale)})`);
};

/** Headers of the designer grid whose text does not fit their cell (a word broken or spilling over). */
const overflowingHeaders = (): Promise<{ count: number; overflowing: string[] }> =>
  page.evaluate(`(() => {
    const headers = [...document.querySelectorAll('[role="region"] table thead th')];
    return {
      count: headers.length,
      overflowing: headers.filter((th) => th.scrollWidth > th.clientWidth + 1).map((th) => th.textContent),
    };
  })()`);

describe('a new administrator’s first hour', () => {
  for (const [locale, display, help] of [
    ['zh-CN', '显示', '列表页默认显示此列'],
    ['en-US', 'Display', 'the list shows this column by default'],
  ] as const) {
    it(`the designer explains its flags and keeps its headers whole (${locale})`, async () => {
      await useLanguage(locale);
      await page.goto(app('metadata/tables/new'));
      // Enough rows for the grid to scroll down: its vertical scroll bar leaves room for every column.
      for (let i = 0; i < 12; i += 1)
        await page
          .getByRole('button', { name: locale === 'zh-CN' ? '添加字段' : 'Add column' })
          .first()
          .click();
      const header = page.locator('[data-help="displayable"]');
      await header.waitFor();
      expect(await header.textContent()).toBe(display);
      await header.hover();
      await page.locator('.ant-tooltip', { hasText: help }).waitFor();
      const headers = await overflowingHeaders();
      expect(headers.count).toBeGreaterThanOrEqual(12);
      expect(headers.overflowing).toEqual([]);
      // At 1440 × 900 the grid shows its common settings without a sideways scroll bar.
      const grid = await page.evaluate(`(() => {
        const region = document.querySelector('[role="region"]:has(table)');
        return { scrollWidth: region.scrollWidth, clientWidth: region.clientWidth };
      })()`);
      expect((grid as { scrollWidth: number }).scrollWidth).toBeLessThanOrEqual(
        (grid as { clientWidth: number }).clientWidth,
      );
      await expect(page.locator('#designer-captionEn').isVisible()).resolves.toBe(true);
      await screenshot(page, `first-hour-designer-${locale}`);
      await page.mouse.move(0, 0);
      // The advanced settings of a row are in its 更多 / More drawer.
      const drawer = await openColumnMore(page, 'createdDate');
      await drawer.getByText(locale === 'zh-CN' ? '默认值' : 'Default', { exact: true }).waitFor();
      await screenshot(page, `first-hour-designer-more-${locale}`);
      await closeColumnMore(page);
    });
  }

  it('a delete confirmation names the record and says where it goes', async () => {
    await useLanguage('zh-CN');
    await page.goto(app('business/customer'));
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '上海客户25' });
    await row.getByText('软删除', { exact: true }).click();
    const soft = page.getByRole('dialog').filter({ hasText: '确认软删除吗？' });
    await soft.getByText('将软删除 “上海客户25”。').waitFor();
    await soft.getByText('记录将移入回收站，可以在回收站中恢复。').waitFor();
    await screenshot(page, 'first-hour-soft-delete-zh-CN');
    await soft.getByRole('button', { name: /取\s*消/ }).click();

    await useLanguage('en-US');
    await page.reload();
    // deleting for good is behind the row's ⋯
    await row.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    const hard = page.getByRole('dialog').filter({ hasText: 'Delete?' });
    await hard.getByText('Deletes "上海客户25".').waitFor();
    await hard.getByText('They will be deleted for good; this cannot be undone.').waitFor();
    await screenshot(page, 'first-hour-delete-en-US');
    await hard.getByRole('button', { name: 'Cancel' }).click();
    await useLanguage('zh-CN');
    expect(errors).toEqual([]);
  });
});
