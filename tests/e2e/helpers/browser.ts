import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const screenshotDir = resolve(import.meta.dirname, '../screenshots');

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });

export const screenshot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: resolve(screenshotDir, `${name}.png`), fullPage: true });
};

/** Collects uncaught page errors so a test can assert the app ran cleanly. */
export const trackPageErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
};

/** A page signed in as `username` in a fresh browser context, through the login form, with its uncaught errors collected. */
export const signedInPageAs = async (
  browser: Browser,
  serverUrl: string,
  username: string,
  password: string,
  viewport = { width: 1366, height: 820 },
): Promise<{ page: Page; errors: string[] }> => {
  const context = await browser.newContext({ viewport, locale: 'zh-CN' });
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await page.goto(`${serverUrl}/crudboard/login`);
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => !url.pathname.includes('/login'));
  return { page, errors };
};

/** A page signed in as `superadmin` in a fresh browser context, with its uncaught errors collected. */
export const signedInPage = (
  browser: Browser,
  serverUrl: string,
  password: string,
  viewport = { width: 1366, height: 820 },
): Promise<{ page: Page; errors: string[] }> =>
  signedInPageAs(browser, serverUrl, 'superadmin', password, viewport);
