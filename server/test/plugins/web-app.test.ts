import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/crudboard/assets/index-abc123.js"></script></body></html>';

describeEachDatabase('web app serving ($name)', (db) => {
  const apps = useTestApps(db);
  let webRoot = '';

  beforeAll(() => {
    webRoot = mkdtempSync(join(tmpdir(), 'crudboard-dist-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), INDEX);
    writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.log("app")');
    writeFileSync(join(webRoot, 'favicon.ico'), 'icon');
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  it('redirects / and /crudboard to /crudboard/', async () => {
    const app = await apps.build({ webRoot });
    for (const url of ['/', '/crudboard']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/crudboard/');
    }
  });

  it('serves index.html, not cached, for the base and for deep links', async () => {
    const app = await apps.build({ webRoot });
    for (const url of [
      '/crudboard/',
      '/crudboard/login',
      '/crudboard/dataSource/primary/metadata/tables',
      '/crudboard/dataSource/primary/business/product/3.14',
      '/crudboard/index.html',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('serves hashed assets with long immutable caching and other files revalidated', async () => {
    const app = await apps.build({ webRoot });
    const asset = await app.inject({ method: 'GET', url: '/crudboard/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/crudboard/favicon.ico' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for missing assets instead of index.html', async () => {
    const app = await apps.build({ webRoot });
    for (const url of ['/crudboard/assets/missing-123.js', '/crudboard/assets/gone', '/crudboard/nope.css']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('<div id="root">');
    }
  });

  it('never serves files outside the web root', async () => {
    const app = await apps.build({ webRoot });
    for (const url of [
      '/crudboard/assets/../../etc/passwd',
      '/crudboard/assets/%2e%2e/%2e%2e/etc/passwd.txt',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.body).not.toContain('root:');
    }
  });

  it('explains how to build when the web app is missing, and still serves the API', async () => {
    const app = await apps.build({ webRoot: join(webRoot, 'absent') });
    const page = await app.inject({ method: 'GET', url: '/crudboard/dataSource/primary' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('npm run build');
    expect((await app.inject({ method: 'GET', url: '/api/metadata/dataSources' })).statusCode).toBe(200);
  });
});
