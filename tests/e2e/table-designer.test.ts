import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Table } from '../../contract';
import { signInApi } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPage } from './helpers/browser';
import { closeColumnMore, openColumnMore, saveDesign } from './helpers/designer';
import { startServer, type RunningServer } from './helpers/start-server';
import { clickWhenStill } from './helpers/click-when-still';

let server: RunningServer;
let browser: Browser;
let page: Page;
let errors: string[];

/** The types the nine system columns of a new table do not already cover. */
const EXTRA_TYPES = [
  'CHAR',
  'LONGTEXT',
  'TINYINT',
  'SMALLINT',
  'MEDIUMINT',
  'INT',
  'FLOAT',
  'DOUBLE',
  'DECIMAL',
  'DATE',
  'TIME',
  'ATTACHMENT',
  'PASSWORD',
] as const;
const columnName = (type: string) => `c${type.charAt(0)}${type.slice(1).toLowerCase()}`;

const app = (path: string) => `${server.url}/crudboard/dataSource/primary/${path}`;

const api = async <T>(path: string): Promise<T> =>
  page.evaluate(async (url) => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return res.json();
  }, path) as Promise<T>;

const physicalTables = (): string[] => {
  const db = new Database(join(server.dataDir, 'crudboard.sqlite'), { readonly: true });
  try {
    return db
      .prepare("select name from sqlite_master where type = 'table'")
      .all()
      .map((row) => (row as { name: string }).name);
  } finally {
    db.close();
  }
};

