import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Table } from '../../contract';
import { signInApi, type ApiSession } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPage } from './helpers/browser';
import { closeColumnMore, openColumnMore, saveDesign } from './helpers/designer';
import { startServer, type RunningServer } from './helpers/start-server';

let server: RunningServer;
let browser: Browser;
let api: ApiSession;
let page: Page;
let errors: string[];

const app = (path: string) => `${server.url}/crudboard/dataSource/primary/${path}`;

/** Opens the antd Select whose input has this accessible name. */
const openSelect = async (scope: Page | ReturnType<Page['locator']>, label: string) => {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]').click();
};
const pickOption = async (text: string) =>
  page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${text}$`) })
    .first()
    .click();

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  ({ page, errors } = await signedInPage(browser, server.url, server.adminPassword, {
    width: 1440,
    height: 900,
  }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a choice column in a real browser', () => {
  it('is made in the designer, chosen from a dropdown in the form, and shown as a tag and a lane', async () => {
    // A retry starts afresh: no book table from an earlier attempt.
    const tables = await api.call<{ id: number; name: string }[]>('GET', '/metadata/tables?limit=100');
    const leftOver = tables.find((table) => table.name === 'book');
    if (leftOver) await api.call('DELETE', '/metadata/tables?isDropPhysicalTable=true', [leftOver.id]);
    await page.goto(app('metadata/tables/new'));
    await page.locator('#designer-name').fill('book');
    await page.locator('#designer-caption').fill('图书');
    await page
      .getByRole('button', { name: /添加字段/ })
      .filter({ hasNotText: '批量' })
      .click();
    await page.getByLabel('中文名称 10', { exact: true }).fill('类别');
    await page.getByLabel('英文字段 10', { exact: true }).fill('category');

    const drawer = await openColumnMore(page, '类别');
    const options = [
      ['classic', '经典', 'Classic', 'gold'],
      ['scifi', '科幻', 'Science fiction', 'blue'],
      ['poetry', '诗歌', 'Poetry', 'green'],
    ] as const;
    for (const [index, [value, zh, en, color]] of options.entries()) {
      const n = `10.${index + 1}`;
      await drawer.getByRole('button', { name: /添加选项/ }).click();
      await drawer.getByLabel(`值 ${n}`, { exact: true }).fill(value);
      await drawer.getByLabel(`中文名称 ${n}`, { exact: true }).fill(zh);
      await drawer.getByLabel(`英文名称 ${n}`, { exact: true }).fill(en);
      // A click that lands while the dropdown still opens is lost: pick until the colour shows.
      const colour = drawer
        .getByRole('combobox', { name: `颜色 ${n}`, exact: true })
        .locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
      await expect
        .poll(async () => {
          if ((await colour.locator('.ant-select-selection-item').innerText()) !== color) {
            await openSelect(drawer, `颜色 ${n}`);
            await pickOption(color);
          }
          return colour.locator('.ant-select-selection-item').innerText();
        })
        .toBe(color);
    }
    await screenshot(page, 'choice-designer-options');
    await closeColumnMore(page);
    await saveDesign(page, '添加成功');

    const table = await api.call<Table>('GET', '/metadata/tables/name/book');
    expect(table.columns.find((column) => column.name === 'category')?.options).toEqual([
      { value: 'classic', captions: { 'zh-CN': '经典', 'en-US': 'Classic' }, color: 'gold' },
      { value: 'scifi', captions: { 'zh-CN': '科幻', 'en-US': 'Science fiction' }, color: 'blue' },
      { value: 'poetry', captions: { 'zh-CN': '诗歌', 'en-US': 'Poetry' }, color: 'green' },
    ]);

    await page.goto(app('business/book/new'));
    await page.getByLabel('名称', { exact: true }).first().fill('沙丘');
    // A form still settling (its layout and options arriving) may close a dropdown opened meanwhile:
    // open it again until it lists the options.
    const choices = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect
      .poll(async () => {
        if ((await choices.count()) === 0) {
          await openSelect(page, '类别');
          await choices
            .first()
            .waitFor({ timeout: 5000 })
            .catch(() => undefined);
        }
        return choices.allInnerTexts();
      })
      .toEqual(['经典', '科幻', '诗歌']);
    await screenshot(page, 'choice-form-dropdown');
    await pickOption('科幻');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('添加成功').first().waitFor();
    const rows = await api.call<{ name: string; category: string }[]>('GET', '/business/book');
    expect(rows.map((row) => [row.name, row.category])).toEqual([['沙丘', 'scifi']]);

    await page.goto(app('business/book'));
    const tag = page.locator('.ant-table-tbody .ant-tag', { hasText: '科幻' });
    await tag.waitFor();
    expect(await tag.getAttribute('class')).toContain('ant-tag-blue');
    await screenshot(page, 'choice-list-tag');

    await page.getByRole('button', { name: /看板视图/ }).click();
    await page.waitForURL(/\/ext\/kanban\/book$/);
    const lanes = page.locator('section[aria-label]');
    await page.getByRole('region', { name: '科幻' }).getByText('沙丘').waitFor();
    expect(await lanes.evaluateAll((all) => all.map((lane) => lane.getAttribute('aria-label')))).toEqual([
      '经典',
      '科幻',
      '诗歌',
    ]);
    await screenshot(page, 'choice-kanban');
    expect(errors).toEqual([]);
  }, 180_000);
});
