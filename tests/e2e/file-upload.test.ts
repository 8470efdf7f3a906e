import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi, type ApiSession } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPage } from './helpers/browser';
import { SYSTEM_COLUMNS } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';

const MB = 1024 * 1024;
const BIG_SIZE = 50 * MB;

let server: RunningServer;
let browser: Browser;
let api: ApiSession;
let page: Page;
let errors: string[];
let work: string;

const app = (path = '') => `${server.url}/crudboard/${path}`;
const md5Of = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** The session cookie of a fresh sign-in, for the multipart calls ApiSession does not make. */
const signInCookie = async () => {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'superadmin', password: server.adminPassword }).toString(),
  });
  expect(login.ok).toBe(true);
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
};

const download = async (url: string, cookie: string) => {
  const response = await fetch(`${server.url}${url}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await signInApi(server.url, server.adminPassword);
  await api.call('POST', '/metadata/tables', {
    name: 'contract',
    pluralName: 'contracts',
    tableName: 'contract',
    caption: '合同',
    columns: [
      ...SYSTEM_COLUMNS,
      { name: 'scan', caption: '扫描件', dataType: 'ATTACHMENT', length: 500, displayable: true },
    ].map((column, i) => ({ displayOrder: i, ...column })),
  });
  work = mkdtempSync(join(tmpdir(), 'crudboard-e2e-upload-'));
  ({ page, errors } = await signedInPage(browser, server.url, server.adminPassword));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const uploadButton = () => page.getByRole('button', { name: /上\s*传/ });
const rowOf = (text: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
const storedScan = async (name: string) => {
  const rows = await api.call<{ name: string; scan: string }[]>('GET', '/business/contract');
  const row = rows.find((r) => r.name === name);
  expect(row).toBeDefined();
  return row?.scan ?? '';
};

/** Sets the page's upload speed in bytes per second (-1: unthrottled), through the DevTools protocol. */
const uploadThrottle = async (target: Page) => {
  const cdp = await target.context().newCDPSession(target);
  await cdp.send('Network.enable');
  return (uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
};

describe('file upload in a real browser', () => {
  it('uploads an attachment in a form as soon as it is chosen and opens it from the list', async () => {
    const image = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 64, height: 48 } });
    const imagePath = join(work, 'scan.png');
    writeFileSync(imagePath, image);

    await page.goto(app('dataSource/primary/business/contract/new'));
    await page.getByText('扫描件').first().waitFor();
    // choosing the file is enough: there is no separate upload button
    expect(await uploadButton().count()).toBe(0);

    await page.getByLabel('名称').first().fill('采购合同');
    await page.locator('.attachment-input input[type="file"]').setInputFiles(imagePath);
    await page.locator('.attachment-input .attachment-name', { hasText: 'scan.png' }).waitFor();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('添加成功').first().waitFor();

    const url = await storedScan('采购合同');
    expect(url).toMatch(/^\/download\//);
    expect(md5Of(await download(url, await signInCookie()))).toBe(md5Of(image));

    // In the list a picture shows as a thumbnail, which opens the full picture in place.
    await page.goto(app('dataSource/primary/business/contract'));
    const thumbnail = rowOf('采购合同').locator('img');
    await thumbnail.waitFor();
    expect(new URL(await thumbnail.evaluate((img) => (img as unknown as { src: string }).src)).pathname).toBe(
      url,
    );
    await expect
      .poll(() => thumbnail.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(64);
    await rowOf('采购合同').locator('.ant-image').click();
    const preview = page.locator('.ant-image-preview-img');
    await preview.waitFor();
    expect(new URL(await preview.evaluate((img) => (img as unknown as { src: string }).src)).pathname).toBe(
      url,
    );
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  it('uploads a 50 MB file in resumable chunks with progress and stores it whole', async () => {
    const bytes = randomBytes(BIG_SIZE);
    const md5 = md5Of(bytes);
    const bigPath = join(work, 'archive.bin');
    writeFileSync(bigPath, bytes);
    const cookie = await signInCookie();

    // An earlier, interrupted upload left chunk 1 on the server.
    const chunkSize = 20_971_520;
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name: 'archive.bin',
      md5,
      size: BIG_SIZE,
      chunks: 3,
      chunk: 1,
    })) {
      form.append(key, String(value));
    }
    form.append('file', new Blob([bytes.subarray(chunkSize, 2 * chunkSize)]), 'archive.bin');
    const earlier = await fetch(`${server.url}/api/file/big`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    expect(earlier.status).toBe(201);
    expect(await earlier.json()).toMatchObject({ isFinished: false, received: [1] });

    const chunkRequests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/file/big'))
        chunkRequests.push(request.url());
    });

    await page.goto(app('dataSource/primary/business/contract/new'));
    await page.getByLabel('名称').first().fill('大文件合同');
    // A slower link, so the upload is seen under way.
    const throttle = await uploadThrottle(page);
    await throttle(10 * MB);
    await page.locator('.attachment-input input[type="file"]').setInputFiles(bigPath);
    const status = page.locator('.attachment-input [role="status"]');
    await status.filter({ hasText: 'archive.bin 上传中' }).waitFor();
    await expect
      .poll(async () => Number((await status.locator('.ant-progress-text').innerText()).replace('%', '')))
      .toBeGreaterThan(5);
    // Bytes done of the total, the speed over the last seconds and the time left.
    await expect
      .poll(() => status.getByTestId('upload-bytes').innerText())
      .toMatch(/^[\d.]+ [KM]?B \/ 50 MB$/);
    await expect.poll(() => status.getByTestId('upload-speed').innerText()).toMatch(/^[\d.]+ [KM]?B\/秒$/);
    await expect.poll(() => status.getByTestId('upload-left').innerText()).toMatch(/^剩余 \d+:\d\d$/);
    await screenshot(page, 'file-upload-progress');
    await throttle(-1);
    await page
      .locator('.attachment-input .attachment-name', { hasText: 'archive.bin' })
      .waitFor({ timeout: 60_000 });
    await screenshot(page, 'file-upload-complete');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('添加成功').first().waitFor();

    // Only the two missing chunks travelled.
    expect(chunkRequests).toHaveLength(2);
    const url = await storedScan('大文件合同');
    const held = await api.call<{ isFinished: boolean; url?: string }>('GET', `/file/big/${md5}`);
    expect(held).toMatchObject({ isFinished: true, url });
    const stored = await download(url, cookie);
    expect(stored.byteLength).toBe(BIG_SIZE);
    expect(md5Of(stored)).toBe(md5);
    expect(errors).toEqual([]);
  }, 180_000);

  it('cancels a big upload: the chunks in flight stop and choosing the file again resumes it', async () => {
    const bytes = randomBytes(BIG_SIZE);
    const md5 = md5Of(bytes);
    const bigPath = join(work, 'cancelled.bin');
    writeFileSync(bigPath, bytes);
    await page.goto(app('dataSource/primary/business/contract/new'));
    await page.getByText('扫描件').first().waitFor();
    const throttle = await uploadThrottle(page);
    await throttle(2 * MB);
    await page.locator('.attachment-input input[type="file"]').setInputFiles(bigPath);
    const status = page.locator('.attachment-input [role="status"]');
    await status.filter({ hasText: 'cancelled.bin 上传中' }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'file-upload-cancel-under-way');
    let chunksAfterCancel = 0;
    let cancelled = false;
    page.on('request', (request) => {
      if (cancelled && request.method() === 'POST' && request.url().endsWith('/api/file/big'))
        chunksAfterCancel += 1;
    });
    await status.getByRole('button', { name: '取消上传' }).click();
    cancelled = true;
    await page.getByText('已取消上传').first().waitFor();
    await status.waitFor({ state: 'detached' });
    await page.waitForTimeout(1000);
    expect(chunksAfterCancel).toBe(0);
    await throttle(-1);
    const held = await api.call<{ isFinished: boolean }>('GET', `/file/big/${md5}`);
    expect(held.isFinished).toBe(false);
    // Choosing the same file again resumes from what the server holds, and finishes.
    await page.locator('.attachment-input input[type="file"]').setInputFiles(bigPath);
    await page
      .locator('.attachment-input .attachment-name', { hasText: 'cancelled.bin' })
      .waitFor({ timeout: 60_000 });
    expect(errors).toEqual([]);
  }, 180_000);
});
