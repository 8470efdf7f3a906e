import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const screenshotDir = resolve(import.meta.dirname, '../screenshots');

/**
 * Headless Chromium. Its pages ask for reduced motion unless a test says otherwise
 * (`reducedMotion` of `newContext`/`newPage`), as a user can in their system's settings: the app
 * then opens menus, dialogs and messages without animating them, so that no step waits for an
 * animation or taps a dialog still moving in.
 */
export const launchBrowser = async (): Promise<Browser> => {
  const browser = await chromium.launch({
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
  // Browser.newPage makes its context with newContext too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  return browser;
};

export const screenshot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: resolve(screenshotDir, `${name}.png`), fullPage: true });
};

/**
 * What the screen shows of its overlays (menus, dialogs, messages) and where it is: a failed wait
 * puts it into its error, so a run's log says what was on screen instead of only what was not.
 */
export const describeScreen = async (page: Page): Promise<string> => {
  const texts = async (selector: string) =>
    (await page.locator(`${selector} >> visible=true`).allInnerTexts()).map((text) =>
      text.replace(/\s+/g, ' ').trim().slice(0, 200),
    );
  return JSON.stringify({
    url: page.url(),
    dropdowns: await texts('.ant-dropdown'),
    modals: await texts('.ant-modal'),
    messages: await texts('.ant-message-notice, .ant-notification-notice'),
  });
};

/** Raw refusals no screen may show: a status or transport text in place of a sentence in the user's language. */
const RAW_REFUSAL =
  /403 forbidden|Request failed with status code|Internal Server Error|Bad Gateway|Service Unavailable|Too Many Requests|\bForbidden\b|\bUnauthorized\b/;

const HAS_CHINESE = /[\u4e00-\u9fff]/;

/**
 * Collects what would tell a user something went wrong in a way they cannot read: uncaught page
 * errors; an API refusal (4xx/5xx) answered in Chinese to a Chinese page without a Chinese message;
 * and a message, notification or alert showing a raw refusal. A test asserts the list is empty.
 */
export const trackPageErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (response) => {
    const request = response.request();
    if (response.status() < 400 || !new URL(request.url()).pathname.includes('/api/')) return;
    const language = request.headers()['accept-language'] ?? '';
    if (!language.startsWith('zh')) return;
    void response
      .json()
      .then((body: { message?: unknown }) => {
        if (typeof body.message === 'string' && !HAS_CHINESE.test(body.message))
          errors.push(`untranslated server message (${response.status()} ${request.url()}): ${body.message}`);
      })
      .catch(() => undefined);
  });
  void page.exposeFunction('__crudboardRawRefusal', (text: string) => {
    errors.push(`raw refusal shown: ${text}`);
  });
  // Runs in the page (a script text: the tests are type checked without the DOM's types).
  void page.addInitScript({
    content: `(() => {
      const raw = new RegExp(${JSON.stringify(RAW_REFUSAL.source)});
      const seen = new Set();
      const selector =
        '.ant-message, .ant-notification, .ant-alert, .ant-result, .ant-form-item-explain, .ant-tooltip';
      const check = () => {
        for (const node of document.querySelectorAll(selector)) {
          const text = node.textContent || '';
          if (raw.test(text) && !seen.has(text)) {
            seen.add(text);
            if (window.__crudboardRawRefusal) window.__crudboardRawRefusal(text);
          }
        }
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
    })();`,
  });
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

/**
 * A page signed in through the login form in `locale` (kept for every page of the context) and
 * `viewport`, as `user` (the super admin by default), with its uncaught errors collected.
 */
export const signedInPageIn = async (
  browser: Browser,
  serverUrl: string,
  options: {
    locale: 'zh-CN' | 'en-US';
    viewport: { width: number; height: number };
    user: { username: string; password: string };
  },
): Promise<{ page: Page; errors: string[] }> => {
  const { locale, viewport, user } = options;
  const context = await browser.newContext({ viewport, locale });
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await page.addInitScript({ content: `localStorage.setItem('locale', ${JSON.stringify(locale)})` });
  await page.goto(`${serverUrl}/crudboard/login`);
  const zh = locale === 'zh-CN';
  await page.getByPlaceholder(zh ? '用户名' : 'Username').fill(user.username);
  await page.getByPlaceholder(zh ? '密码' : 'Password').fill(user.password);
  await page.getByRole('button', { name: zh ? /登\s*录/ : /Sign in/ }).click();
  await page.waitForURL((url) => !url.pathname.includes('/login'));
  return { page, errors };
};
