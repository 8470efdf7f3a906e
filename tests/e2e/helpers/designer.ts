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
