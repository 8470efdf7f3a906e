import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi } from './helpers/api-session';
import { launchBrowser, screenshot, trackPageErrors } from './helpers/browser';
import { startOidcProvider, type OidcProvider } from './helpers/oidc-provider';
import { freePort, startServer, type RunningServer } from './helpers/start-server';

let server: RunningServer;
let idp: OidcProvider;
let browser: Browser;

beforeAll(async () => {
  const port = await freePort();
  const callback = `http://127.0.0.1:${port}/api/auth/sso/corp/callback`;
  [idp, browser] = await Promise.all([
    startOidcProvider([{ client_id: 'crudboard', client_secret: 'e2e-secret', redirect_uris: [callback] }], {
      alice: { preferred_username: 'alice', name: 'Alice Wang', groups: ['sales'] },
      nobody: { preferred_username: 'nobody', groups: ['visitors'] },
    }),
    launchBrowser(),
  ]);
  const providers = [
    {
      id: 'corp',
      kind: 'oidc',
      name: 'Corp SSO',
      issuer: idp.issuer,
      clientId: 'crudboard',
      clientSecret: 'e2e-secret',
      scopes: 'openid email profile groups',
      roles: { sales: 'ROLE_SALES' },
    },
  ];
  server = await startServer({ PORT: String(port), AUTH_PROVIDERS: JSON.stringify(providers) });
  const api = await signInApi(server.url, server.adminPassword);
  // The mapped role: the audit log menu only, to see on the home page.
  await api.call('POST', '/business/role', { name: '销售', code: 'ROLE_SALES', permissions: 'audit:read' });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await idp?.stop();
});

describe('single sign-on in the browser', () => {
  it('signs in through the provider and lands on the home page with the mapped role', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${server.url}/crudboard/login`);
    const button = page.getByRole('link', { name: /使用 Corp SSO 登录/ });
    await button.waitFor();
    await screenshot(page, 'sso-login-1440');
    await button.click();
    // The provider's own sign-in page, then its consent page.
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator('input[name="login"]').fill('alice');
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').filter({ hasText: 'Continue' }).click();
    await page.waitForURL((url) => url.origin === server.url && !url.pathname.endsWith('/login'));
    await page.getByText('Alice Wang').first().waitFor();
    await page.getByText('审计日志').first().waitFor();
    await screenshot(page, 'sso-home-1440');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a readable Chinese message when the provider gives no role, on a phone too', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${server.url}/crudboard/login`);
    await page.getByRole('link', { name: /使用 Corp SSO 登录/ }).click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator('input[name="login"]').fill('nobody');
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').filter({ hasText: 'Continue' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/crudboard/login' && url.search.includes('error=sso_no_role'),
    );
    await expect(page.getByRole('alert').textContent()).resolves.toContain(
      '您的账户在 crudboard 中没有对应的角色',
    );
    await screenshot(page, 'sso-error-390');
    await context.close();
  });
});
