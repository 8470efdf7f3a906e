import { expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/auth/session-cookie';
import { SYSTEM } from '../../src/db/table-names';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

// The API document needs a session unless PUBLIC_API_DOCS is set.
const PROTECTED = [
  '/api/users/me',
  '/api/users/me/menu',
  '/api/users/me/table',
  '/api/docs',
  '/api/docs/ui/',
];
const OPEN = [
  '/api/auth/logout',
  '/api/metadata/dataSources',
  '/api/business/config',
  '/api/health',
  '/api/ready',
];

describeEachDatabase('sessions ($name)', (db) => {
  const apps = useTestApps(db);

  it('requires a session on protected routes and not on open ones', async () => {
    const app = await apps.build();
    for (const url of PROTECTED) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual({
        code: 'UNAUTHORIZED',
        message: '未登录或会话已过期，请重新登录',
      });
    }
    for (const url of OPEN) expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    const { cookie } = await login(app);
    for (const url of PROTECTED)
      expect((await app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(200);
  });

  it('refuses a made-up token and clears it', async () => {
    const app = await apps.build();
    const response = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: `${SESSION_COOKIE}=${'x'.repeat(43)}` },
    });
    expect(response.statusCode).toBe(401);
    expect(String(response.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
  });

  it('survives a restart: a new app on the same database accepts the cookie', async () => {
    const first = await apps.build();
    const { cookie } = await login(first);
    await first.close();
    const second = await apps.build();
    const me = await second.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('superadmin');
  });

  it('refuses an expired session and deletes its row', async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    const count = async () => (await knex(SYSTEM.session).select('tokenHash')).length;
    const before = await count();
    await knex(SYSTEM.session).update({ expiresAt: Date.now() - 1 });
    const response = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
    expect(await count()).toBe(before - 1);
  });

  it('slides the expiry forward when the session is used', async () => {
    const app = await apps.build({}, apps.config({ sessionTtlSeconds: 3600 }));
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    const soon = Date.now() + 60_000;
    await knex(SYSTEM.session).update({ expiresAt: soon });
    const response = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toContain('Max-Age=3600');
    const rows = await knex(SYSTEM.session).select('expiresAt');
    expect(rows.every((row) => Number(row.expiresAt) > soon)).toBe(true);
    const again = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it("stops a disabled user's sessions", async () => {
    const app = await apps.build();
    await createUser(app, {
      username: 'temp',
      password: 'Temp-pass-1',
      roles: { ROLE_TEMP: 'metadata:read' },
    });
    const { cookie } = await login(app, 'temp', 'Temp-pass-1');
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(
      200,
    );
    await app.dataSources.primary.knex(SYSTEM.user).where('username', 'temp').update({ enabled: false });
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(
      401,
    );
    await app.dataSources.primary.knex(SYSTEM.user).where('username', 'temp').update({ enabled: true });
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });

  it('replaces the session the browser already had on a new login', async () => {
    const app = await apps.build();
    const { cookie: old } = await login(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'superadmin', password: 'Test-admin-Pass-1' },
      headers: { cookie: old },
    });
    expect(response.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: old } })).statusCode,
    ).toBe(401);
  });
});
