import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserWithRole, type ApiSession, signInApi } from './helpers/api-session';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { launchBrowser, screenshot, screenshotDir, signedInPageAs, trackPageErrors } from './helpers/browser';
import { createTableWith } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';
import { clickWhenStill } from './helpers/click-when-still';

/**
 * The walk of a row rule: an administrator gives role 销售 the read rule "owner is the signed-in
 * user" in the table-permission screen; two sales users then see only their own leads in the
 * list, the keyword search and the relation picker of a form.
 */
let server: RunningServer;
let browser: Browser;
let api: ApiSession;
let leadTableId: number;
let sessions: Record<'ann' | 'bo', ApiSession>;
const users: Record<'ann' | 'bo', number> = { ann: 0, bo: 0 };
const PASSWORD = 'Sales-pass-1';

interface StoredTable {
  id: number;
  columns: { id: number; name: string }[];
}

const shown = { queryable: true, displayable: true };
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const rowTexts = async (page: Page) =>
  (await rows(page).allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  const createTable = (name: string, caption: string, columns: object[]): Promise<StoredTable> =>
    createTableWith(api, name, caption, columns);
  const lead = await createTable('prospect', '线索', [
    { name: 'city', caption: '城市', dataType: 'VARCHAR', length: 50, ...shown },
  ]);
  leadTableId = lead.id;
  const visit = await createTable('visit', '拜访', [
    { name: 'prospectId', caption: '线索编号', dataType: 'BIGINT', ...shown },
  ]);
  const col = (table: StoredTable, name: string) => table.columns.find((c) => c.name === name)?.id;
  await api.call('POST', '/metadata/tablerelations', {
    name: 'prospect',
    caption: '线索',
    relationType: 'ManyToOne',
    fromTable: { id: visit.id },
    toTable: { id: lead.id },
    fromColumn: { id: col(visit, 'prospectId') },
    toColumn: { id: col(lead, 'id') },
  });
  const roleId = Number(
    await api.call('POST', '/business/role', {
      name: '销售',
      code: 'ROLE_SALES',
      permissions:
        'business:prospect:read,business:prospect:create,business:prospect:export,business:visit:read,business:visit:create',
    }),
  );
  users.ann = await addUserWithRole(api, { username: 'ann', realname: '安娜', password: PASSWORD }, roleId);
  users.bo = await addUserWithRole(api, { username: 'bo', realname: '博文', password: PASSWORD }, roleId);
  // Each sales user enters their own leads: a new record belongs to its creator.
  sessions = {
    ann: await signInApi(server.url, PASSWORD, 'ann'),
    bo: await signInApi(server.url, PASSWORD, 'bo'),
  };
  for (const [name, city, owner] of [
    ['安娜的线索一', '北京', 'ann'],
    ['安娜的线索二', '上海', 'ann'],
    ['博文的线索', '北京', 'bo'],
  ] as const) {
    await sessions[owner].call('POST', '/business/prospect', { name, city });
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a row rule in a real browser', () => {
  it('is written in the table-permission screen, with a warning that ownerId has no index', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${server.url}/crudboard/login`);
    await page.getByPlaceholder('用户名').fill('superadmin');
    await page.getByPlaceholder('密码').fill(server.adminPassword);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((url) => !url.pathname.includes('/login'));
    await page.goto(
      `${server.url}/crudboard/dataSource/primary/metadata/tables/${leadTableId}/tablePermission`,
    );
    await page.getByRole('combobox', { name: '角色' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'ROLE_SALES' }).click();
    await page.getByText('没有规则：此角色可以查看所有记录。').waitFor();
    await page.getByRole('button', { name: '添加规则' }).click();
    // The first condition offered is the usual one: the owner is the signed-in user.
    const condition = page.getByRole('group', { name: '条件' });
    await condition.waitFor();
    expect(await condition.getByRole('combobox', { name: '值' }).inputValue()).toBe('$user.id');
    await page.getByText('字段 ownerId 没有索引', { exact: false }).waitFor();
    // The preview fills the rule (not saved yet) with a user's variables.
    await page.getByRole('combobox', { name: '选择用户' }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('安娜 (ann)').click();
    await page.getByRole('button', { name: '预览' }).click();
    await page.getByText('用户 安娜 (ann) 能看到 2 条记录，共 3 条', { exact: false }).waitFor();
    // The window as the administrator sees it (the header stays fixed above the page).
    await page.screenshot({ path: resolve(screenshotDir, 'row-rules-editor.png') });

    // An unfinished condition is not saved: the message says which action, and nothing is written.
    await page.getByRole('button', { name: '添加条件' }).click();
    const second = page.getByRole('group', { name: '条件' }).nth(1);
    await second.getByRole('combobox', { name: '值' }).clear();
    await page.keyboard.press('Control+s');
    await page.getByText('行规则未填写完整（可查看的记录）', { exact: false }).waitFor();
    expect(await api.call('GET', `/business/tablePermission?tableId=${leadTableId}`)).toEqual([]);
    await second.getByRole('button', { name: '删除条件' }).click();
    await expect.poll(() => page.getByRole('group', { name: '条件' }).count()).toBe(1);

    await page.keyboard.press('Control+s');
    await page.getByText('保存成功，已立即生效').waitFor();
    const [ownedByAnn] = await api.call<{ ownerId: number }[]>(
      'GET',
      `/business/prospect?name=${encodeURIComponent('安娜的线索一')}`,
    );
    expect(ownedByAnn?.ownerId).toBe(users.ann);
    const stored = await api.call<{ rowRules: string | null }[]>(
      'GET',
      `/business/tablePermission?tableId=${leadTableId}`,
    );
    expect(JSON.parse(stored[0]?.rowRules ?? 'null')).toEqual({
      read: { columnName: 'ownerId', operatorType: 'EQ', values: ['$user.id'] },
    });
    // Viewing as Ann once saved: her records only, read-only, and the view is audited.
    await page.getByRole('combobox', { name: '选择用户' }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('安娜 (ann)').click();
    await page.getByRole('button', { name: '以其身份查看' }).click();
    const viewing = page.locator('.ant-drawer').filter({ hasText: '以 安娜 (ann) 的身份查看' });
    await viewing.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await expect.poll(() => viewing.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    expect(await viewing.innerText()).not.toContain('博文的线索');
    await viewing.getByText('每次查看都会记入审计日志', { exact: false }).waitFor();
    await page.locator('.ant-drawer-content-wrapper:not([class*="-motion-"])').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: resolve(screenshotDir, 'row-rules-view-as.png') });
    // On a phone the drawer takes the whole width, and the table scrolls inside it.
    await page.setViewportSize({ width: 390, height: 844 });
    // the drawer takes the phone layout once the screen has re-rendered at the new width
    await expect
      .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'))
      .toBeLessThanOrEqual(390);
    await page.screenshot({ path: resolve(screenshotDir, 'row-rules-view-as-390.png') });
    await page.setViewportSize({ width: 1366, height: 900 });
    const audited = await api.call<{ action: string; detail: { viewedAs?: { id: number } } }[]>(
      'GET',
      `/audit?filter=${encodeURIComponent(JSON.stringify({ columnName: 'action', operatorType: 'EQ', values: ['viewAs'] }))}`,
    );
    expect(audited.length).toBeGreaterThan(0);
    expect(audited[0]?.detail.viewedAs?.id).toBe(users.ann);
    await viewing.locator('.ant-drawer-close').click();
    // On a phone the condition's boxes wrap under one another, and the page does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText('English', { exact: true }).click();
    const card = page
      .locator('.ant-card')
      .filter({ has: page.locator('.ant-card-head-title', { hasText: /^Row rules$/ }) });
    await card.getByRole('group', { name: 'Condition' }).waitFor();
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.screenshot({ path: resolve(screenshotDir, 'row-rules-editor-390-en.png') });
    await page.getByText('中文', { exact: true }).click();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows each sales user only their own leads in the list and the keyword search (1440 × 900)', async () => {
    for (const [username, own, other] of [
      ['ann', ['安娜的线索一', '安娜的线索二'], '博文的线索'],
      ['bo', ['博文的线索'], '安娜的线索一'],
    ] as const) {
      const { page, errors } = await signedInPageAs(browser, server.url, username, PASSWORD, {
        width: 1440,
        height: 900,
      });
      await page.goto(`${server.url}/crudboard/dataSource/primary/business/prospect`);
      await rows(page).filter({ hasText: own[0] }).waitFor();
      await expect.poll(() => rows(page).count()).toBe(own.length);
      expect((await rowTexts(page)).join(' ')).not.toContain(other);
      // The keyword that matches every lead finds only the user's own.
      await page.getByPlaceholder('请输入关键字').fill('线索');
      await page.keyboard.press('Enter');
      await expect
        .poll(async () => (await rowTexts(page)).filter((t) => t.includes('线索')).length)
        .toBe(own.length);
      await page.getByPlaceholder('请输入关键字').fill('北京');
      await page.keyboard.press('Enter');
      await expect
        .poll(async () => (await rowTexts(page)).join(' '))
        .toContain(username === 'ann' ? '安娜的线索一' : '博文的线索');
      await expect.poll(() => rows(page).count()).toBe(1);
      await screenshot(page, `row-rules-list-${username}`);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('offers only the user’s own leads in the relation picker of a new visit, on a phone too (390 × 844)', async () => {
    const { page, errors } = await signedInPageAs(browser, server.url, 'bo', PASSWORD, {
      width: 390,
      height: 844,
    });
    await page.goto(`${server.url}/crudboard/dataSource/primary/business/visit/new`);
    await page
      .getByRole('button', { name: /选\s*择/ })
      .first()
      .click();
    const picker = page.locator('.ant-modal').filter({ hasText: '博文的线索' });
    await picker.waitFor();
    await expect.poll(() => picker.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    expect(await picker.innerText()).not.toContain('安娜');
    await screenshot(page, 'row-rules-picker-390');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('exports only the user’s own leads, and lists and restores only their own deleted leads', async () => {
    // One more lead each, then the administrator deletes both for good.
    const gone: Record<'ann' | 'bo', number> = { ann: 0, bo: 0 };
    for (const [owner, name] of [
      ['ann', '安娜的旧线索'],
      ['bo', '博文的旧线索'],
    ] as const) {
      gone[owner] = await sessions[owner].call<number>('POST', '/business/prospect', { name, city: '广州' });
      await api.call('DELETE', `/business/prospect/${gone[owner]}`);
    }
    const { page, errors } = await signedInPageAs(browser, server.url, 'ann', PASSWORD, {
      width: 1440,
      height: 900,
    });
    await page.goto(`${server.url}/crudboard/dataSource/primary/business/prospect`);
    await rows(page).filter({ hasText: '安娜的线索一' }).waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: '更多导出方式' }).click();
    await page.getByRole('menuitem', { name: '导出XML', exact: true }).click();
    const xml = (await readFile(await (await downloading).path())).toString('utf8');
    expect(xml).toContain('安娜的线索一');
    expect(xml).toContain('安娜的线索二');
    expect(xml).not.toContain('博文');
    expect(xml.match(/<row>/g)).toHaveLength(2);

    await page.getByRole('button', { name: '已删除记录' }).click();
    const drawer = page.locator('.ant-drawer-content');
    const hers = drawer.locator(`[data-deleted-record="${gone.ann}"]`);
    await hers.waitFor();
    expect(await drawer.innerText()).not.toContain('博文的旧线索');
    await expect.poll(() => drawer.locator('[data-deleted-record]').count()).toBe(1);
    await page.locator('.ant-drawer-content-wrapper:not([class*="-motion-"])').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'row-rules-deleted-records');
    await hers.getByRole('button', { name: /恢\s*复/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '确认恢复该记录吗？' });
    await clickWhenStill(dialog.getByRole('button', { name: /恢\s*复/ }));
    await page.getByText('已恢复“安娜的旧线索”').waitFor();
    await drawer.getByText('没有已删除的记录').waitFor();
    expect(await sessions.ann.call<{ name: string }>('GET', `/business/prospect/${gone.ann}`)).toMatchObject({
      name: '安娜的旧线索',
    });
    // Bo's deleted lead stays deleted, and is his to bring back.
    expect(
      (await api.call<{ key: string }[]>('GET', '/business/prospect/deleted')).map((record) => record.key),
    ).toEqual([String(gone.bo)]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
