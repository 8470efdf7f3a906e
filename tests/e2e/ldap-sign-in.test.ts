import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SALES_DN,
  SERVICE_DN,
  SERVICE_PASSWORD,
  SUFFIX,
  USERS,
  slapdInstalled,
  slapdSkipNote,
  startSlapd,
  userDn,
  type Slapd,
} from '../../test-support/slapd';
import { signInApi } from './helpers/api-session';
import { launchBrowser, screenshot, trackPageErrors } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/start-server';

let slapd: Slapd;
let server: RunningServer;
let browser: Browser;

describe.skipIf(!slapdInstalled)(`directory sign-in in the browser${slapdSkipNote}`, () => {
  beforeAll(async () => {
    [slapd, browser] = await Promise.all([startSlapd(), launchBrowser()]);
    const providers = [
      {
        id: 'staff',
        kind: 'ldap',
        name: '公司目录',
        url: slapd.url,
        bindDN: SERVICE_DN,
        bindPassword: SERVICE_PASSWORD,
        searchBase: SUFFIX,
        searchFilter: '(&(objectClass=inetOrgPerson)(uid={{username}}))',
        roles: { [SALES_DN]: 'ROLE_SALES' },
      },
    ];
    server = await startServer({ AUTH_PROVIDERS: JSON.stringify(providers) });
    const api = await signInApi(server.url, server.adminPassword);
    // The mapped role: the audit log menu only, to see on the home page.
    await api.call('POST', '/business/role', { name: '销售', code: 'ROLE_SALES', permissions: 'audit:read' });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await slapd?.remove();
  });

  const signIn = async (width: number, height: number) => {
    const context = await browser.newContext({ viewport: { width, height }, locale: 'zh-CN' });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${server.url}/crudboard/login`);
    // The directory choice comes with the sign-in options the page asks the server for.
    const directory = page.getByRole('combobox', { name: '目录' });
    await page.locator('.ant-select').filter({ has: directory }).locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown').getByTitle('公司目录').click();
    await page.getByLabel('用户名').fill('alice');
    await page.getByLabel('密码').fill(USERS.alice.password);
    return { context, page, errors };
  };

  it('signs a person in with the directory password and shows the mapped role’s menu (zh-CN, 1440 × 900)', async () => {
    await slapd.setMembers(SALES_DN, [userDn('alice')]);
    const { context, page, errors } = await signIn(1440, 900);
    await screenshot(page, 'ldap-login-1440');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.getByText('审计日志').first().waitFor();
    // The role grants no table: the home page says who can change that, not how to define tables.
    await page.getByText('请联系管理员为您的角色授予数据表权限', { exact: false }).waitFor();
    await screenshot(page, 'ldap-home-1440');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses the same person once the directory took the group away, with a sentence (390 × 844)', async () => {
    await slapd.setMembers(SALES_DN, [userDn('bob')]);
    const { context, page } = await signIn(390, 844);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect
      .poll(async () => (await page.getByRole('alert').allTextContents()).join(' '))
      .toContain('您在目录中的分组没有对应的 crudboard 角色');
    expect(new URL(page.url()).pathname).toBe('/crudboard/login');
    await screenshot(page, 'ldap-refused-390');
    await context.close();
  });
});
