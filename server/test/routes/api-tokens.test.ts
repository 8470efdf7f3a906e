import { expect, it } from 'vitest';
import type { App } from '../../src/app';
import { hashSessionToken } from '../../src/auth/session-token';
import { SHARED_STATE, SYSTEM } from '../../src/db/table-names';
import { auditOf } from '../helpers/audit-entries';
import { bearerClient, createToken } from '../helpers/api-tokens';
import { createTable } from '../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { userApi } from '../helpers/user-api';

let counter = 0;
/** A name no other test (nor a retry) of this file's database has used. */
const unique = (prefix: string) => `${prefix}${String(++counter)}${Math.random().toString(36).slice(2, 6)}`;

const adminApi = async (app: App) => apiClient(app, (await login(app)).cookie);

const idOf = async (app: App, username: string): Promise<number> =>
  Number((await app.dataSources.primary.knex(SYSTEM.user).where('username', username).first('id')).id);

describeEachDatabase('API tokens: create, list, revoke, use ($name)', (db) => {
  const apps = useTestApps(db);

  it('creates a token shown once, lists it without the secret, stores only its hash, revokes it', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    const user = unique('tok');
    const api = await userApi(app, user, 'metadata:read');
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();

    const created = await api.post('/api/users/me/tokens', {
      name: 'nightly report',
      expiresAt,
      permissions: ['metadata:read'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'nightly report',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresAt,
      permissions: ['metadata:read'],
    });

    const listed = await api.get('/api/users/me/tokens');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      {
        id: body.id,
        name: 'nightly report',
        createdAt: expect.any(String),
        expiresAt,
        lastUsedAt: null,
        permissions: ['metadata:read'],
      },
    ]);
    expect(listed.body).not.toContain(body.token);

    const rows = await knex(SHARED_STATE.apiToken).where('id', body.id);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(body.token);
    expect(rows[0].tokenHash).toBe(hashSessionToken(body.token));

    // A use is written down.
    expect((await bearerClient(app, body.token).get('/api/users/me')).statusCode).toBe(200);
    const used = (await api.get('/api/users/me/tokens')).json();
    expect(used[0].lastUsedAt).toEqual(expect.any(String));

    const revoked = await api.delete(`/api/users/me/tokens/${body.id}`);
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await api.get('/api/users/me/tokens')).json()).toEqual([]);
    expect(await knex(SHARED_STATE.apiToken).where('id', body.id)).toHaveLength(0);
    expect((await api.delete(`/api/users/me/tokens/${body.id}`)).statusCode).toBe(404);
  });

  it('refuses bad requests in Chinese and English and stores nothing', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    const user = unique('bad');
    const api = await userApi(app, user, 'metadata:read');
    const english = apiClient(app, (await login(app, user, 'User-pass-1')).cookie, {
      'accept-language': 'en-US',
    });
    const before = await knex(SHARED_STATE.apiToken).count({ n: '*' });

    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 'ok', expiresAt: 'tomorrow' },
      { name: 'ok', expiresAt: new Date(Date.now() - 1000).toISOString() },
      { name: 'ok', permissions: [] },
      { name: 'ok', permissions: ['metadata:write'] },
      { name: 'ok', permissions: ['ROLE_SUPER_ADMIN'] },
    ]) {
      const refused = await api.post('/api/users/me/tokens', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const zh = await api.post('/api/users/me/tokens', { name: 'ok', permissions: ['business:*'] });
    expect(zh.json().message).toContain('令牌只能包含你当前拥有的权限');
    expect(zh.json().message).toContain('business:*');
    const en = await english.post('/api/users/me/tokens', { name: 'ok', permissions: ['business:*'] });
    expect(en.json().message).toContain('A token may only list permissions you hold now');
    const past = await english.post('/api/users/me/tokens', {
      name: 'ok',
      expiresAt: '2001-01-01T00:00:00Z',
    });
    expect(past.json().message).toBe('The expiry must be in the future');
    expect(await knex(SHARED_STATE.apiToken).count({ n: '*' })).toEqual(before);
  });

  it('a token lists, creates and exports records of a business table, and the audit log names it', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    const admin = await adminApi(app);
    const table = unique('memo');
    await createTable(admin, { name: table, columns: SYSTEM_COLUMNS });
    const user = unique('clerk');
    const api = await userApi(
      app,
      user,
      `business:${table}:read,business:${table}:create,business:${table}:export`,
    );
    const { token, id } = await createToken(api, { name: 'sync job' });
    const bearer = bearerClient(app, token);

    const created = await bearer.post(`/api/business/${table}`, { name: 'from a script' });
    expect(created.statusCode, created.body).toBe(201);
    const listed = await bearer.get(`/api/business/${table}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(JSON.stringify(listed.json())).toContain('from a script');
    const exported = await bearer.post(`/api/business/${table}/export`, undefined);
    expect(exported.statusCode, exported.body).toBe(201);

    const byUser = async (action: Parameters<typeof auditOf>[1]) =>
      (await auditOf(knex, action)).filter((entry) => entry.user.name === user);
    const [exportEntry] = await byUser('export');
    expect(exportEntry).toMatchObject({
      user: { name: user },
      table,
      detail: { format: 'xlsx', apiToken: 'sync job' },
    });
    const [createEntry] = await byUser('tokenCreate');
    expect(createEntry).toMatchObject({ user: { name: user }, detail: { tokenId: id, name: 'sync job' } });
    expect(createEntry?.detail).not.toHaveProperty('apiToken');

    expect((await api.delete(`/api/users/me/tokens/${id}`)).statusCode).toBe(204);
    const [revokeEntry] = await byUser('tokenRevoke');
    expect(revokeEntry).toMatchObject({ user: { name: user }, detail: { tokenId: id, name: 'sync job' } });
  });

  it("an administrator lists and revokes a user's tokens; others may not", async () => {
    const app = await apps.build();
    const admin = await adminApi(app);
    const user = unique('owner');
    const api = await userApi(app, user, 'metadata:read');
    const userId = await idOf(app, user);
    const { id, token } = await createToken(api, { name: 'laptop' });

    const listed = await admin.get(`/api/users/${userId}/tokens`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([expect.objectContaining({ id, name: 'laptop' })]);
    expect(listed.body).not.toContain(token);

    // A user who may not manage users.
    expect((await api.get(`/api/users/${userId}/tokens`)).statusCode).toBe(403);
    expect((await api.delete(`/api/users/${userId}/tokens/${id}`)).statusCode).toBe(403);
    // A user manager who is not the super admin reaches others' tokens, not the super admin's.
    const manager = await userApi(app, unique('manager'), 'business:user:read,business:user:update');
    expect((await manager.get(`/api/users/${userId}/tokens`)).statusCode).toBe(200);
    const adminId = await idOf(app, 'superadmin');
    expect((await manager.get(`/api/users/${adminId}/tokens`)).statusCode).toBe(403);

    expect((await admin.get('/api/users/999999/tokens')).statusCode).toBe(404);
    expect((await admin.delete(`/api/users/${adminId}/tokens/${id}`)).statusCode).toBe(404);
    const revoked = await admin.delete(`/api/users/${userId}/tokens/${id}`);
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await bearerClient(app, token).get('/api/users/me')).statusCode).toBe(401);
  });
});
