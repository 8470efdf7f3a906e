import { expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/auth/session-cookie';
import { SYSTEM } from '../../src/db/table-names';
import { ADMIN_PASSWORD, login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describeEachDatabase('POST /api/auth/login ($name)', (db) => {
  const apps = useTestApps(db);

  it('answers the LoginResponse shape, with no password hash anywhere', async () => {
    const app = await apps.build();
    const { response } = await login(app);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const authorities = [{ authority: 'ROLE_SUPER_ADMIN' }, { authority: '*' }];
    expect(body).toEqual({
      name: 'superadmin',
      authorities,
      principal: {
        id: expect.any(Number),
        username: 'superadmin',
        realname: '超级管理员',
        avatar: null,
        roles: [{ id: expect.any(Number), name: '超级管理员', code: 'ROLE_SUPER_ADMIN' }],
        authorities,
      },
    });
    const { password } = await app.dataSources.primary
      .knex(SYSTEM.user)
      .where('username', 'superadmin')
      .first();
    expect(response.body).not.toContain(password);
    expect(response.body).not.toContain('password');
    expect(response.body).not.toContain('scrypt');
  });

  it('accepts JSON too', async () => {
    const app = await apps.build();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'superadmin', password: ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('superadmin');
  });

  it('sets an HttpOnly, SameSite=Lax session cookie for the whole site, Secure only over https', async () => {
    const app = await apps.build();
    const { response } = await login(app);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Max-Age=604800');
    expect(cookie).not.toContain('Secure');
    const token = cookie.split(';')[0]?.split('=')[1] ?? '';
    const rows = await app.dataSources.primary.knex(SYSTEM.session).select('tokenHash');
    expect(rows.map((row) => row.tokenHash)).not.toContain(token);
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const app = await apps.build();
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...form({ username: 'superadmin', password: 'nope' }),
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...form({ username: 'nobody', password: 'nope' }),
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'AUTH_ERROR', message: '用户名或密码错误' });
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const english = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...form({ username: 'nobody', password: 'nope' }),
      headers: { ...form({}).headers, 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(english.json()).toEqual({ code: 'AUTH_ERROR', message: 'Wrong username or password' });
  });

  it('matches usernames exactly', async () => {
    const app = await apps.build();
    expect((await login(app, 'SuperAdmin')).response.statusCode).toBe(401);
  });

  it('refuses a missing or empty field with 400 and field errors', async () => {
    const app = await apps.build();
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', ...form({ username: '' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: '请求参数不正确',
      errors: { username: '长度不能少于 1', password: '不能为空' },
    });
  });

  it('refuses a disabled user even with the right password', async () => {
    const app = await apps.build();
    await createUser(app, { username: 'retired', password: 'Retired-pass-1', enabled: false });
    const { response } = await login(app, 'retired', 'Retired-pass-1');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('AUTH_ERROR');
  });

  it('logs in a user with roles and reports its authorities', async () => {
    const app = await apps.build();
    await createUser(app, {
      username: 'clerk',
      password: 'Clerk-pass-1',
      roles: { ROLE_CLERK: 'business:product:read,business:product:update' },
    });
    const { response } = await login(app, 'clerk', 'Clerk-pass-1');
    expect(response.statusCode).toBe(200);
    expect(response.json().authorities).toEqual([
      { authority: 'ROLE_CLERK' },
      { authority: 'business:product:read' },
      { authority: 'business:product:update' },
    ]);
  });
});

describeEachDatabase('login throttling ($name)', (db) => {
  const apps = useTestApps(db);
  const limits = {
    freeFailures: 3,
    baseDelayMs: 2000,
    maxDelayMs: 3000,
    maxAccountsPerAddress: 5,
    windowMs: 15 * 60_000,
  };
  const attempt = (
    app: Awaited<ReturnType<typeof apps.build>>,
    username: string,
    password: string,
    address = '10.0.0.1',
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: address,
      ...form({ username, password }),
    });
  const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

  it('slows down one username from one address after repeated failures, with Retry-After', async () => {
    const app = await apps.build({ loginLimits: limits });
    for (let i = 0; i < 3; i++)
      expect((await attempt(app, 'superadmin', 'bad', '10.0.1.1')).statusCode).toBe(401);
    const refused = await attempt(app, 'SUPERADMIN', ADMIN_PASSWORD, '10.0.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: '尝试次数过多，请稍后再试' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(2);
    // Another address is not slowed by these guesses.
    expect((await attempt(app, 'superadmin', ADMIN_PASSWORD, '10.0.1.2')).statusCode).toBe(200);
  });

  it('slows down one address trying many usernames', async () => {
    const app = await apps.build({ loginLimits: limits });
    for (let i = 0; i < 6; i++)
      expect((await attempt(app, `user${i}`, 'bad', '10.0.2.1')).statusCode).toBe(401);
    const refused = await attempt(app, 'superadmin', ADMIN_PASSWORD, '10.0.2.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await attempt(app, 'superadmin', ADMIN_PASSWORD, '10.0.2.2')).statusCode).toBe(200);
  });

  it("resets the pair's counter after a success", async () => {
    const app = await apps.build({ loginLimits: limits });
    for (let i = 0; i < 2; i++) await attempt(app, 'superadmin', 'bad', '10.0.3.1');
    expect((await attempt(app, 'superadmin', ADMIN_PASSWORD, '10.0.3.1')).statusCode).toBe(200);
    // Without the reset the third of these would wait.
    for (let i = 0; i < 3; i++)
      expect((await attempt(app, 'superadmin', 'bad', '10.0.3.1')).statusCode).toBe(401);
  });

  it('counts parallel attempts, so that a burst cannot get more guesses than the free ones', async () => {
    const app = await apps.build({ loginLimits: limits });
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => attempt(app, 'superadmin', `guess${i}`, '10.0.5.1')),
    );
    const statuses = burst.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('does not count successful logins', async () => {
    const app = await apps.build({ loginLimits: limits });
    for (let i = 0; i < 7; i++) {
      expect((await attempt(app, 'superadmin', ADMIN_PASSWORD, '10.0.6.1')).statusCode).toBe(200);
    }
  });

  it('waits at most 10 s by default', async () => {
    const app = await apps.build();
    const statuses = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await attempt(app, 'superadmin', 'bad', '10.0.4.1')).statusCode);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    const refused = await attempt(app, 'superadmin', ADMIN_PASSWORD, '10.0.4.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(10);
  });

  it('never locks the right password out for longer than the current wait', async () => {
    const app = await apps.build({ loginLimits: limits });
    // An attacker hammering the account from the owner's address (a shared NAT, say).
    for (let i = 0; i < 30; i++) await attempt(app, 'superadmin', `guess${i}`, '10.0.7.1');
    await sleep(limits.maxDelayMs + 50);
    expect((await attempt(app, 'superadmin', ADMIN_PASSWORD, '10.0.7.1')).statusCode).toBe(200);
  });
});
