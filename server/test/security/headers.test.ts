import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { SYSTEM } from '../../src/db/table-names';
import { ADMIN_PASSWORD, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

const rawRequest = (port: number, text: string): Promise<string> =>
  new Promise((done, fail) => {
    let answer = '';
    const socket = connect({ port, host: '127.0.0.1' }, () => socket.write(text));
    socket.on('data', (data: Buffer) => (answer += data.toString()));
    socket.on('error', fail);
    socket.on('close', () => done(answer));
  });

describeEachDatabase('response headers and open endpoints ($name)', (db) => {
  const apps = useTestApps(db);

  it('sends a Content-Security-Policy without inline scripts, frame-ancestors and nosniff', async () => {
    const app = await apps.build();
    for (const url of ['/crudboard/', '/api/business/config']) {
      const response = await app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-eval'/);
      expect(csp, url).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('marks the session cookie Secure behind a trusted TLS proxy only', async () => {
    const sign = async (trustProxy: boolean) => {
      const app = await apps.build({}, apps.config({ trustProxy }));
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'superadmin', password: ADMIN_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.statusCode).toBe(200);
      return String(response.headers['set-cookie']);
    };
    expect(await sign(true)).toMatch(/;\s*Secure/i);
    expect(await sign(false)).not.toMatch(/;\s*Secure/i);
  });

  it('answers the open config list with at most 100 rows and no filters without a session', async () => {
    const app = await apps.build();
    const now = '2026-01-01 00:00:00';
    await app.dataSources.primary.knex.batchInsert(
      SYSTEM.config,
      Array.from({ length: 150 }, (_, i) => ({
        key: `k${i}`,
        value: 'v',
        createdDate: now,
        lastModifiedDate: now,
      })),
      50,
    );
    const all = await app.inject({ method: 'GET', url: '/api/business/config?limit=1000' });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(100);
    for (const query of ['search=k1', 'key_like=k', 'filter=%7B%7D', 'orderby=key%20desc']) {
      const response = await app.inject({ method: 'GET', url: `/api/business/config?${query}` });
      expect(response.statusCode, query).toBe(401);
    }
  });

  it('answers oversized headers with the {code, message} shape', async () => {
    const app = await apps.build();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const answer = await rawRequest(
      port,
      `GET /api/users/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431/);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ code: expect.any(String), message: expect.any(String) });
  });
});
