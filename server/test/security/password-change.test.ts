import { expect, it } from 'vitest';
import { SYSTEM } from '../../src/db/table-names';
import { apiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

const URL = '/api/users/me/password';

describeEachDatabase('password changes and sessions ($name)', (db) => {
  const apps = useTestApps(db);
  let n = 0;

  it('changes the own password with the old one, ending every other session of the user', async () => {
    const app = await apps.build();
    n += 1;
    const username = `self${n}`;
    await createUser(app, {
      username,
      password: 'Old-pass-1',
      roles: { [`ROLE_SELF${n}`]: 'business:t:read' },
    });
    const here = await login(app, username, 'Old-pass-1');
    const elsewhere = await login(app, username, 'Old-pass-1');
    const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    const api = apiClient(app, here.cookie);

    const wrong = await api.patch(URL, { oldPassword: 'not-it', password: 'New-pass-22' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { oldPassword: expect.any(String) },
    });
    expect((await me(elsewhere.cookie)).statusCode).toBe(200);

    const changed = await api.patch(URL, { oldPassword: 'Old-pass-1', password: 'New-pass-22' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(here.cookie)).statusCode).toBe(200);
    expect((await me(elsewhere.cookie)).statusCode).toBe(401);
    expect((await login(app, username, 'Old-pass-1')).response.statusCode).toBe(401);
    expect((await login(app, username, 'New-pass-22')).response.statusCode).toBe(200);
  });

  it('needs a session and a valid body', async () => {
    const app = await apps.build();
    const anonymous = await app.inject({
      method: 'PATCH',
      url: URL,
      payload: { oldPassword: 'x', password: 'New-pass-22' },
    });
    expect(anonymous.statusCode).toBe(401);
    const api = apiClient(app, (await login(app)).cookie);
    const empty = await api.patch(URL, { oldPassword: 'x', password: '' });
    expect(empty.statusCode).toBe(400);
    const doc = (await api.get('/api/docs')).json();
    expect(doc.paths['/api/users/me/password'].patch).toBeDefined();
  });

  it('ends every session of a user whose password an administrator changes', async () => {
    const app = await apps.build();
    n += 1;
    const username = `member${n}`;
    const id = await createUser(app, { username, password: 'Member-pass-1' });
    const member = await login(app, username, 'Member-pass-1');
    const admin = apiClient(app, (await login(app)).cookie);
    const reset = await admin.patch(`/api/business/user/${id}`, { password: 'Member-pass-2' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await app.dataSources.primary.knex(SYSTEM.session).where('userId', id)).toEqual([]);
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: member.cookie } });
    expect(me.statusCode).toBe(401);
  });
});
