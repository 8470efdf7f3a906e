import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserWithRole, type ApiSession, signInApi } from './helpers/api-session';
import { launchBrowser, screenshotDir, trackPageErrors } from './helpers/browser';
import { openColumnMore } from './helpers/designer';
import { SYSTEM_COLUMNS } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';
import { clickWhenStill } from './helpers/click-when-still';

let server: RunningServer;
let browser: Browser;
let api: ApiSession;
let admin: Page;
let errors: string[];
let tableId: number;
let roleId: number;
let columnIds: Record<string, number>;

const VIEWER_PASSWORD = 'Viewer-pass-1';
const app = (path = '') => `${server.url}/crudboard/${path}`;
/** What the window shows (the layout's fixed header and menu stay in place). */
const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: resolve(screenshotDir, `${name}.png`) });

const signIn = async (page: Page, username: string, password: string) => {
  await page.goto(app('login'));
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => !url.pathname.includes('/login'));
};

interface StoredTable {
  id: number;
  columns: { id: number; name: string }[];
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  const id = await api.call<number>('POST', '/metadata/tables', {
    name: 'gadget',
    pluralName: 'gadgets',
    tableName: 'gadget',
    caption: '器材',
    columns: [
      ...SYSTEM_COLUMNS,
      { name: 'color', caption: '颜色', dataType: 'VARCHAR', length: 50, queryable: true, displayable: true },
      { name: 'secret', caption: '密级备注', dataType: 'VARCHAR', length: 100, displayable: true },
    ].map((column, i) => ({ displayOrder: i, ...column })),
  });
  const table = await api.call<StoredTable>('GET', `/metadata/tables/${id}`);
  tableId = table.id;
  columnIds = Object.fromEntries(table.columns.map((column) => [column.name, column.id]));
  await api.call('POST', '/business/gadget', { name: '望远镜', color: '黑色', secret: '绝密-001' });
  roleId = Number(
    await api.call('POST', '/business/role', {
      name: '器材查看员',
      code: 'ROLE_GADGET_VIEWER',
      permissions: 'business:gadget:read',
    }),
  );
  await addUserWithRole(api, { username: 'viewer', realname: '查看员', password: VIEWER_PASSWORD }, roleId);

  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'zh-CN' });
  admin = await context.newPage();
  errors = trackPageErrors(admin);
  await signIn(admin, 'superadmin', server.adminPassword);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('table permissions and value dialogs in a real browser', () => {
  it('sets a role’s table permission from the table edit page', async () => {
    await admin.goto(app(`dataSource/primary/metadata/tables/${tableId}`));
    await admin.getByRole('button', { name: '权限设置' }).click();
    await admin.waitForURL((url) => url.pathname.endsWith(`/tables/${tableId}/tablePermission`));
    await admin.getByText('请选择角色').first().waitFor();
    await screenshot(admin, 'table-permission-empty');

    await admin.getByRole('combobox', { name: '角色' }).click();
    await admin.locator('.ant-select-item-option').filter({ hasText: 'ROLE_GADGET_VIEWER' }).click();
    await admin.getByText('还没有此表的权限设置', { exact: false }).waitFor();
    const readSecret = admin.getByRole('checkbox', { name: '读取 secret' });
    expect(await readSecret.isChecked()).toBe(true);
    // the key is always readable
    expect(await admin.getByRole('checkbox', { name: '读取 id' }).isDisabled()).toBe(true);

    await admin.getByRole('checkbox', { name: '编辑 color' }).uncheck();
    await readSecret.uncheck();
    expect(await admin.getByRole('checkbox', { name: '编辑 secret' }).isChecked()).toBe(false);
    await admin.getByRole('checkbox', { name: /查看\s*business:gadget:read/ }).check();
    await admin.getByText('有未保存的更改').waitFor();
    await admin.waitForTimeout(300);
    await screenshot(admin, 'table-permission-editing');

    await admin.keyboard.press('Control+s');
    await admin.getByText('保存成功，已立即生效').waitFor();
    await admin.getByText('没有未保存的更改').waitFor();
    const stored = await api.call<{ permissions: string; columns: string }[]>(
      'GET',
      `/business/tablePermission?tableId=${tableId}&roleId=${roleId}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.permissions).toBe('business:gadget:read');
    const columns = JSON.parse(stored[0]?.columns ?? '[]') as {
      columnId: number;
      read: boolean;
      update: boolean;
    }[];
    expect(columns.find((c) => c.columnId === columnIds.secret)).toEqual({
      columnId: columnIds.secret,
      read: false,
      update: false,
    });
    expect(columns.find((c) => c.columnId === columnIds.color)).toEqual({
      columnId: columnIds.color,
      read: true,
      update: false,
    });
    expect(columns.find((c) => c.columnId === columnIds.fullTextBody)).toBeUndefined();

    // The select-all of a grid column ticks the whole column, then undo restores the saved state.
    await admin.getByRole('checkbox', { name: '全选编辑' }).check();
    expect(await readSecret.isChecked()).toBe(true);
    await admin.getByRole('button', { name: /撤\s*销/ }).click();
    expect(await readSecret.isChecked()).toBe(false);
    await screenshot(admin, 'table-permission-saved');
  });

  it('hides the column from a user with that role', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'zh-CN' });
    const viewer = await context.newPage();
    const viewerErrors = trackPageErrors(viewer);
    await signIn(viewer, 'viewer', VIEWER_PASSWORD);
    // Through the menu, as a user would (the viewer may read the records, not the metadata).
    await viewer.getByRole('menuitem', { name: '器材' }).click();
    await viewer.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '望远镜' }).waitFor();
    const headers = (await viewer.locator('.ant-table-thead th').allInnerTexts()).join('|');
    expect(headers).toContain('颜色');
    // The column the role may not read is neither described to the viewer nor sent.
    expect(headers).not.toContain('密级备注');
    expect(await viewer.locator('.ant-table-tbody').innerText()).not.toContain('绝密-001');
    // What the web app itself controls: without create, import or export rights none is offered.
    for (const name of [/添\s*加/, /批量导入/, /导出/]) {
      expect(await viewer.getByRole('button', { name }).count()).toBe(0);
    }
    await screenshot(viewer, 'table-permission-viewer-list');
    expect(viewerErrors).toEqual([]);
    await context.close();
  });

  it('configures a value dialog on a column and shows its button in the form', async () => {
    await admin.goto(app(`dataSource/primary/metadata/tables/${tableId}`));
    await openColumnMore(admin, '颜色');
    await admin.getByRole('button', { name: '扩展属性 颜色' }).click();
    const dialog = admin.locator('.ant-modal').filter({ hasText: '扩展属性：颜色' });
    await dialog.waitFor();
    // The dialog focuses its first field once it has opened; typing starts then.
    const nameInput = dialog.getByLabel('按钮名称');
    await dialog.locator('#valueDialog_name:focus').waitFor();
    await dialog.getByLabel('页面地址').fill('javascript:alert(1)');
    expect(await nameInput.inputValue()).toBe('');
    await clickWhenStill(dialog.getByRole('button', { name: /保\s*存/ }));
    await dialog.getByText('请输入 http/https 地址或本站的相对路径').waitFor();
    await dialog.getByText('按钮名称不能为空').waitFor();
    await screenshot(admin, 'value-dialog-settings-invalid');
    expect(await api.call<unknown[]>('GET', `/business/columnExtProperty?tableId=${tableId}`)).toEqual([]);

    await nameInput.fill('选择颜色');
    await dialog.getByLabel('页面地址').fill('/crudboard/favicon.svg');
    await clickWhenStill(dialog.getByRole('button', { name: /保\s*存/ }));
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByRole('button', { name: '扩展属性 颜色' }).filter({ hasText: '已设置' }).waitFor();
    const stored = await api.call<{ columnId: number; key: string; value: string }[]>(
      'GET',
      `/business/columnExtProperty?tableId=${tableId}`,
    );
    expect(stored).toEqual([
      expect.objectContaining({
        columnId: columnIds.color,
        key: 'valueDialog',
        value: JSON.stringify({ name: '选择颜色', url: '/crudboard/favicon.svg' }),
      }),
    ]);
    await screenshot(admin, 'value-dialog-settings-grid');

    // The super admin, unlike the viewer, is offered 添加 on the same list.
    await admin.goto(app('dataSource/primary/business/gadget'));
    await admin.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await admin.getByRole('button', { name: /添\s*加$/ }).click();
    await admin.waitForURL((url) => url.pathname.endsWith('/business/gadget/new'));
    await admin.getByRole('button', { name: '选择颜色' }).waitFor();
    await screenshot(admin, 'value-dialog-form-button');
  });

  it('edits a role’s permissions as a checklist of codes', async () => {
    await admin.goto(app(`dataSource/primary/business/role/${roleId}`));
    const grant = admin.getByRole('checkbox', { name: 'business:gadget:export' });
    await grant.waitFor();
    expect(await admin.getByRole('checkbox', { name: 'business:gadget:read' }).isChecked()).toBe(true);
    await grant.check();
    await admin.getByRole('checkbox', { name: /上传文件\s*file:upload/ }).check();
    await admin.locator('#permissions').evaluate((field) => field.scrollIntoView({ block: 'center' }));
    await admin.waitForTimeout(300);
    await screenshot(admin, 'role-permission-codes');
    await admin
      .getByRole('button', { name: /保\s*存/ })
      .first()
      .click();
    await admin.waitForURL((url) => url.pathname.endsWith('/business/role'));
    const role = await api.call<{ permissions: string }>('GET', `/business/role/${roleId}`);
    expect(role.permissions.split(',').sort()).toEqual(
      ['business:gadget:export', 'business:gadget:read', 'file:upload'].sort(),
    );
    expect(errors).toEqual([]);
  });

  it('speaks English too', async () => {
    await admin.goto(app(`dataSource/primary/metadata/tables/${tableId}/tablePermission`));
    await admin.getByText('English', { exact: true }).click();
    await admin.getByText('Choose a role').first().waitFor();
    await admin.getByRole('combobox', { name: 'Role' }).click();
    await admin.locator('.ant-select-item-option').filter({ hasText: 'ROLE_GADGET_VIEWER' }).click();
    await admin.getByText('Column permissions').waitFor();
    expect(await admin.getByRole('checkbox', { name: 'Read secret' }).isChecked()).toBe(false);
    await admin.waitForTimeout(300);
    await screenshot(admin, 'table-permission-en');
    await admin.getByText('中文', { exact: true }).click();
    await admin.getByText('字段权限').waitFor();
    expect(errors).toEqual([]);
  });
});
