import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserWithRole, signInApi, type ApiSession } from './helpers/api-session';
import { launchBrowser, screenshot, trackPageErrors } from './helpers/browser';
import { serveWithApi, type ServedApp } from './helpers/serve-with-api';
import { createTableWith } from './helpers/shop';
import { startServer, type RunningServer } from './helpers/start-server';

/**
 * `@crudboard/client` as an app outside the repository gets it: `npm pack` in packages/client, a
 * small Refine app (tests/e2e/client-app) in a folder of its own whose package.json names the
 * tarball and the versions this repository uses, its own `npm install`, `tsc --noEmit` and
 * `vite build`, then the built app served with `/api` passed on to a real server: a clerk signs
 * in, lists a table's records and saves one, and a table they may not read is refused at once.
 */
const repoRoot = resolve(import.meta.dirname, '../..');
const packageDir = join(repoRoot, 'packages/client');
const fixture = join(import.meta.dirname, 'client-app');
const run = promisify(execFile);
/** npm on a busy two-core machine, with the registry behind it: minutes, not seconds. */
const INSTALL_MS = 600_000;
const CLERK = { username: 'outsider', password: 'Outsider-Pass-2024', realname: '外部应用的店员' };

let appDir: string;
let server: RunningServer;
let browser: Browser;
let app: ServedApp;
let api: ApiSession;
const took: Record<string, number> = {};

/** The environment without what an enclosing `npm test` sets for its own package. */
const cleanEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

const timed = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
  const start = Date.now();
  try {
    return await step();
  } finally {
    took[name] = Date.now() - start;
  }
};

/** Runs a command in the outside app's folder; a failure says what the command printed. */
const inApp = async (command: string, args: string[]) => {
  try {
    return await run(command, args, {
      cwd: appDir,
      env: cleanEnv(),
      maxBuffer: 16 * 1024 * 1024,
      timeout: INSTALL_MS,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}\n${stderr}`, { cause: error });
  }
};

/** The range this repository asks for a package, so the outside app runs what crudboard is tested with. */
const repoRange = (name: string): string => {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const range = pkg.dependencies[name] ?? pkg.devDependencies[name];
  if (!range) throw new Error(`the repository does not use ${name}`);
  return range;
};

const buildOutsideApp = async (): Promise<void> => {
  appDir = mkdtempSync(join(tmpdir(), 'crudboard-client-app-'));
  const [packed] = await timed('npm pack', async () => {
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', appDir], {
      cwd: packageDir,
      env: cleanEnv(),
      maxBuffer: 16 * 1024 * 1024,
    });
    // prepack's build prints before the JSON report
    return JSON.parse(stdout.slice(stdout.indexOf('\n[') + 1)) as { filename: string; size: number }[];
  });
  if (!packed) throw new Error('npm pack reported no tarball');
  took.tarballBytes = statSync(join(appDir, packed.filename)).size;
  cpSync(fixture, appDir, { recursive: true });
  const names = [
    '@refinedev/core',
    '@tanstack/react-query',
    'react',
    'react-dom',
    '@types/react',
    '@types/react-dom',
    'typescript',
    'vite',
    '@vitejs/plugin-react',
  ];
  writeFileSync(
    join(appDir, 'package.json'),
    JSON.stringify(
      {
        name: 'outside-app',
        private: true,
        type: 'module',
        dependencies: {
          '@crudboard/client': `file:./${packed.filename}`,
          ...Object.fromEntries(names.map((name) => [name, repoRange(name)])),
        },
      },
      null,
      2,
    ),
  );
  await timed('npm install', () => inApp('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund']));
  await timed('tsc', () => inApp(join(appDir, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'tsconfig.json']));
  await timed('vite build', () => inApp(join(appDir, 'node_modules/.bin/vite'), ['build']));
};

beforeAll(async () => {
  const start = Date.now();
  [server, browser] = await Promise.all([startServer(), launchBrowser(), buildOutsideApp()]);
  api = await signInApi(server.url, server.adminPassword);
  await createTableWith(api, 'product', '产品');
  await createTableWith(api, 'secret', '机密');
  for (const name of ['Kettle', 'Teapot', 'Mug']) await api.call('POST', '/business/product', { name });
  const role = await api.call<number>('POST', '/business/role', {
    name: '产品维护',
    code: 'ROLE_PRODUCT_EDITOR',
    permissions: 'business:product:read,business:product:update',
  });
  await addUserWithRole(api, CLERK, role);
  app = await serveWithApi(join(appDir, 'dist'), server.url);
  took.setup = Date.now() - start;
}, INSTALL_MS * 2);

afterAll(async () => {
  console.log(`client package e2e: ${JSON.stringify(took)}`);
  await app?.stop();
  await browser?.close();
  await server?.stop();
  if (appDir) rmSync(appDir, { recursive: true, force: true });
});

describe('@crudboard/client installed from its tarball in an app of its own', () => {
  it('installs with a single copy of Refine and TanStack Query', () => {
    const nested = (name: string) =>
      existsSync(join(appDir, 'node_modules/@crudboard/client/node_modules', name));
    expect(nested('@refinedev/core')).toBe(false);
    expect(nested('@tanstack/react-query')).toBe(false);
    expect(nested('@tanstack/query-core')).toBe(false);
    expect(existsSync(join(appDir, 'dist/index.html'))).toBe(true);
  });

  it('signs in, lists a table, saves a record, and takes a 403 at once', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const secretCalls: string[] = [];
    page.on('request', (request: Request) => {
      if (new URL(request.url()).pathname.startsWith('/api/business/secret')) secretCalls.push(request.url());
    });

    await page.goto(`${app.url}/`);
    await page.getByLabel('username').fill(CLERK.username);
    await page.getByLabel('password').fill(CLERK.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: `Signed in as ${CLERK.realname}` }).waitFor();

    await page.getByText('3 records').waitFor();
    const names = page.getByRole('textbox', { name: /^name of / });
    const values = await Promise.all((await names.all()).map((name) => name.inputValue()));
    expect(values).toEqual(['Kettle', 'Teapot', 'Mug']);
    const teapot = page.locator('li', { has: page.getByRole('textbox', { name: 'name of 2' }) });
    await teapot.getByRole('textbox').fill('Teapot, blue');
    await teapot.getByRole('button', { name: 'Save 2' }).click();
    await teapot.getByText('saved').waitFor();
    expect(await api.call<{ name: string }>('GET', '/business/product/2')).toMatchObject({
      name: 'Teapot, blue',
    });
    await screenshot(page, 'client-package-app');

    // The client's retry policy (client.refineOptions): a 403 is final, so the list asks once and
    // says so at once; TanStack Query's default would ask three more times over seven seconds.
    const asked = Date.now();
    await page.goto(`${app.url}/?table=secret`);
    await page.getByRole('alert').waitFor();
    const answeredMs = Date.now() - asked;
    await page.waitForTimeout(1500);
    expect(secretCalls).toHaveLength(1);
    expect(answeredMs).toBeLessThan(5000);
    expect(await page.getByRole('alert').innerText()).not.toBe('');

    expect(errors).toEqual([]);
    await context.close();
  });
});
