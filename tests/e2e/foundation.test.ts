import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackApiTraffic } from './helpers/api-traffic';
import { launchBrowser, screenshot, trackPageErrors } from './helpers/browser';
import { runMenuAction } from './helpers/menu-action';
import { startServer, type RunningServer } from './helpers/start-server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const app = (path = '') => `${server.url}/crudboard/${path}`;

const newPage = async (): Promise<{ context: BrowserContext; page: Page; errors: string[] }> => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'zh-CN' });
  const page = await context.newPage();
  return { context, page, errors: trackPageErrors(page) };
};

const signIn = async (page: Page, password = server.adminPassword): Promise<void> => {
  await page.getByPlaceholder('用户名').fill('superadmin');
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
};

describe('foundation in a real browser', () => {
  it('sends a visitor to login, refuses a wrong password, then signs in', async () => {
    const { context, page, errors } = await newPage();
    await page.goto(app());
    await page.waitForURL(/\/crudboard\/login/);
    await page
      .getByText(/欢迎使用/)
      .first()
      .waitFor();
    await screenshot(page, 'login');

    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByText('用户名不能为空！').waitFor();
    await page.getByText('密码不能为空！').waitFor();

    await signIn(page, 'wrong-password');
    await page
      .getByText(/用户名或密码错误/)
      .first()
      .waitFor();
    expect(page.url()).toMatch(/\/login/);
    await screenshot(page, 'login-error');

    await signIn(page);
    await page.waitForURL((url) => !url.pathname.includes('/login'));
    await page.getByText('超级管理员').first().waitFor();
    for (const group of ['业务数据', '元数据', '系统']) {
      await page.getByRole('menuitem', { name: group }).or(page.getByText(group).first()).first().waitFor();
    }
    await screenshot(page, 'home');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads deep links, switches language and theme, shows about and setting', async () => {
    const { context, page, errors } = await newPage();
    await page.goto(app('login'));
    await signIn(page);
    await page.waitForURL((url) => !url.pathname.includes('/login'));

    await page.goto(app('about'));
    await page.getByText('crudboard').first().waitFor();
    await screenshot(page, 'about');

    await page.goto(app('setting'));
    await page.getByRole('button', { name: '清除浏览器缓存' }).waitFor();
    await screenshot(page, 'setting');

    await page.getByText('English', { exact: true }).first().click();
    await page.getByRole('button', { name: /clear browser cache/i }).waitFor();
    await screenshot(page, 'setting-en');
    await page.getByText('中文', { exact: true }).first().click();
    await page.getByRole('button', { name: '清除浏览器缓存' }).waitFor();

    await page.goto(app('no/such/page'));
    await page.getByText('404').first().waitFor();
    await screenshot(page, 'not-found');

    await page.goto(app('403'));
    await page.getByText('403').first().waitFor();
    await screenshot(page, 'forbidden');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs out from the user menu and guards pages afterwards', async () => {
    const { context, page } = await newPage();
    await page.goto(app('login'));
    await signIn(page);
    await page.waitForURL((url) => !url.pathname.includes('/login'));
    await runMenuAction(page, page.getByText('超级管理员').first(), '退出登录', (request) =>
      request.url().includes('/api/auth/logout'),
    );
    await page.waitForURL(/\/login/).catch((error: Error) => {
      throw new Error(`${error.message}\nsigned out, but the page stayed at ${page.url()}`);
    });
    const me = await page.evaluate(async () => (await fetch('/api/users/me')).status);
    expect(me).toBe(401);
    await page.goto(app('about'));
    await page.waitForURL(/\/login/);
    await context.close();
  });
});

describe('motion', () => {
  /** How long the sign-in button's hover and focus transitions take, as the browser computes it. */
  const buttonTransition = async (reducedMotion: 'reduce' | 'no-preference') => {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 820 },
      locale: 'zh-CN',
      reducedMotion,
    });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(app('login'));
    const button = page.getByRole('button', { name: /登\s*录/ });
    await button.waitFor();
    const duration = await button.evaluate(
      (element) =>
        (
          globalThis as unknown as { getComputedStyle(element: unknown): { transitionDuration: string } }
        ).getComputedStyle(element).transitionDuration,
    );
    expect(errors).toEqual([]);
    await context.close();
    return duration;
  };

  it('animates for a user who did not ask for less motion, and not at all for one who asked for reduced motion', async () => {
    expect(await buttonTransition('no-preference')).not.toMatch(/^0s(, 0s)*$/);
    expect(await buttonTransition('reduce')).toMatch(/^0s(, 0s)*$/);
  });
});

describe('an expired session', () => {
  let shortLived: RunningServer;
  beforeAll(async () => {
    shortLived = await startServer({ SESSION_TTL: '2' });
  });
  afterAll(async () => {
    await shortLived?.stop();
  });

  it('shows the server message and returns to login after the 401', async () => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    // Error messages are collected across navigations: on a slow machine the session can
    // already expire while the first page after sign-in loads, and the message shows there.
    const messages: string[] = [];
    await context.exposeBinding('cbErrorMessage', (_source, text: string) => messages.push(text));
    await context.addInitScript(`
      const seen = new WeakSet();
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('.ant-message-error')) {
          if (seen.has(element)) continue;
          seen.add(element);
          window.cbErrorMessage(element.textContent ?? '');
        }
      }).observe(document, { childList: true, subtree: true });
    `);
    const page = await context.newPage();
    const traffic = trackApiTraffic(page);
    await page.goto(`${shortLived.url}/crudboard/login`);
    await page.getByPlaceholder('用户名').fill('superadmin');
    await page.getByPlaceholder('密码').fill(shortLived.adminPassword);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((url) => !url.pathname.includes('/login'));
    // Sessions slide: every request of the home page extends this one by 2 s, and on a busy
    // machine those requests go on for seconds after the address changed (a client-side
    // navigation, so the load state does not follow them). The session has surely expired once
    // no request has been in flight for longer than its lifetime.
    await traffic.waitForQuiet(3000);
    await page.goto(`${shortLived.url}/crudboard/`);
    await page
      .locator('.ant-message-error')
      .first()
      .waitFor({ timeout: 5000 })
      .then(() => screenshot(page, 'session-expired'))
      .catch(() => undefined);
    await expect.poll(() => messages.join(' | '), { timeout: 30_000 }).toContain('会话已过期');
    await page.waitForURL(/\/login/);
    await context.close();
  });
});