/** Picks an option of the antd Select whose input carries `label`. */
const choose = async (label: string, option: string, match = new RegExp(`^${option}$`)) => {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]').click();
  await page.keyboard.type(option);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: match })
    .first()
    .click();
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  ({ page, errors } = await signedInPage(browser, server.url, server.adminPassword, {
    width: 1440,
    height: 900,
  }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the table designer in a real browser', () => {
  it('creates a table with a column of every data type', async () => {
    await page.goto(app('metadata/tables/new'));
    await page.locator('#designer-name').fill('gadget');
    await page.locator('#designer-caption').fill('全类型');

    await page.getByRole('button', { name: '批量添加字段' }).click();
    const batch = page.getByRole('dialog').filter({ hasText: '批量添加字段' });
    // The dialog opens with its text box focused: typing goes straight in.
    await batch.locator('textarea:focus').waitFor();
    await batch
      .getByLabel('批量添加字段')
      .fill(EXTRA_TYPES.map((type) => `${columnName(type)}:${type}字段`).join('\n'));
    await batch.getByRole('button', { name: /添加 13 个字段/ }).click();

    const first = 10; // after the nine system columns
    for (const [offset, type] of EXTRA_TYPES.entries()) {
      await choose(`数据类型 ${first + offset}`, type);
    }
    await screenshot(page, 'designer-every-type');
    // Precision and scale are in the row's 更多 drawer; they change the row as a grid cell did.
    const drawer = await openColumnMore(page, 'DECIMAL字段');
    const decimalRow = first + EXTRA_TYPES.indexOf('DECIMAL');
    await drawer.getByLabel(`精度 ${decimalRow}`, { exact: true }).fill('12');
    await drawer.getByLabel(`小数 ${decimalRow}`, { exact: true }).fill('3');
    await screenshot(page, 'designer-more-drawer');
    await closeColumnMore(page);
    await saveDesign(page, '添加成功');
    await page.waitForURL(/metadata\/tables$/);
    await page.getByRole('link', { name: 'gadget' }).waitFor();
    await screenshot(page, 'table-list');

    const table = await api<Table>('/api/metadata/tables/name/gadget');
    const types = Object.fromEntries(table.columns.map((c) => [c.name, c.dataType]));
    for (const type of EXTRA_TYPES) expect(types[columnName(type)]).toBe(type);
    expect(table.columns.find((c) => c.name === 'cDecimal')).toMatchObject({ precision: 12, scale: 3 });
    expect(new Set(table.columns.map((c) => c.dataType)).size).toBe(18);
    expect(physicalTables()).toContain(table.tableName);
  }, 120_000);

  it('adds a composite index and renames a column', async () => {
    const { id } = await api<Table>('/api/metadata/tables/name/gadget');
    await page.goto(app(`metadata/tables/${id}/indexs`));
    await page.getByRole('button', { name: /添加索引/ }).click();
    await choose('索引类型 1', '唯一');
    for (const column of ['cChar', 'cInt']) await choose('列 1', column, new RegExp(`\\(${column}\\)$`));
    await page.keyboard.press('Escape');
    await screenshot(page, 'index-editor');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').first().waitFor();
    const indexed = await api<Table>(`/api/metadata/tables/${id}`);
    expect(indexed.indexs).toHaveLength(1);
    expect(indexed.indexs?.[0]?.indexType).toBe('UNIQUE');
    expect(indexed.indexs?.[0]?.indexLines.map((line) => line.column.name).sort()).toEqual(['cChar', 'cInt']);

    // In English the column picker names the columns by their English captions.
    await page.evaluate(`localStorage.setItem('locale', 'en-US')`);
    await page.reload();
    const columns = page.getByRole('combobox', { name: 'Columns 1', exact: true });
    await columns
      .locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]')
      .click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Created (createdDate)').waitFor();
    await page.keyboard.press('Escape');
    await page.evaluate(`localStorage.setItem('locale', 'zh-CN')`);

    await page.goto(app(`metadata/tables/${id}`));
    const nameCell = page.getByLabel(/^英文字段 \d+$/).and(page.locator('input[value="cInt"]'));
    await nameCell.fill('quantity');
    await saveDesign(page, '修改成功');
    const renamed = await api<Table>(`/api/metadata/tables/${id}`);
    const names = renamed.columns.map((c) => c.name);
    expect(names).toContain('quantity');
    expect(names).not.toContain('cInt');
    expect(renamed.columns.find((c) => c.name === 'quantity')?.id).toBe(
      indexed.columns.find((c) => c.name === 'cInt')?.id,
    );
  }, 120_000);

  it('deletes a table keeping, then dropping, the physical table', async () => {
    // A retry starts from what an earlier attempt left: gadget described again, no scratch table.
    const session = await signInApi(server.url, server.adminPassword);
    const tables = await session.call<{ id: number; name: string }[]>('GET', '/metadata/tables?limit=100');
    const leftOver = tables.find((table) => table.name === 'scratch');
    if (leftOver) await session.call('DELETE', '/metadata/tables?isDropPhysicalTable=true', [leftOver.id]);
    if (!tables.some((table) => table.name === 'gadget'))
      await session.call('POST', '/metadata/tables/metadatas/reverse/gadget', {});
    const kept = await api<Table>('/api/metadata/tables/name/gadget');
    await page.goto(app('metadata/tables'));
    await page.getByRole('button', { name: '删除 gadget' }).click();
    let dialog = page.getByRole('dialog').filter({ hasText: '确认删除吗？' });
    await dialog.waitFor();
    await screenshot(page, 'table-delete-confirm');
    await clickWhenStill(dialog.getByRole('button', { name: /删\s*除/ }));
    await page.getByText('删除成功').first().waitFor();
    expect(physicalTables()).toContain(kept.tableName);

    await page.goto(app('metadata/tables/new'));
    await page.locator('#designer-name').fill('scratch');
    await saveDesign(page, '添加成功');
    const scratch = await api<Table>('/api/metadata/tables/name/scratch');
    expect(physicalTables()).toContain(scratch.tableName);
    // The list has refetched after the create: no refetch re-renders the dialog under the clicks.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: '删除 scratch' }).click();
    dialog = page.getByRole('dialog').filter({ hasText: '确认删除吗？' });
    // On a loaded machine a click can land while the dialog re-renders: click until it is on.
    const toggle = dialog.getByRole('switch');
    await expect
      .poll(async () => {
        if (!(await toggle.isChecked())) await toggle.click();
        return toggle.isChecked();
      })
      .toBe(true);
    await clickWhenStill(dialog.getByRole('button', { name: /删\s*除/ }));
    await page.getByText('删除成功').first().waitFor();
    expect(physicalTables()).not.toContain(scratch.tableName);
    expect(errors).toEqual([]);
  }, 120_000);
});
