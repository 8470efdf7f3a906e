import { expect, it } from 'vitest';
import { SYSTEM } from '../../src/db/table-names';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

const FORM = 'application/x-www-form-urlencoded';
const SQL = '/api/metadata/sqls/execute';

describeEachDatabase('cross-site requests ($name)', (db) => {
  const apps = useTestApps(db);

  /** The statement a forged form sends: it would make `reader` a super admin. */
  const q = (name: string) => (db.name === 'mysql' ? `\`${name}\`` : `"${name}"`);
  const promote = (readerId: number) =>
    `INSERT INTO ${SYSTEM.userRole} (${q('userId')}, ${q('roleId')}) SELECT ${readerId}, id FROM ${SYSTEM.role} WHERE code = 'ROLE_SUPER_ADMIN'`;

  const rolesOf = async (app: Awaited<ReturnType<typeof apps.build>>, userId: number) =>
    (await app.dataSources.primary.knex(SYSTEM.userRole).where('userId', userId)).length;

  it('refuses a form-encoded body on a JSON endpoint with 415 and runs nothing', async () => {
    const app = await apps.build();
    const readerId = await createUser(app, {
      username: 'reader1',
      password: 'Reader-pass-1',
      roles: { ROLE_READER: 'business:t:read' },
    });
    const { cookie } = await login(app);
    const before = await rolesOf(app, readerId);
    for (const contentType of [FORM, 'text/plain', 'multipart/form-data; boundary=x']) {
      const payload =
        contentType === FORM
          ? new URLSearchParams({ sql: promote(readerId), readOnly: 'false' }).toString()
          : contentType === 'text/plain'
            ? JSON.stringify({ sql: promote(readerId), readOnly: false })
            : `--x\r\nContent-Disposition: form-data; name="sql"\r\n\r\n${promote(readerId)}\r\n--x--\r\n`;
      const response = await app.inject({
        method: 'POST',
        url: SQL,
        payload,
        headers: { cookie, 'content-type': contentType },
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) });
    }
    expect(await rolesOf(app, readerId)).toBe(before);
  });

  it('still signs in with a form body, and takes JSON everywhere', async () => {
    const app = await apps.build();
    const { cookie, response } = await login(app);
    expect(response.statusCode).toBe(200);
    const json = await app.inject({
      method: 'POST',
      url: SQL,
      payload: { sql: 'SELECT 1 AS one' },
      headers: { cookie },
    });
    expect(json.statusCode).toBe(200);
  });

  it('refuses a state-changing request from another origin with 403, whatever its body', async () => {
    const app = await apps.build();
    const readerId = await createUser(app, { username: 'reader2', password: 'Reader-pass-1' });
    const { cookie } = await login(app);
    const before = await rolesOf(app, readerId);
    const attempts: Record<string, string>[] = [
      { origin: 'http://localhost:8081' },
      { origin: 'null' },
      { referer: 'http://evil.localhost:80/page.html' },
    ];
    for (const headers of attempts) {
      const response = await app.inject({
        method: 'POST',
        url: SQL,
        payload: { sql: promote(readerId), readOnly: false },
        headers: { cookie, host: 'localhost:80', ...headers },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ code: 'FORBIDDEN', message: expect.any(String) });
    }
    const logout = await app.inject({
      method: 'DELETE',
      url: '/api/business/user/1',
      headers: { cookie, host: 'localhost:80', origin: 'http://localhost:8081' },
    });
    expect(logout.statusCode).toBe(403);
    expect(await rolesOf(app, readerId)).toBe(before);
  });

  it('accepts its own origin, an ALLOWED_ORIGINS origin, and clients that send no origin', async () => {
    const app = await apps.build({}, apps.config({ allowedOrigins: ['https://admin.example.com'] }));
    const { cookie } = await login(app);
    for (const headers of [
      { origin: 'http://localhost:8080' },
      { referer: 'http://localhost:8080/crudboard/sql' },
      { origin: 'https://admin.example.com' },
      {},
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: SQL,
        payload: { sql: 'SELECT 1 AS one' },
        headers: { cookie, host: 'localhost:8080', ...headers },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('behind a proxy that rewrites Host, compares the origin with the forwarded host only when the proxy is trusted', async () => {
    // nginx's default proxy_pass sends its target as Host; the browser's page is the public origin.
    const viaProxy = {
      host: '127.0.0.1:8080',
      origin: 'https://admin.example.com',
      'x-forwarded-host': 'admin.example.com',
      'x-forwarded-proto': 'https',
    };
    const untrusted = await apps.build();
    const { cookie } = await login(untrusted);
    const refused = await untrusted.inject({
      method: 'POST',
      url: SQL,
      payload: { sql: 'SELECT 1 AS one' },
      headers: { cookie, ...viaProxy },
    });
    expect(refused.statusCode).toBe(403);
    // The refusal says what the server took as its own origin and what to set.
    expect(refused.json().message).toContain('http://127.0.0.1:8080');
    expect(refused.json().message).toContain('TRUST_PROXY');
    await untrusted.close();

    const trusted = await apps.build({}, apps.config({ trustProxy: true }));
    const session = await login(trusted);
    const forwardedAs = [
      viaProxy,
      // RFC 7239's header, as Caddy or a configured nginx may send it (the proxy nearest comes last).
      {
        host: '127.0.0.1:8080',
        origin: 'https://admin.example.com:8443',
        forwarded:
          'for=10.0.0.9;host=edge.example.net, for=10.0.0.1;host="admin.example.com:8443";proto=https',
      },
    ];
    for (const headers of forwardedAs) {
      const response = await trusted.inject({
        method: 'POST',
        url: SQL,
        payload: { sql: 'SELECT 1 AS one' },
        headers: { cookie: session.cookie, ...headers },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    }
    // A page of another site is still refused, whatever the proxy forwarded.
    for (const headers of [
      { ...viaProxy, origin: 'https://evil.example.com' },
      {
        host: '127.0.0.1:8080',
        origin: 'https://evil.example.com',
        forwarded: 'host=admin.example.com;proto=https',
      },
      {
        host: '127.0.0.1:8080',
        origin: 'http://admin.example.com',
        forwarded: 'host=admin.example.com;proto=https',
      },
    ]) {
      const response = await trusted.inject({
        method: 'POST',
        url: SQL,
        payload: { sql: 'SELECT 1 AS one' },
        headers: { cookie: session.cookie, ...headers },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
    }
  });

  it('lets reads from another origin through (they change nothing)', async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie, host: 'localhost:80', origin: 'http://localhost:8081' },
    });
    expect(response.statusCode).toBe(200);
  });
});
