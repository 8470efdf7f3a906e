import { expect, it } from 'vitest';
import type { App } from '../../src/app';
import { SHARED_STATE, SYSTEM } from '../../src/db/table-names';
import { bearerClient, createToken } from '../helpers/api-tokens';
import { createTable } from '../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { userApi } from '../helpers/user-api';

let counter = 0;
const unique = (prefix: string) => `${prefix}${String(++counter)}${Math.random().toString(36).slice(2, 6)}`;

const adminApi = async (app: App) => apiClient(app, (await login(app)).cookie);
const FOREIGN = { origin: 'https://evil.example' };

describeEachDatabase('API tokens: what an attacker tries ($name)', (db) => {
  const apps = useTestApps(db);

  it('an unknown, revoked or expired token is 401, and never signs in', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    const api = await userApi(app, unique('u'), 'metadata:read');
    expect((await bearerClient(app, 'not-a-token').get('/api/users/me')).statusCode).toBe(401);
    // Signing out with a token ends nothing and records no sign-out.
    const { token } = await createToken(api, { name: 'stays' });
    expect((await bearerClient(app, token).get('/api/auth/logout')).statusCode).toBe(200);
    expect((await bearerClient(app, token).get('/api/users/me')).statusCode).toBe(200);
    expect(await knex(SHARED_STATE.audit).where('action', 'signOut')).toHaveLength(0);
    expect(
      (await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: 'Bearer ' } }))
        .statusCode,
    ).toBe(401);

    const revoked = await createToken(api, { name: 'revoked' });
    expect((await bearerClient(app, revoked.token).get('/api/users/me')).statusCode).toBe(200);
    expect((await api.delete(`/api/users/me/tokens/${revoked.id}`)).statusCode).toBe(204);
    const after = await bearerClient(app, revoked.token).get('/api/users/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORIZED');

    const expiring = await createToken(api, {
      name: 'expiring',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await bearerClient(app, expiring.token).get('/api/users/me')).statusCode).toBe(200);
    await knex(SHARED_STATE.apiToken)
      .where('id', expiring.id)
      .update({ expiresAt: Date.now() - 1 });
    expect((await bearerClient(app, expiring.token).get('/api/users/me')).statusCode).toBe(401);
  });

  it("a role taken from the user counts at once: the token's next call is 403", async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    const admin = await adminApi(app);
    const table = unique('ledger');
    await createTable(admin, { name: table, columns: SYSTEM_COLUMNS });
    const user = unique('reader');
    const api = await userApi(app, user, `business:${table}:read`);
    const { token } = await createToken(api, { name: 'reader' });
    const bearer = bearerClient(app, token);
    expect((await bearer.get(`/api/business/${table}`)).statusCode).toBe(200);

    const userId = Number((await knex(SYSTEM.user).where('username', user).first('id')).id);
    const link = await knex(SYSTEM.userRole).where('userId', userId).first('id');
    const removed = await admin.delete('/api/business/userRole', [Number(link.id)]);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await bearer.get(`/api/business/${table}`)).statusCode).toBe(403);
  });

  it("a narrowed token refuses codes outside its list, a super admin's too", async () => {
    const app = await apps.build();
    const admin = await adminApi(app);
    const table = unique('stock');
    await createTable(admin, { name: table, columns: SYSTEM_COLUMNS });
    const api = await userApi(app, unique('clerk'), `business:${table}:read,business:${table}:create`);
    const { token } = await createToken(api, { name: 'read only', permissions: [`business:${table}:read`] });
    const bearer = bearerClient(app, token);
    expect((await bearer.get(`/api/business/${table}`)).statusCode).toBe(200);
    expect((await bearer.post(`/api/business/${table}`, { name: 'x' })).statusCode).toBe(403);
    expect((await api.post(`/api/business/${table}`, { name: 'x' })).statusCode).toBe(201);

    const root = await createToken(admin, { name: 'root narrowed', permissions: [`business:${table}:read`] });
    const rootBearer = bearerClient(app, root.token);
    expect((await rootBearer.get(`/api/business/${table}`)).statusCode).toBe(200);
    expect((await rootBearer.get('/api/metadata/tables')).statusCode).toBe(403);
    expect((await rootBearer.post(`/api/business/${table}`, { name: 'y' })).statusCode).toBe(403);
    const me = (await rootBearer.get('/api/users/me')).json();
    expect(me.authorities).toEqual([{ authority: `business:${table}:read` }]);
  });

  it('a token reaches neither the token routes nor passwords', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    const admin = await adminApi(app);
    const user = unique('victim');
    const api = await userApi(app, user, 'metadata:read');
    const userId = Number((await knex(SYSTEM.user).where('username', user).first('id')).id);
    const mine = await createToken(api, { name: 'mine' });
    const root = await createToken(admin, { name: 'root' });
    const bearer = bearerClient(app, mine.token);
    const rootBearer = bearerClient(app, root.token, { 'accept-language': 'en' });

    const attempts = [
      await bearer.post('/api/users/me/tokens', { name: 'more' }),
      await bearer.get('/api/users/me/tokens'),
      await bearer.delete(`/api/users/me/tokens/${mine.id}`),
      await bearer.patch('/api/users/me/password', { oldPassword: 'User-pass-1', password: 'New-pass-123' }),
      await rootBearer.get(`/api/users/${userId}/tokens`),
      await rootBearer.delete(`/api/users/${userId}/tokens/${mine.id}`),
      await rootBearer.post('/api/users/me/tokens', { name: 'more' }),
      await rootBearer.patch(`/api/business/user/${userId}`, { password: 'Taken-over-123' }),
    ];
    for (const attempt of attempts) expect(attempt.statusCode, attempt.body).toBe(403);
    expect(attempts[7]?.json().message).toContain('An API token cannot manage tokens or change passwords');
    expect(attempts[0]?.json().message).toContain('API 令牌不能管理令牌或修改密码');
    expect(await knex(SHARED_STATE.apiToken).where('userId', userId)).toHaveLength(1);
    // The password is unchanged: the user still signs in with it.
    expect((await login(app, user, 'User-pass-1')).response.statusCode).toBe(200);
  });

  it('a token write needs no Origin; a cookie from a foreign origin is still refused', async () => {
    const app = await apps.build();
    const admin = await adminApi(app);
    const table = unique('note');
    await createTable(admin, { name: table, columns: SYSTEM_COLUMNS });
    const { cookie } = await login(app);
    const { token } = await createToken(admin, { name: 'script' });

    expect((await bearerClient(app, token).post(`/api/business/${table}`, { name: 'a' })).statusCode).toBe(
      201,
    );
    expect(
      (await bearerClient(app, token, FOREIGN).post(`/api/business/${table}`, { name: 'b' })).statusCode,
    ).toBe(201);
    const forged = await apiClient(app, cookie, FOREIGN).post(`/api/business/${table}`, { name: 'c' });
    expect(forged.statusCode).toBe(403);
    // A cookie with a token gets no exemption.
    const both = await app.inject({
      method: 'POST',
      url: `/api/business/${table}`,
      headers: { cookie, authorization: `Bearer ${token}`, ...FOREIGN },
      payload: { name: 'd' },
    });
    expect(both.statusCode).toBe(403);
    // A made-up token with a foreign origin and no cookie gets nowhere either.
    expect(
      (await bearerClient(app, 'made-up', FOREIGN).post(`/api/business/${table}`, { name: 'e' })).statusCode,
    ).toBe(401);
    const names = (await app.dataSources.primary.knex(table).select('name')).map((row) => row.name).sort();
    expect(names).toEqual(['a', 'b']);
  });

  it("another user's token id is 404 and the token keeps working", async () => {
    const app = await apps.build();
    const alice = await userApi(app, unique('alice'), 'metadata:read');
    const bob = await userApi(app, unique('bob'), 'metadata:read');
    const token = await createToken(alice, { name: 'alice' });
    expect((await bob.delete(`/api/users/me/tokens/${token.id}`)).statusCode).toBe(404);
    expect((await bob.get('/api/users/me/tokens')).json()).toEqual([]);
    expect((await bearerClient(app, token.token).get('/api/users/me')).statusCode).toBe(200);
  });
});
