import { resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi, type ApiSession } from './helpers/api-session';
import { launchBrowser, screenshotDir, signedInPage } from './helpers/browser';
import { SYSTEM_COLUMNS } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';

let server: RunningServer;
let browser: Browser;
let api: ApiSession;
let page: Page;
let errors: string[];
let tableId: number;
let columnIds: Record<string, number>;

const app = (path = '') => `${server.url}/crudboard/${path}`;
const screenshot = (target: Page, name: string) =>
  target.screenshot({ path: resolve(screenshotDir, `${name}.png`) });

/** Drags with the mouse, in steps, as a person would (dnd-kit starts a drag after a few pixels). */
const dragTo = async (handle: Locator, target: Locator, where: 'center' | 'bottom' = 'center') => {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag source or target not visible');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
  const y = where === 'bottom' ? to.y + to.height - 12 : to.y + to.height / 2;
  await page.mouse.move(to.x + to.width / 2, y, { steps: 12 });
  await page.waitForTimeout(150);
  await page.mouse.up();
  await page.waitForTimeout(250);
};

const selectedNames = () =>
  page
    .getByTestId('zone-selected')
    .locator('li')
    .evaluateAll((items) =>
      items.map((item) => (item.getAttribute('data-testid') ?? '').replace('selected-', '')),
    );

interface StoredLayout {
  id: number;
  device: string;
  type: string;
  body: string;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  const id = await api.call<number>('POST', '/metadata/tables', {
    name: 'widget',
    pluralName: 'widgets',
    tableName: 'widget',
    caption: '部件',
    columns: [
      ...SYSTEM_COLUMNS,
      { name: 'color', caption: '颜色', dataType: 'VARCHAR', length: 50, displayable: true },
      { name: 'weight', caption: '重量', dataType: 'INT' },
      { name: 'note', caption: '说明', dataType: 'TEXT' },
    ].map((column, i) => ({ displayOrder: i, ...column })),
  });
  const table = await api.call<{ id: number; columns: { id: number; name: string }[] }>(
    'GET',
    `/metadata/tables/${id}`,
  );
  tableId = table.id;
  columnIds = Object.fromEntries(table.columns.map((column) => [column.name, column.id]));
  await api.call('POST', '/business/widget', { name: '齿轮', color: '银色', weight: 3, note: '备用' });

