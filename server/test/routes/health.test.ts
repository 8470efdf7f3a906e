import { expect, it } from 'vitest';
import type { App } from '../../src/app';
import type { DataSourceConfig } from '../../src/config';
import { READY_DATABASE_TIMEOUT_MS } from '../../src/routes/health';
import { startTcpProxy } from '../helpers/tcp-proxy';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase, itOn } from '../helpers/test-databases';

/**
 * Counts the statements the app's primary data source runs (both of its pools), but the
 * cache-version reads that run on their own every 250 ms on PostgreSQL and MySQL.
 */
const countStatements = (app: App) => {
  let statements = 0;
  const { knex, auth } = app.dataSources.primary;
  const count = (query: { sql?: string }) => {
    if (!String(query.sql).includes('cb_cache_version')) statements += 1;
  };
  for (const pool of new Set([knex, auth])) pool.on('query', count);
  return () => statements;
};

const throughProxy = (source: DataSourceConfig, port: number): DataSourceConfig => {
  const url = new URL(source.connection);
  url.port = String(port);
  return { ...source, connection: url.toString() };
};

describeEachDatabase('health and readiness ($name)', (db) => {
  const apps = useTestApps(db);

  it('/api/health answers 200 without a session and without touching the database', async () => {
    const app = await apps.build();
    const statements = countStatements(app);
    // A stale or made-up cookie changes nothing: the route needs no session.
    for (const headers of [{}, { cookie: 'crudboard_session=made-up' }]) {
      const response = await app.inject({ method: 'GET', url: '/api/health', headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(statements()).toBe(0);
  });

  it('/api/ready answers 200 once started, asking the database; 503 "closing" as soon as shutdown begins', async () => {
    const app = await apps.build();
    const statements = countStatements(app);
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
    expect(statements()).toBe(1);

    app.readiness.markClosing();
    const closing = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(closing.statusCode).toBe(503);
    expect(closing.json()).toEqual({ status: 'unavailable', reason: 'closing' });
    // Still alive, and still serving while the load balancer drains it.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const { response } = await login(app);
    expect(response.statusCode).toBe(200);
  });

  it('checks arriving together share one database query', async () => {
    const app = await apps.build();
    const statements = countStatements(app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => app.inject({ method: 'GET', url: '/api/ready' })),
    );
    expect(
      answers.map((answer) => answer.statusCode),
      answers[0]?.body,
    ).toEqual(Array(20).fill(200));
    expect(statements()).toBeLessThan(20);
  });

  it('both are in the OpenAPI document, public', async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const doc = (await app.inject({ method: 'GET', url: '/api/docs', headers: { cookie } })).json();
    for (const path of ['/api/health', '/api/ready']) {
      expect(doc.paths[path]?.get?.security, path).toEqual([]);
      expect(doc.paths[path]?.get?.tags, path).toEqual(['health']);
    }
    expect(Object.keys(doc.paths['/api/ready'].get.responses).sort()).toEqual(['200', '503']);
  });

  itOn(db, 'pg', 'mysql')(
    '/api/ready answers 503 "database" within its timeout when the database hangs or is gone, and 200 again after',
    async () => {
      const config = apps.config();
      const primary = config.dataSources[0];
      if (!primary) throw new Error('no primary data source');
      const target = new URL(primary.connection);
      const proxy = await startTcpProxy(target.hostname, Number(target.port));
      try {
        const app = await apps.build({}, { ...config, dataSources: [throughProxy(primary, proxy.port)] });
        expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

        proxy.stall();
        const started = Date.now();
        const hung = await app.inject({ method: 'GET', url: '/api/ready' });
        const took = Date.now() - started;
        expect(hung.statusCode).toBe(503);
        expect(hung.json()).toEqual({ status: 'unavailable', reason: 'database' });
        expect(took).toBeGreaterThanOrEqual(READY_DATABASE_TIMEOUT_MS - 50);
        expect(took).toBeLessThan(READY_DATABASE_TIMEOUT_MS + 1500);
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        proxy.resume();

        await proxy.cut();
        const gone = await app.inject({ method: 'GET', url: '/api/ready' });
        expect(gone.statusCode).toBe(503);
        expect(gone.json()).toEqual({ status: 'unavailable', reason: 'database' });

        await proxy.restore();
        let back = await app.inject({ method: 'GET', url: '/api/ready' });
        for (let attempt = 0; attempt < 10 && back.statusCode !== 200; attempt += 1) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          back = await app.inject({ method: 'GET', url: '/api/ready' });
        }
        expect(back.statusCode).toBe(200);
      } finally {
        proxy.resume();
        await proxy.restore().catch(() => undefined);
        await proxy.cut();
      }
    },
    20_000,
  );
});
