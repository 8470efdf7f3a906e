import type { Locator, Page, Request } from 'playwright-core';

/**
 * Opens the dropdown of `opener` and clicks its item `item` until the request it should send
 * (`sends`) goes out: on a loaded machine a click on an item can land while the menu is still
 * moving in, and be lost. Up to three tries; throws with what was tried when none took.
 */
export const runMenuAction = async (
  page: Page,
  opener: Locator,
  item: string,
  sends: (request: Request) => boolean,
): Promise<void> => {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await opener.click();
    const entry = page.getByRole('menuitem', { name: item });
    await entry.waitFor();
    const sent = page.waitForRequest(sends, { timeout: 5000 }).then(
      () => true,
      () => false,
    );
    await entry.click();
    if (await sent) return;
    await page.keyboard.press('Escape');
  }
  throw new Error(`the menu item ${item} sent no request in three tries (page at ${page.url()})`);
};
