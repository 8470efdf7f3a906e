import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answering } from './helpers/answering';
import { signInApi } from './helpers/api-session';
import { launchBrowser, trackPageErrors } from './helpers/browser';
import { createTableWith } from './helpers/shop';
import { freePort } from './helpers/start-server';

/**
 * The development paths as the README and docs/extending.md give them: `npm run dev:server` (the
 * server from its sources), `npm run dev` (Vite's dev server, passing /api on to it) and the plain
 * Refine example's `npx vite --config examples/plain-refine/vite.config.ts`. Only the ports and
 * the server's address are set (`--port`, `CRUDBOARD_SERVER`), so that the test runs beside others.
 */
const repoRoot = resolve(import.meta.dirname, '../..');
const PASSWORD = 'Dev-admin-Pass-1';
/** Vite compiles the app on its first load: minutes on a busy two-core machine. */
const FIRST_LOAD_MS = 180_000;

interface Started {
  child: ChildProcess;
  output: () => string;
}

const started: Started[] = [];
let dataDir: string;
let browser: Browser;
let serverUrl: string;
let appUrl: string;
let exampleUrl: string;

/** Runs a command in its own process group (npm, then its children), collecting what it prints. */
const run = (command: string, args: string[], env: Record<string, string>): Started => {
  let out = '';
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const entry = { child, output: () => out };
  started.push(entry);
  return entry;
};

const signIn = async (page: Page, url: string, button: RegExp | string) => {
  await page.goto(url, { timeout: FIRST_LOAD_MS });
  await page.getByPlaceholder('用户名').waitFor({ timeout: FIRST_LOAD_MS });
  await page.getByPlaceholder('用户名').fill('superadmin');
  await page.getByPlaceholder('密码').fill(PASSWORD);
  await page.getByRole('button', { name: button }).click();
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'crudboard-dev-'));
  const [serverPort, appPort, examplePort] = [await freePort(), await freePort(), await freePort()];
  serverUrl = `http://127.0.0.1:${serverPort}`;
  appUrl = `http://127.0.0.1:${appPort}`;
  exampleUrl = `http://127.0.0.1:${examplePort}`;
  const server = run('npm', ['run', 'dev:server'], {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    DATA_SOURCES: '',
    PASSWORD_HASH_COST: '1024',
  });
  const toServer = { CRUDBOARD_SERVER: serverUrl };
  const vite = ['--port', '', '--strictPort', '--host', '127.0.0.1'];
  const app = run('npm', ['run', 'dev', '--', ...vite.map((arg) => arg || String(appPort))], toServer);
  const example = run(
    'npx',
    [
      'vite',
      '--config',
      'examples/plain-refine/vite.config.ts',
      ...vite.map((arg) => arg || String(examplePort)),
    ],
    toServer,
  );
  browser = await launchBrowser();
  await Promise.all([
    answering(`${serverUrl}/api/metadata/dataSources`, server.child, server.output, FIRST_LOAD_MS),
    answering(`${appUrl}/crudboard/`, app.child, app.output, FIRST_LOAD_MS),
    answering(`${exampleUrl}/`, example.child, example.output, FIRST_LOAD_MS),
  ]);
  const api = await signInApi(serverUrl, PASSWORD);
  await createTableWith(api, 'note', '便签');
  await api.call('POST', '/business/note', { name: '第一张便签' });
}, FIRST_LOAD_MS * 2);

afterAll(async () => {
  await browser?.close();
  for (const { child } of started) {
    if (child.exitCode !== null || child.pid === undefined) continue;
    const exited = new Promise((done) => child.once('exit', done));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
    if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the documented development commands', () => {
  it(
    'npm run dev beside npm run dev:server: signs in, lists and saves',
    async () => {
      const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      await signIn(page, `${appUrl}/crudboard/login`, /登\s*录/);
      await page.waitForURL((url) => !url.pathname.includes('/login'), { timeout: FIRST_LOAD_MS });

      const app = (path: string) => `${appUrl}/crudboard/dataSource/primary/${path}`;
      await page.goto(app('business/note'), { timeout: FIRST_LOAD_MS });
      await page.getByText('第一张便签').waitFor({ timeout: FIRST_LOAD_MS });
      await page.goto(app('business/note/new'), { timeout: FIRST_LOAD_MS });
      await page.getByLabel('名称', { exact: true }).first().fill('开发服务器上保存');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('添加成功').first().waitFor();
      await page.goto(app('business/note'));
      await page.getByText('开发服务器上保存').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
    FIRST_LOAD_MS,
  );

  it(
    'the plain Refine example on its dev server: signs in and lists',
    async () => {
      const context = await browser.newContext({ locale: 'zh-CN' });
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      await signIn(page, `${exampleUrl}/`, '登录');
      await page.getByText('超级管理员').waitFor({ timeout: FIRST_LOAD_MS });
      await page.getByRole('link', { name: '便签' }).click();
      await page.waitForURL(/\/tables\/note$/);
      await page.getByText('第一张便签').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
    FIRST_LOAD_MS,
  );
});
