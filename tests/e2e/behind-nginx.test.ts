import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answering } from './helpers/answering';
import { signInApi } from './helpers/api-session';
import { launchBrowser, signedInPageIn } from './helpers/browser';
import { createTableWith } from './helpers/shop';
import { freePort, startServer, type RunningServer } from './helpers/start-server';

/** Debian's nginx (`nginx-light`), also where /usr/sbin is not on the PATH. */
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');

/** The `location / { … }` block of the README's nginx example, as written there. */
const readmeLocation = (): string => {
  const block = /```nginx\n([\s\S]*?)```/.exec(readme)?.[1];
  const location = block && /^ {4}location \/ \{\n[\s\S]*?^ {4}\}$/m.exec(block)?.[0];
  if (!location) throw new Error('README.md has no nginx example with a location / block');
  return location;
};

let server: RunningServer;
let browser: Browser;
let nginx: ChildProcess;
let nginxLog = '';
let prefix: string;
let proxyUrl: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ TRUST_PROXY: '1' }), launchBrowser()]);
  const api = await signInApi(server.url, server.adminPassword);
  await createTableWith(api, 'visit', '来访');
  const port = await freePort();
  proxyUrl = `http://127.0.0.1:${port}`;
  prefix = mkdtempSync(join(tmpdir(), 'crudboard-nginx-'));
  mkdirSync(join(prefix, 'logs'));
  const location = readmeLocation().replace('http://127.0.0.1:8080', server.url);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `${kind}_temp_path ${join(prefix, kind)};`)
    .join('\n');
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `daemon off;\npid ${join(prefix, 'nginx.pid')};\nerror_log stderr;\nevents {}\n` +
      `http {\naccess_log off;\n${temp}\nserver {\nlisten 127.0.0.1:${port};\n${location}\n}\n}\n`,
  );
  nginx = spawn(NGINX, ['-p', prefix, '-e', 'stderr', '-c', join(prefix, 'nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  nginx.stderr?.on('data', (chunk: Buffer) => (nginxLog += chunk.toString()));
  await answering(`${proxyUrl}/api/metadata/dataSources`, nginx, () => nginxLog, 20_000);
}, 120_000);

afterAll(async () => {
  nginx?.kill('SIGTERM');
  await browser?.close();
  await server?.stop();
  if (prefix) rmSync(prefix, { recursive: true, force: true });
});

describe("behind nginx, configured as the README's example", () => {
  it('signs in and saves a record through the proxy', async () => {
    // Signing in is itself a changing request: the origin check passes through nginx.
    const { page, errors } = await signedInPageIn(browser, proxyUrl, {
      locale: 'zh-CN',
      viewport: { width: 1280, height: 800 },
      user: { username: 'superadmin', password: server.adminPassword },
    });
    const saved = await page.evaluate(async () => {
      const response = await fetch('/api/business/visit', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: '经由代理' }),
      });
      return response.status;
    });
    expect(saved).toBe(201);
    await page.goto(`${proxyUrl}/crudboard/dataSource/primary/business/visit`);
    await page.getByText('经由代理').waitFor();
    expect(errors).toEqual([]);

    // The same origin, sent as a page of another site would send it, is still refused.
    const forged = await fetch(`${proxyUrl}/api/auth/login`, {
      method: 'POST',
      headers: { origin: 'https://evil.example.com', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'superadmin', password: server.adminPassword }).toString(),
    });
    expect(forged.status).toBe(403);
  });
});
