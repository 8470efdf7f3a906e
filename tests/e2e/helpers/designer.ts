import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Opens the 更多 / More drawer of the designer grid's row with an input holding `value` (caption or name); returns the drawer. */
export const openColumnMore = async (page: Page, value: string) => {
  const row = page
    .locator('[role="region"] table tbody tr')
    .filter({ has: page.locator(`input[value="${value}"]`) })
    .first();
  await row.getByRole('button', { name: /^(更多设置|More settings) \d+$/ }).click();
  const drawer = page.locator('.ant-drawer-open .ant-drawer-content').last();
  await drawer.waitFor();
  return drawer;
};

/** Closes the open 更多 / More drawer. */
export const closeColumnMore = async (page: Page) => {
  await page.locator('.ant-drawer-open .ant-drawer-close').last().click();
  await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
};

/**
 * Saves the designer: 保存, then 确定 in 确认提交吗？, then waits for `success` (添加成功 / 修改成功).
 * A schema change waits its turn behind others' on a loaded test machine: it is allowed a minute.
 */
export const saveDesign = async (page: Page, success: string) => {
  await page
    .getByRole('button', { name: /保\s*存/ })
    .last()
    .click();
  const dialog = page.getByRole('dialog').filter({ hasText: '确认提交吗？' });
  await dialog.waitFor();
  // The OK button takes the focus once the dialog has opened: a click before that may be lost on a
  // loaded machine, and the save would never be sent.
  const ok = dialog.getByRole('button', { name: /确\s*定/ });
  await expect
    .poll(() =>
      ok.evaluate((button) => (button as unknown as { matches: (s: string) => boolean }).matches(':focus')),
    )
    .toBe(true);
  await ok.click();
  await page.getByText(success).first().waitFor({ timeout: 60_000 });
};
