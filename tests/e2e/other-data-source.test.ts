import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserWithRole, type ApiSession, signInApi } from './helpers/api-session';
import { launchBrowser, screenshotDir, signedInPage, signedInPageAs } from './helpers/browser';
import { SYSTEM_COLUMNS } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';
import { clickWhenStill } from './helpers/click-when-still';

/**
 * A second data source gets what primary's tables get: form layouts, table permissions and saved
 * SQL, all kept in primary (its own database holds none of crudboard's tables).
 */
let server: RunningServer;
let browser: Browser;
let api: ApiSession;
let page: Page;
let errors: string[];
let tableId: number;
let roleId: number;
let columnIds: Record<string, number>;
const sourceDir = mkdtempSync(join(tmpdir(), 'crudboard-e2e-store-'));

const app = (path = '') => `${server.url}/crudboard/${path}`;
const onStore = (path: string) => `${path}${path.includes('?') ? '&' : '?'}dataSource=store`;
const screenshot = (target: Page, name: string) =>
  target.screenshot({ path: resolve(screenshotDir, `${name}.png`) });

interface StoredTable {
  id: number;
  columns: { id: number; name: string }[];
}

beforeAll(async () => {
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
  const id = await api.call<number>('POST', onStore('/metadata/tables'), {
    name: 'shelf',
    pluralName: 'shelves',
    tableName: 'shelf',
    caption: '货架',
    columns: [
      ...SYSTEM_COLUMNS,
      { name: 'aisle', caption: '通道', dataType: 'VARCHAR', length: 20, displayable: true },
      { name: 'level', caption: '层数', dataType: 'INT', displayable: true },
    ].map((column, i) => ({ displayOrder: i, ...column })),
  });
  const table = await api.call<StoredTable>('GET', onStore(`/metadata/tables/${id}`));
  tableId = table.id;
  columnIds = Object.fromEntries(table.columns.map((column) => [column.name, column.id]));
  await api.call('POST', onStore('/business/shelf'), { name: 'A 架', aisle: '东 3', level: 5 });
  roleId = Number(
    await api.call('POST', '/business/role', {
      name: '门店查看员',
      code: 'ROLE_STORE_VIEWER',
      permissions: '',
    }),
  );
  ({ page, errors } = await signedInPage(browser, server.url, server.adminPassword, {
    width: 1440,
    height: 900,
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(sourceDir, { recursive: true, force: true });
});

/** The `filter` JSON of records about the `store` data source. */
const ofStore = encodeURIComponent(
  JSON.stringify({ columnName: 'dataSource', operatorType: 'EQ', values: ['store'] }),
);

describe('another data source in a real browser', () => {
  it('saves a list layout for its table, and its list shows those columns', async () => {
    await page.goto(app(`dataSource/store/metadata/tables/${tableId}/formBuilder`));
    await page.getByTestId('selected-name').waitFor();
    await page.getByRole('button', { name: '全部移除' }).click();
    await page.getByRole('button', { name: '添加 层数' }).click();
    await page.getByRole('button', { name: '添加 名称' }).click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('布局已保存').waitFor();
    const stored = await api.call<{ tableId: number; body: string }[]>(
      'GET',
      `/business/tableFormBuilder?filter=${ofStore}`,
    );
    expect(stored.map((layout) => [layout.tableId, JSON.parse(layout.body)])).toEqual([
      [tableId, [{ columnId: columnIds.level }, { columnId: columnIds.name }]],
    ]);

    await page.goto(app('dataSource/store/business/shelf'));
    await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'A 架' }).waitFor();
    const headers = (await page.locator('.ant-table-thead th').allInnerTexts())
      .map((text) => text.trim())
      .filter((text) => text !== '' && text !== '操作');
    expect(headers).toEqual(['层数', '名称']);
    // The built-in tables are primary's: no empty 内置数据 group here.
    const sider = page.locator('.ant-layout-sider');
    await sider.getByText('货架').waitFor();
    expect(await sider.getByText('内置数据').count()).toBe(0);
    await screenshot(page, 'other-source-list-layout');
    expect(errors).toEqual([]);
  });

  it('sets a role’s permission on its table, with codes that name the data source', async () => {
    await page.goto(app(`dataSource/store/metadata/tables/${tableId}/tablePermission`));
    await page.getByRole('combobox', { name: '角色' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'ROLE_STORE_VIEWER' }).click();
    await page.getByText('还没有此表的权限设置', { exact: false }).waitFor();
    await page.getByRole('checkbox', { name: /查看\s*business:store\.shelf:read/ }).check();
    await page.getByRole('checkbox', { name: '读取 level' }).uncheck();
    await page.keyboard.press('Control+s');
    await page.getByText('保存成功，已立即生效').waitFor();
    await screenshot(page, 'other-source-table-permission');
    const stored = await api.call<
      { tableId: number; roleId: number; permissions: string; columns: string }[]
    >('GET', `/business/tablePermission?filter=${ofStore}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ tableId, roleId, permissions: 'business:store.shelf:read' });
    expect(JSON.parse(stored[0]?.columns ?? '[]')).toContainEqual({
      columnId: columnIds.level,
      read: false,
      update: false,
    });
    expect(errors).toEqual([]);
  });

  it('shows its table to a user of that role: the rows, without the hidden column or 添加', async () => {
    const password = 'Store-viewer-2468';
    await addUserWithRole(api, { username: 'storeviewer', realname: '门店查看', password }, roleId);
    const { page: viewer, errors: viewerErrors } = await signedInPageAs(
      browser,
      server.url,
      'storeviewer',
      password,
    );
    await viewer.goto(app('dataSource/store/business/shelf'));
    await viewer.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'A 架' }).waitFor();
    // the list layout saved above (层数, 名称) applies to the table's readers too, less the column
    // their role may not read
    const headers = (await viewer.locator('.ant-table-thead th').allInnerTexts()).join('|');
    expect(headers).toContain('名称');
    expect(headers).not.toContain('层数');
    expect(headers).not.toContain('通道');
    expect(await viewer.getByRole('button', { name: /添\s*加/ }).count()).toBe(0);
    await screenshot(viewer, 'other-source-viewer-list');
    expect(viewerErrors).toEqual([]);
    await viewer.context().close();
  });

  it('saves a SQL statement for it, listed on it and not on primary', async () => {
    await page.goto(app('dataSource/store/metadata/sqls/new'));
    const editor = page.locator('.cm-content');
    await editor.click();
    await page.keyboard.type('select name, level from shelf');
    await page.keyboard.press('Control+Enter');
    await page.getByText('共 1 行').waitFor();
    await page
      .getByRole('button', { name: /保\s*存/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称', { exact: true }).fill('shelves');
    await clickWhenStill(dialog.getByRole('button', { name: /保\s*存/ }));
    await page.getByText('保存成功').first().waitFor();
    await page.getByRole('button', { name: '载入 shelves' }).waitFor();
    await screenshot(page, 'other-source-sql-saved');

    await page.goto(app('dataSource/primary/metadata/sqls/new'));
    await page.getByText('已保存的语句').first().waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole('button', { name: '载入 shelves' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('leaves in its database the table made there and its search index, none of crudboard’s bookkeeping', () => {
    const store = new Database(join(sourceDir, 'store.sqlite'), { readonly: true });
    try {
      const names = (
        store.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
      ).map((row) => row.name);
      expect(names).toContain('shelf');
      expect(names.filter((name) => /^cb_(meta|ext|migrations|cache)/.test(name))).toEqual([]);
    } finally {
      store.close();
    }
  });
});
