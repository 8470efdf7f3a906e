import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, signedInPage } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/start-server';

const repoRoot = resolve(import.meta.dirname, '../..');
/** What a fresh clone holds that the build needs (node_modules is linked, not copied). */
const PARTS = [
  'package.json',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.node.json',
  'public',
  'src',
  'contract',
  'packages',
  'server/src',
];

/** The file step 1 of docs/extending.md names, and the code block under it, as written. */
const walkThroughFile = (): { path: string; code: string } => {
  const doc = readFileSync(join(repoRoot, 'docs/extending.md'), 'utf8');
  const step = /1\. Create `([^`]+)`:\n\n( *)```tsx\n([\s\S]*?)\n\2```/.exec(doc);
  if (!step?.[1] || step[3] === undefined)
    throw new Error('docs/extending.md: step 1 and its code block not found');
  const indent = step[2] ?? '';
  const code = step[3]
    .split('\n')
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join('\n');
  return { path: step[1], code: `${code}\n` };
};

let copy: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'crudboard-walkthrough-'));
  for (const part of PARTS) {
    mkdirSync(dirname(join(copy, part)), { recursive: true });
    cpSync(join(repoRoot, part), join(copy, part), { recursive: true });
  }
  symlinkSync(join(repoRoot, 'node_modules'), join(copy, 'node_modules'));
  const file = walkThroughFile();
  mkdirSync(dirname(join(copy, file.path)), { recursive: true });
  writeFileSync(join(copy, file.path), file.code);
  const npx = (...args: string[]) => execFileSync('npx', args, { cwd: copy, stdio: 'pipe' });
  npx('vite', 'build', '--logLevel', 'error');
  execFileSync('npm', ['run', 'build:server'], { cwd: copy, stdio: 'pipe' });
  [server, browser] = await Promise.all([startServer({}, copy), launchBrowser()]);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('docs/extending.md walk-through', () => {
  it('one new file gives a menu entry whose page shows data', async () => {
    const { page, errors } = await signedInPage(browser, server.url, server.adminPassword);
    await page.getByRole('menuitem', { name: '你好' }).click();
    await page.waitForURL(/\/dataSource\/primary\/ext\/hello$/);
    await page.getByText('数据源一览').first().waitFor();
    // The header names the data source too: wait for the page's own list of them.
    await page.locator('.ant-list-item').filter({ hasText: '主数据源' }).first().waitFor();
    expect(await page.locator('.ant-list-item').count()).toBeGreaterThan(0);
    await screenshot(page, 'ext-walkthrough');
    expect(errors).toEqual([]);
  });
});
