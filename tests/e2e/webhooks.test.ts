import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserWithRole, signInApi, type ApiSession } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPageIn } from './helpers/browser';
import { SYSTEM_COLUMNS } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';

/**
 * Webhooks in the browser, as a manager who holds webhook:manage and one table: they make a
 * webhook in the generic form (系统 → Webhook), a record changes, the receiver is down so the
 * delivery ends a dead letter; they find it in the webhook's deliveries and send it again.
 */
let server: RunningServer;
let browser: Browser;
let api: ApiSession;
let receiver: Server;
let receiverUrl = '';
let receiverDown = true;
const received: { action: string; record: { name?: string } | null; signature: string }[] = [];
const MANAGER = { username: 'hookkeeper', password: 'Hookkeeper-Pass-2024', realname: '对接管理员' };

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      if (receiverDown) {
        response.writeHead(503).end('maintenance');
        return;
      }
      const body = JSON.parse(raw) as { action: string; record: { name?: string } | null };
      received.push({ ...body, signature: String(request.headers['x-crudboard-signature']) });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  receiverUrl = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/orders`;
  [server, browser] = await Promise.all([
    startServer({
      WEBHOOK_ALLOW_PRIVATE: '127.0.0.1',
      WEBHOOK_POLL_MS: '200',
      WEBHOOK_RETRY_BASE_MS: '100',
      WEBHOOK_RETRY_SECONDS: '1',
    }),
    launchBrowser(),
  ]);
  api = await signInApi(server.url, server.adminPassword);
  await api.call('POST', '/metadata/tables', { name: 'parcel', caption: '包裹', columns: SYSTEM_COLUMNS });
  const role = await api.call<number>('POST', '/business/role', {
    name: '对接',
    code: 'ROLE_HOOKS',
    permissions: 'webhook:manage,business:parcel:*',
  });
  await addUserWithRole(api, MANAGER, role);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((done) => receiver.close(() => done()));
});

describe('webhooks', () => {
  it('a manager makes a webhook, a change ends a dead letter, they send it again (zh-CN, 1440 × 900)', async () => {
    const { page, errors } = await signedInPageIn(browser, server.url, {
      locale: 'zh-CN',
      viewport: { width: 1440, height: 900 },
      user: MANAGER,
    });
    await page.goto(`${server.url}/crudboard/`);
    // under 系统 (the table is also listed under 内置数据)
    const system = page
      .locator('li.ant-menu-submenu')
      .filter({ has: page.locator('.ant-menu-submenu-title', { hasText: /^系统$/ }) });
    const entry = system.getByRole('link', { name: 'Webhook', exact: true });
    await entry.click();
    await page.waitForURL((url) => url.pathname.endsWith('/business/webhook'));
    await page
      .getByRole('button', { name: /新\s*建|新增|添\s*加/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname.endsWith('/business/webhook/new'));
    const form = page.locator('.ant-collapse');
    await form.getByLabel('名称', { exact: true }).fill('通知仓库');
    await form.getByLabel('表', { exact: true }).fill('parcel');
    await form.getByLabel('地址', { exact: true }).fill(receiverUrl);
    await form.getByLabel('签名密钥', { exact: true }).fill('whsec-browser-1');
    await screenshot(page, 'webhooks-1-new-zh');
    await page
      .getByRole('toolbar')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await page.waitForURL((url) => url.pathname.endsWith('/business/webhook'));
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '通知仓库' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain(receiverUrl);
    await screenshot(page, 'webhooks-2-list-zh');

    // a record changes while the receiver is down: retried, then a dead letter
    await api.call('POST', '/business/parcel', { name: '第一个包裹' });
    await expect
      .poll(
        async () => (await api.call<{ status: string }[]>('GET', '/business/webhookDelivery'))[0]?.status,
        {
          timeout: 20_000,
        },
      )
      .toBe('dead');
    receiverDown = false;

    await page.goto(`${server.url}/crudboard/dataSource/primary/business/webhookDelivery`);
    const delivery = page.locator('.ant-table-tbody tr.ant-table-row').first();
    // the status is a tag with its caption
    await expect.poll(() => delivery.innerText()).toContain('已放弃');
    await screenshot(page, 'webhooks-3-dead-zh');
    await delivery.getByRole('button', { name: '重发' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /重\s*发/ })
      .click();
    await expect.poll(() => page.getByText('已重新排队').count()).toBeGreaterThan(0);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    expect(received[0]).toMatchObject({ action: 'create', record: { name: '第一个包裹' } });
    expect(received[0]?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    await expect
      .poll(async () => {
        await page.reload();
        return delivery.innerText();
      })
      .toContain('已投递');
    await screenshot(page, 'webhooks-4-delivered-zh');
    expect(errors).toEqual([]);
  });

  it('the deliveries on a phone, in English (390 × 844)', async () => {
    const { page, errors } = await signedInPageIn(browser, server.url, {
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      user: MANAGER,
    });
    await page.goto(`${server.url}/crudboard/dataSource/primary/business/webhookDelivery`);
    // the status is among the few fields a phone's card shows
    await expect.poll(() => page.getByText('Delivered', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Resend' }).first().waitFor();
    await screenshot(page, 'webhooks-5-phone-en');
    expect(errors).toEqual([]);
  });
});
