import { afterEach, expect, it, vi } from 'vitest';
import type { App } from '../../src/app';
import { SESSION_COOKIE } from '../../src/auth/session-cookie';
import { SYSTEM } from '../../src/db/table-names';
import { apiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

const me = (app: App, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });

const authoritiesOf = async (app: App, cookie: string): Promise<string[]> => {
  const response = await me(app, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().authorities.map((a: { authority: string }) => a.authority);
};

describeEachDatabase('cached principals ($name)', (db) => {
  const apps = useTestApps(db);
  let users = 0;
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const setup = async (sessionTtlSeconds?: number) => {
    const app = await apps.build(
      {},
      sessionTtlSeconds === undefined ? undefined : apps.config({ sessionTtlSeconds }),
    );
    const admin = apiClient(app, (await login(app)).cookie);
    users += 1;
    const username = `dora${users}`;
    const userId = await createUser(app, {
      username,
      password: 'Dora-pass-1',
      roles: { [`ROLE_READER${users}`]: 'business:product:read' },
    });
    const reader = `ROLE_READER${users}`;
    const { cookie } = await login(app, username, 'Dora-pass-1');
    // Twice, so that the principal is answered from memory afterwards.
    expect(await authoritiesOf(app, cookie)).toEqual([reader, 'business:product:read']);
    expect(await authoritiesOf(app, cookie)).toEqual([reader, 'business:product:read']);
    return { app, admin, userId, cookie, username, reader };
  };

  it('answers from memory: no session, user or role read on a repeated request', async () => {
    const { app, cookie, reader } = await setup();
    const statements: string[] = [];
    const record = (query: { sql: string }) => statements.push(query.sql);
    app.dataSources.primary.knex.on('query', record);
    try {
      expect(await authoritiesOf(app, cookie)).toEqual([reader, 'business:product:read']);
    } finally {
      app.dataSources.primary.knex.off('query', record);
    }
    expect(statements.filter((sql) => /cb_(session|user|role)\b/.test(sql))).toEqual([]);
  });

  it('ends on logout at once', async () => {
    const { app, cookie } = await setup();
    await app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie } });
    expect((await me(app, cookie)).statusCode).toBe(401);
  });

  it('ends when the user is disabled, deleted or gets a new password', async () => {
    const { app, admin, userId, cookie, username } = await setup();
    const disabled = await admin.patch(`/api/business/user/${userId}`, { enabled: false });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await me(app, cookie)).statusCode).toBe(401);

    await admin.patch(`/api/business/user/${userId}`, { enabled: true });
    const again = (await login(app, username, 'Dora-pass-1')).cookie;
    await authoritiesOf(app, again);
    const password = await admin.patch(`/api/business/user/${userId}`, { password: 'Dora-pass-2' });
    expect(password.statusCode, password.body).toBe(200);
    expect((await me(app, again)).statusCode).toBe(401);

    const third = (await login(app, username, 'Dora-pass-2')).cookie;
    await authoritiesOf(app, third);
    const links = await app.dataSources.primary.knex(SYSTEM.userRole).where('userId', userId);
    for (const link of links) await admin.delete(`/api/business/userRole/${link.id}`);
    expect((await admin.delete(`/api/business/user/${userId}`)).statusCode).toBe(204);
    expect((await me(app, third)).statusCode).toBe(401);
  });

  it('follows role, permission and user-role changes on the next request', async () => {
    const { app, admin, userId, cookie, reader } = await setup();
    const role = await app.dataSources.primary.knex(SYSTEM.role).where('code', reader).first();
    const changed = await admin.patch(`/api/business/role/${role.id}`, {
      permissions: 'business:product:read,business:product:update',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await authoritiesOf(app, cookie)).toEqual([
      reader,
      'business:product:read',
      'business:product:update',
    ]);

    const other = await admin.post('/api/business/role', {
      name: '审计',
      code: `ROLE_AUDIT${users}`,
      permissions: '',
    });
    expect(other.statusCode, other.body).toBe(201);
    const link = await admin.post('/api/business/userRole', { userId, roleId: other.json() });
    expect(link.statusCode, link.body).toBe(201);
    expect(await authoritiesOf(app, cookie)).toContain(`ROLE_AUDIT${users}`);

    expect((await admin.delete(`/api/business/userRole/${link.json()}`)).statusCode).toBe(204);
    expect(await authoritiesOf(app, cookie)).not.toContain(`ROLE_AUDIT${users}`);
  });

  it('reads again after a few seconds, and still extends the session while cached', async () => {
    const { app, userId, cookie } = await setup(20);
    const start = Date.now();
    const expiresAt = async () =>
      Number((await app.dataSources.primary.knex(SYSTEM.session).where('userId', userId).first()).expiresAt);
    const before = await expiresAt();

    // 3 s later: still from memory (under 5 s), and a tenth of the lifetime has passed, so it slides.
    vi.spyOn(Date, 'now').mockReturnValue(start + 3000);
    const slid = await me(app, cookie);
    expect(slid.statusCode).toBe(200);
    expect(String(slid.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    expect(await expiresAt()).toBe(start + 3000 + 20_000);
    expect(await expiresAt()).toBeGreaterThan(before);

    // Older than 5 s: read again (a change made by another process is seen then).
    const statements: string[] = [];
    const record = (query: { sql: string }) => statements.push(query.sql);
    app.dataSources.primary.knex.on('query', record);
    vi.spyOn(Date, 'now').mockReturnValue(start + 9000);
    try {
      expect((await me(app, cookie)).statusCode).toBe(200);
    } finally {
      app.dataSources.primary.knex.off('query', record);
    }
    expect(statements.filter((sql) => /cb_user\b/.test(sql))).toHaveLength(1);

    // That read slid the expiry again; past it the session is gone.
    expect(await expiresAt()).toBe(start + 9000 + 20_000);
    vi.spyOn(Date, 'now').mockReturnValue(start + 9000 + 20_001);
    expect((await me(app, cookie)).statusCode).toBe(401);
  });
});