  ({ page, errors } = await signedInPage(browser, server.url, server.adminPassword, {
    width: 1440,
    height: 900,
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('form builder in a real browser', () => {
  it('arranges the list layout by dragging, and the list shows exactly those columns', async () => {
    await page.goto(app(`dataSource/primary/metadata/tables/${tableId}`));
    await page.getByRole('button', { name: '页面构建' }).click();
    await page.waitForURL((url) => url.pathname.endsWith(`/tables/${tableId}/formBuilder`));
    await page.getByText('尚未保存此布局，当前显示的是默认布局。').waitFor();
    await page.getByTestId('selected-name').waitFor();
    await screenshot(page, 'form-builder-list-default');

    await page.getByRole('button', { name: '全部移除' }).click();
    await page.getByText('把左侧的字段拖到这里').waitFor();
    const selectedZone = page.getByTestId('zone-selected');
    // With the mouse: 颜色, then 名称 below it.
    await dragTo(page.getByRole('button', { name: '拖动 颜色' }), selectedZone);
    await page.getByTestId('selected-color').waitFor();
    await dragTo(page.getByRole('button', { name: '拖动 名称' }), selectedZone, 'bottom');
    await page.getByTestId('selected-name').waitFor();
    expect(await selectedNames()).toEqual(['color', 'name']);

    // With the keyboard: 名称 up one place.
    await page.getByTestId('zone-selected').getByRole('button', { name: '拖动 名称' }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(200);
    await page.keyboard.press('Space');
    await expect.poll(selectedNames).toEqual(['name', 'color']);

    // The accessible alternative to dragging.
    await page.getByRole('button', { name: '添加 重量' }).click();
    expect(await selectedNames()).toEqual(['name', 'color', 'weight']);
    await page.getByText('有未保存的修改').waitFor();
    const preview = (await page.getByTestId('preview-list').locator('thead th').allInnerTexts()).map((text) =>
      text.trim(),
    );
    expect(preview).toEqual(['名称', '颜色', '重量']);
    await screenshot(page, 'form-builder-list-arranged');

    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('布局已保存').waitFor();
    await page.getByText('没有未保存的修改').waitFor();
    const stored = await api.call<StoredLayout[]>('GET', `/business/tableFormBuilder?tableId=${tableId}`);
    expect(stored.map((layout) => [layout.device, layout.type])).toEqual([['pc', 'list']]);
    expect(JSON.parse(stored[0]?.body ?? 'null')).toEqual([
      { columnId: columnIds.name },
      { columnId: columnIds.color },
      { columnId: columnIds.weight },
    ]);
  });

  it('arranges the create layout with widths, and the create form shows those fields', async () => {
    await page.getByText('新增表单', { exact: true }).click();
    await page.getByTestId('selected-note').waitFor();
    await page.getByRole('button', { name: '全部移除' }).click();
    const selectedZone = page.getByTestId('zone-selected');
    await dragTo(page.getByRole('button', { name: '拖动 说明' }), selectedZone);
    await page.getByTestId('selected-note').waitFor();
    // 重量 dropped onto 说明 takes its place, 说明 moves down.
    await dragTo(page.getByRole('button', { name: '拖动 重量' }), page.getByTestId('selected-note'));
    await page.getByTestId('selected-weight').waitFor();
    await page.getByRole('button', { name: '添加 名称' }).click();
    await expect.poll(selectedNames).toEqual(['weight', 'note', 'name']);
    await page.getByRole('spinbutton', { name: '重量 的宽度' }).fill('8');
    await page.getByRole('spinbutton', { name: '名称 的宽度' }).fill('16');
    await page.getByRole('spinbutton', { name: '名称 的宽度' }).blur();
    await page.getByTestId('preview-form').getByLabel('说明').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'form-builder-create-arranged');

    await page.keyboard.press('Control+s');
    await page.getByText('布局已保存').waitFor();
    await page.getByText('没有未保存的修改').waitFor();
    const stored = await api.call<StoredLayout[]>('GET', `/business/tableFormBuilder?tableId=${tableId}`);
    const create = stored.find((layout) => layout.type === 'create');
    expect(create?.device).toBe('pc');
    expect(JSON.parse(create?.body ?? 'null')).toEqual([
      { columnId: columnIds.weight, width: 8 },
      { columnId: columnIds.note, width: 24 },
      { columnId: columnIds.name, width: 16 },
    ]);
    expect(stored).toHaveLength(2);

    // The list shows exactly the saved columns in their order (besides selection and actions).
    await page.getByRole('button', { name: '查看数据列表' }).click();
    await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '齿轮' }).waitFor();
    const headers = (await page.locator('.ant-table-thead th').allInnerTexts())
      .map((text) => text.trim())
      .filter((text) => text !== '' && text !== '操作');
    expect(headers).toEqual(['名称', '颜色', '重量']);
    await screenshot(page, 'form-builder-business-list');

    // The create form shows those fields, in order, and nothing else.
    await page.goto(app('dataSource/primary/business/widget/new'));
    await page.getByLabel('说明').waitFor();
    const labels = await page.locator('.ant-form-item-label label').allInnerTexts();
    expect(labels.map((text) => text.trim())).toEqual(['重量', '说明', '名称']);
    await screenshot(page, 'form-builder-business-create');

    // Saving again updates the stored record instead of adding one.
    await page.goto(app(`dataSource/primary/metadata/tables/${tableId}/formBuilder`));
    await page.getByTestId('selected-name').waitFor();
    await page.getByRole('button', { name: '移除 颜色' }).click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('布局已保存').waitFor();
    const again = await api.call<StoredLayout[]>('GET', `/business/tableFormBuilder?tableId=${tableId}`);
    expect(again).toHaveLength(2);
    expect(JSON.parse(again.find((layout) => layout.type === 'list')?.body ?? 'null')).toEqual([
      { columnId: columnIds.name },
      { columnId: columnIds.weight },
    ]);
    expect(errors).toEqual([]);
  });
});
