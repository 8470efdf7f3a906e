import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserWithRole, signInApi, type ApiSession } from './helpers/api-session';
import { pickOption } from './helpers/pick-option';
import { launchBrowser, screenshot, signedInPageIn } from './helpers/browser';
import { SYSTEM_COLUMNS } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';
import { clickWhenStill } from './helpers/click-when-still';

/**
 * API tokens in the browser: a clerk whose only right is reading one table creates a token on the
 * settings page, copies it from the dialog, a script lists the table's records with it, then the
 * clerk revokes it and the same script gets 401.
 */
let server: RunningServer;
let browser: Browser;
let api: ApiSession;
const CLERK = { username: 'scripter', password: 'Scripter-Pass-2024', realname: '写脚本的店员' };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  await api.call('POST', '/metadata/tables', { name: 'parcel', caption: '包裹', columns: SYSTEM_COLUMNS });
  await api.call('POST', '/business/parcel', { name: '第一个包裹' });
  const role = await api.call<number>('POST', '/business/role', {
    name: '包裹查看',
    code: 'ROLE_PARCEL_READER',
    permissions: 'business:parcel:read',
  });
  await addUserWithRole(api, CLERK, role);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const listParcels = (token: string) =>
  fetch(`${server.url}/api/business/parcel`, { headers: { authorization: `Bearer ${token}` } });

describe('API tokens', () => {
  it('a clerk creates a token, a script uses it, the clerk revokes it (zh-CN, 1440 × 900)', async () => {
    // A retry starts without the token an earlier attempt may have left.
    const clerk = await signInApi(server.url, CLERK.password, CLERK.username);
    for (const left of await clerk.call<{ id: number }[]>('GET', '/users/me/tokens'))
      await clerk.call('DELETE', `/users/me/tokens/${left.id}`);
    const { page, errors } = await signedInPageIn(browser, server.url, {
      locale: 'zh-CN',
      viewport: { width: 1440, height: 900 },
      user: CLERK,
    });
    await page.goto(`${server.url}/crudboard/setting`);
    const card = page.locator('.ant-card').filter({ hasText: 'API 令牌' });
    await expect.poll(() => card.getByText('还没有 API 令牌').count()).toBe(1);

    await card.getByRole('button', { name: /新建令牌/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称').fill('每晚导出');
    // The pick shows as a tag in the box before the dialog is sent (a click on the list while it
    // moves in can be lost under load: pickOption tries again).
    const picked = dialog.locator('.ant-select-selection-item').filter({ hasText: 'business:parcel:read' });
    await pickOption(
      page,
      dialog.getByLabel('权限'),
      'business:parcel:read',
      async () => (await picked.count()) === 1,
    );
    expect(await picked.count()).toBe(1);
    // Close the list by a click on the dialog's title: Escape would close the dialog itself when
    // the list has already closed.
    await dialog.locator('.ant-modal-title').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
    await clickWhenStill(dialog.getByRole('button', { name: /创\s*建/ }));
    await expect.poll(() => dialog.getByText('令牌只显示这一次，请立即复制保存。').count()).toBe(1);
    const token = await dialog.getByTestId('api-token-value').inputValue();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect.poll(() => dialog.getByRole('button', { name: /复\s*制/ }).count()).toBe(1);
    await clickWhenStill(dialog.getByRole('button', { name: /完\s*成/ }));

    const row = card.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toMatch(
      /每晚导出[\s\S]*永不过期[\s\S]*尚未使用[\s\S]*business:parcel:read/,
    );
    expect(await card.innerText()).not.toContain(token);
    await screenshot(page, 'api-tokens-1440-zh');

    const listed = await listParcels(token);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(await listed.json())).toContain('第一个包裹');

    await page.reload();
    await expect.poll(() => row.innerText()).not.toContain('尚未使用');
    await row.getByRole('button', { name: /撤\s*销/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /撤\s*销/ })
      .click();
    await expect.poll(() => card.getByText('还没有 API 令牌').count()).toBe(1);
    expect((await listParcels(token)).status).toBe(401);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
