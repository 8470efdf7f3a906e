import type { Locator, Page } from 'playwright-core';

/**
 * Picks `title` in the Ant Design select `box` until `picked()` says it took: on a loaded machine
 * a click on an option can land while the list is still moving in, and be lost. Up to three tries;
 * the caller asserts the outcome after.
 */
export const pickOption = async (
  page: Page,
  box: Locator,
  title: string,
  picked: () => Promise<boolean>,
): Promise<void> => {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await box.click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(title).click();
    const until = Date.now() + 5000;
    while (Date.now() < until) {
      if (await picked()) return;
      await page.waitForTimeout(100);
    }
    await page.keyboard.press('Escape');
  }
};
