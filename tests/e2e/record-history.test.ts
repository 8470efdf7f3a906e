import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserWithRole, type ApiSession, signInApi } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPageIn } from './helpers/browser';
import { designerTable } from './helpers/designer-table';
import { startServer, type RunningServer } from './helpers/start-server';
import { clickWhenStill } from './helpers/click-when-still';

/**
 * A record's history in the browser: the revisions of a loan newest first with who, when and what
 * (a related book by its title, not its key), filtered by field, a restore of some fields of an
 * old revision after a confirmation that lists the change, then of a whole revision in English on
 * a phone; a reader without update rights sees the history and no restore.
 */
let server: RunningServer;
let browser: Browser;
let api: ApiSession;
let loanId: number;
let goneId: number;
const bookIds: Record<string, number> = {};
const READER = { username: 'reader', password: 'Reader-History-2024' };

const app = (path = '') => `${server.url}/crudboard/${path}`;

interface StoredTable {
  id: number;
  columns: { id: number; name: string }[];
}
interface Loan {
  borrower: string;
  bookId: number | string;
  remark: string;
}

const loan = () => api.call<Loan>('GET', `/business/loan/${loanId}`);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  const create = async (body: object) => {
    const id = await api.call<number>('POST', '/metadata/tables', body);
    return api.call<StoredTable>('GET', `/metadata/tables/${id}`);
  };
  const shown = { displayable: true, queryable: true };
  const book = await create(designerTable({ name: 'book', caption: '图书', captionEn: 'Books' }, []));
  const loanTable = await create(
    designerTable({ name: 'loan', caption: '借阅', captionEn: 'Loans' }, [
      { name: 'bookId', caption: '图书', captions: { 'en-US': 'Book' }, dataType: 'BIGINT', ...shown },
      {
        name: 'borrower',
        caption: '借阅人',
        captions: { 'en-US': 'Borrower' },
        dataType: 'VARCHAR',
        length: 50,
        ...shown,
      },
      {
        name: 'remark',
        caption: '备注',
        captions: { 'en-US': 'Remark' },
        dataType: 'VARCHAR',
        length: 200,
        ...shown,
      },
    ]),
  );
  const col = (table: StoredTable, name: string) => table.columns.find((column) => column.name === name)?.id;
  await api.call('POST', '/metadata/tablerelations', {
    name: 'book',
    caption: '图书',
    captions: { 'en-US': 'Book' },
    relationType: 'ManyToOne',
    fromTable: { id: loanTable.id },
    toTable: { id: book.id },
    fromColumn: { id: col(loanTable, 'bookId') },
    toColumn: { id: col(book, 'id') },
  });
  for (const name of ['三体', '活着']) {
    bookIds[name] = await api.call<number>('POST', '/business/book', { name });
  }
  loanId = await api.call<number>('POST', '/business/loan', {
    name: 'L-1',
    bookId: bookIds['三体'],
    borrower: '张三',
    remark: '押金二百元',
  });
  await api.call('PATCH', `/business/loan/${loanId}`, { borrower: '李四', bookId: bookIds['活着'] });
  await api.call('PATCH', `/business/loan/${loanId}`, { remark: '封面破损' });

  goneId = await api.call<number>('POST', '/business/loan', {
    name: 'L-2',
    bookId: bookIds['活着'],
    borrower: '赵六',
    remark: '已还',
  });
  await api.call('DELETE', `/business/loan/${goneId}`);

  const roleId = await api.call<number>('POST', '/business/role', {
    name: '只读',
    code: 'ROLE_HISTORY_READER',
    permissions: 'business:loan:read,business:book:read',
  });
  await addUserWithRole(api, { ...READER, realname: '王五' }, roleId);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const openAs = async (
  locale: 'zh-CN' | 'en-US',
  viewport: { width: number; height: number },
  user = { username: 'superadmin', password: server.adminPassword },
): Promise<{ page: Page; errors: string[] }> => {
  const { page, errors } = await signedInPageIn(browser, server.url, { locale, viewport, user });
  await page.goto(app(`dataSource/primary/business/loan/${loanId}`));
  await page.locator('#borrower').waitFor();
  return { page, errors };
};

const drawer = (page: Page) => page.locator('.ant-drawer-content');
/** A screenshot once the drawer has slid in. */
const shot = async (page: Page, name: string) => {
  await page.locator('.ant-drawer-content-wrapper:not([class*="-motion-"])').waitFor();
  await page.waitForTimeout(300);
  await screenshot(page, name);
};
const revisions = (page: Page) => drawer(page).locator('[data-revision]');

