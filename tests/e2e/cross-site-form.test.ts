import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi, type ApiSession } from './helpers/api-session';
import { launchBrowser, screenshot, signedInPage } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/start-server';

/** An attacker's page on another port of the same host: a form that posts itself on load. */
const attackPage = (action: string, enctype: string, fields: Record<string, string>) => `<!doctype html>
<html><body>
<form id="f" method="POST" action="${action}" enctype="${enctype}">
${Object.entries(fields)
  .map(([name, value]) => `<input type="hidden" name='${name}' value='${value}'>`)
  .join('\n')}
</form>
<script>document.getElementById('f').submit()</script>
</body></html>`;

describe('a form on another port of the same host, with the admin signed in', () => {
  let server: RunningServer;
  let browser: Browser;
  let attacker: Server;
  let attackerUrl = '';
  let pages: Record<string, string> = {};
  let api: ApiSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    api = await signInApi(server.url, server.adminPassword);
    const execute = `${server.url}/api/metadata/sqls/execute`;
    pages = {
      '/form.html': attackPage(execute, 'application/x-www-form-urlencoded', {
        sql: 'CREATE TABLE pwned_form (id INTEGER)',
        readOnly: 'false',
      }),
      // text/plain forms can smuggle a JSON-looking body: name + "=" + value.
      '/plain.html': attackPage(execute, 'text/plain', {
        '{"sql":"CREATE TABLE pwned_plain (id INTEGER)","readOnly":false,"x":"': '"}',
      }),
    };
    attacker = createServer((request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(pages[request.url ?? ''] ?? 'not found');
    });
    await new Promise<void>((done) => attacker.listen(0, '127.0.0.1', done));
    attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => attacker?.close(done));
    await server?.stop();
  });

  const tableExists = async (name: string): Promise<boolean> => {
    const result = await api.call<{ rows: unknown[][] }>('POST', '/metadata/sqls/execute', {
      sql: `SELECT name FROM sqlite_master WHERE type = 'table' AND name = '${name}'`,
      readOnly: true,
    });
    return result.rows.length > 0;
  };

  it('refuses the forged requests and changes nothing', async () => {
    const { page } = await signedInPage(browser, server.url, server.adminPassword);
    for (const [path, table] of [
      ['/form.html', 'pwned_form'],
      ['/plain.html', 'pwned_plain'],
    ] as const) {
      const answered = page.waitForResponse((response) =>
        response.url().endsWith('/api/metadata/sqls/execute'),
      );
      await page.goto(`${attackerUrl}${path}`);
      const response = await answered;
      expect([403, 415], path).toContain(response.status());
      expect(await tableExists(table), table).toBe(false);
    }
    await screenshot(page, 'cross-site-form-refused');
    // The same browser session still works on crudboard itself.
    await page.goto(`${server.url}/crudboard/`);
    await page.waitForURL((url) => !url.pathname.includes('/login'));
  });
});
