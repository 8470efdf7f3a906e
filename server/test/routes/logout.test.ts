import { expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/auth/session-cookie';
import { SYSTEM } from '../../src/db/table-names';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

describeEachDatabase('GET /api/auth/logout ($name)', (db) => {
  const apps = useTestApps(db);

  it('deletes the session and clears the cookie; the old cookie no longer works', async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const sessions = () => app.dataSources.primary.knex(SYSTEM.session).select('tokenHash');
    const before = (await sessions()).length;
    const response = await app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(
      new RegExp(`^${SESSION_COOKIE}=;.*Expires=Thu, 01 Jan 1970`),
    );
    expect((await sessions()).length).toBe(before - 1);
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ code: 'UNAUTHORIZED', message: '未登录或会话已过期，请重新登录' });
  });

  it('answers 200 without a session, and with an unknown cookie', async () => {
    const app = await apps.build();
    expect((await app.inject({ method: 'GET', url: '/api/auth/logout' })).statusCode).toBe(200);
    const stale = await app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { cookie: `${SESSION_COOKIE}=made-up` },
    });
    expect(stale.statusCode).toBe(200);
  });
});