describe('record history', () => {
  it('shows who changed what, and restores some fields of an old revision (zh-CN, 1440 × 900)', async () => {
    const { page, errors } = await openAs('zh-CN', { width: 1440, height: 900 });
    await page.getByRole('button', { name: '历史' }).click();
    await expect.poll(() => revisions(page).count()).toBe(3);
    // related books show by title once they are read
    await expect.poll(() => revisions(page).nth(1).innerText()).toMatch(/图书\s*三体\s*活着/);
    const [newest, middle, oldest] = await revisions(page).allInnerTexts();
    expect(newest).toContain('修改');
    expect(newest).toContain('超级管理员');
    expect(newest).toMatch(/备注\s*押金二百元\s*封面破损/);
    // the related book by its title, old → new
    expect(middle).toMatch(/图书\s*三体\s*活着/);
    expect(middle).toMatch(/借阅人\s*张三\s*李四/);
    expect(oldest).toContain('新建');
    await page.getByText('通过 SQL 控制台直接执行的修改不会记录在此。').waitFor();
    await shot(page, 'record-history-1440-zh');

    // filtered by a field: the revisions that changed 借阅人
    const byField = drawer(page).getByRole('combobox', { name: '按字段筛选' });
    await byField.click();
    await page.locator('.ant-select-dropdown').getByTitle('借阅人').click();
    await expect.poll(() => revisions(page).count()).toBe(2);
    const fieldSelect = drawer(page).locator('.ant-select').nth(1);
    await fieldSelect.hover();
    await fieldSelect.locator('.ant-select-clear').click();
    await expect.poll(() => revisions(page).count()).toBe(3);

    // back to how it was created, but keep the new remark
    await revisions(page).last().getByRole('button', { name: '恢复到此版本' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '确认恢复到此版本吗？' });
    await dialog.waitFor();
    const plan = async () =>
      (await dialog.locator('.ant-table-tbody tr').allInnerTexts()).map((row) =>
        row.replace(/\s+/g, ' ').trim(),
      );
    await expect.poll(plan).toEqual(['图书 活着 三体', '借阅人 李四 张三', '备注 封面破损 押金二百元']);
    await shot(page, 'record-history-restore-1440-zh');
    await dialog
      .locator('.ant-table-tbody tr')
      .filter({ hasText: '备注' })
      .locator('input[type="checkbox"]')
      .uncheck();
    await clickWhenStill(dialog.getByRole('button', { name: '恢复到此版本' }));
    await page.getByText('已恢复 2 个字段').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await loan()).toMatchObject({ borrower: '张三', bookId: bookIds['三体'], remark: '封面破损' });
    // the form starts again from the stored record, and the restore is a revision of its own
    await expect.poll(() => page.locator('#borrower').inputValue()).toBe('张三');
    await page.getByRole('button', { name: '历史' }).click();
    await expect.poll(() => revisions(page).count()).toBe(4);
    const restored = await revisions(page).first().innerText();
    expect(restored).toContain('历史恢复');
    expect(restored).toMatch(/借阅人\s*李四\s*张三/);
    // the newest revision is the record as it is: nothing to restore
    expect(await revisions(page).first().getByRole('button', { name: '恢复到此版本' }).isDisabled()).toBe(
      true,
    );
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('restores a whole revision in English on a phone (en-US, 390 × 844)', async () => {
    const { page, errors } = await openAs('en-US', { width: 390, height: 844 });
    await page.getByRole('button', { name: 'History' }).click();
    await expect.poll(() => revisions(page).count()).toBe(4);
    const box = await drawer(page).boundingBox();
    expect(box?.width).toBeGreaterThan(380);
    expect(await revisions(page).nth(1).innerText()).toMatch(/Remark\s*押金二百元\s*封面破损/);
    await shot(page, 'record-history-390-en');
    // right after the remark changed: 李四 with 活着 again
    await revisions(page).nth(1).getByRole('button', { name: 'Restore this version' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Restore this version?' });
    await dialog.waitFor();
    expect(await dialog.locator('.ant-table-tbody tr').count()).toBe(2);
    await shot(page, 'record-history-restore-390-en');
    await clickWhenStill(dialog.getByRole('button', { name: 'Restore this version' }));
    await page.getByText('Restored 2 fields').waitFor();
    expect(await loan()).toMatchObject({ borrower: '李四', bookId: bookIds['活着'], remark: '封面破损' });
    await expect.poll(() => page.locator('#borrower').inputValue()).toBe('李四');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('brings a hard-deleted loan back with its key from the deleted records (zh-CN, then en-US on a phone)', async () => {
    const { page, errors } = await openAs('zh-CN', { width: 1440, height: 900 });
    await page.goto(app('dataSource/primary/business/loan'));
    // resting on a row says who changed it last, and when
    const lent = page.locator('.ant-table-row').filter({ hasText: 'L-1' });
    await expect
      .poll(() => lent.getAttribute('title'))
      .toMatch(/^超级管理员 修改于 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    await page.getByRole('button', { name: '已删除记录' }).click();
    const gone = drawer(page).locator(`[data-deleted-record="${goneId}"]`);
    await gone.waitFor();
    // the book by its title, once it is read
    await expect.poll(() => gone.innerText()).toMatch(/图书\s*活着/);
    const text = await gone.innerText();
    expect(text).toContain('L-2');
    expect(text).toContain('超级管理员 删除于');
    expect(text).not.toContain('创建时间');
    await shot(page, 'deleted-records-1440-zh');
    await gone.getByRole('button', { name: /恢\s*复/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '确认恢复该记录吗？' });
    await dialog.getByText(`将以原编号 ${goneId} 重新创建“L-2”`).waitFor();
    await clickWhenStill(dialog.getByRole('button', { name: /恢\s*复/ }));
    await page.getByText('已恢复“L-2”').waitFor();
    await drawer(page).getByText('没有已删除的记录').waitFor();
    expect(await api.call<Loan>('GET', `/business/loan/${goneId}`)).toMatchObject({
      borrower: '赵六',
      bookId: bookIds['活着'],
    });
    await page.locator('.ant-drawer-close').click();
    await page.locator('.ant-table-row').filter({ hasText: 'L-2' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();

    // deleted again, then seen on a phone in English
    await api.call('DELETE', `/business/loan/${goneId}`);
    const phone = await openAs('en-US', { width: 390, height: 844 });
    await phone.page.goto(app('dataSource/primary/business/loan'));
    await phone.page.getByRole('button', { name: 'Deleted records' }).click();
    const again = drawer(phone.page).locator(`[data-deleted-record="${goneId}"]`);
    await again.waitFor();
    expect(await again.innerText()).toContain('Deleted by Super administrator at');
    await shot(phone.page, 'deleted-records-390-en');
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();
  }, 120_000);

  it('shows a reader the history without a restore', async () => {
    const { page, errors } = await openAs('zh-CN', { width: 1024, height: 768 }, READER);
    await page.getByRole('button', { name: '历史' }).click();
    await expect.poll(() => revisions(page).count()).toBe(5);
    expect(await drawer(page).getByRole('button', { name: '恢复到此版本' }).count()).toBe(0);
    await expect.poll(() => revisions(page).last().innerText()).toMatch(/图书\s*—?\s*三体/);
    await shot(page, 'record-history-reader-1024-zh');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('asks before restoring over an edit saved after the page opened (zh-CN, 1440 × 900)', async () => {
    const { page, errors } = await openAs('zh-CN', { width: 1440, height: 900 });
    await page.getByRole('button', { name: '历史' }).click();
    await expect.poll(() => revisions(page).count()).toBe(5);
    // someone else saves while this page is open
    await api.call('PATCH', `/business/loan/${loanId}`, { borrower: '孙七' });
    await revisions(page).last().getByRole('button', { name: '恢复到此版本' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '确认恢复到此版本吗？' });
    await clickWhenStill(dialog.getByRole('button', { name: '恢复到此版本' }));
    const ask = page.locator('.ant-modal').filter({ hasText: '记录在您打开后已被修改，仍要恢复吗？' });
    await ask.waitFor();
    expect(await ask.innerText()).toContain('此后保存的修改将被恢复覆盖');
    // nothing written yet
    expect(await loan()).toMatchObject({ borrower: '孙七' });
    await screenshot(page, 'record-history-stale-1440-zh');
    await ask.getByRole('button', { name: '仍要恢复' }).click();
    await page.getByText(/已恢复 \d+ 个字段/).waitFor();
    expect(await loan()).toMatchObject({ borrower: '张三', bookId: bookIds['三体'], remark: '押金二百元' });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
