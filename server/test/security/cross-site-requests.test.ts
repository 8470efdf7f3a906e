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
