import { expect, it } from 'vitest';
import { SYSTEM } from '../../src/db/table-names';
import { apiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

describeEachDatabase('look-alike usernames ($name)', (db) => {
  const apps = useTestApps(db);

  it('refuses names that read as an existing one, and stores names normalised', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    await knex(SYSTEM.userRole).whereNot('userId', 1).delete();
    await knex(SYSTEM.user).whereNot('id', 1).delete();
    const admin = apiClient(app, (await login(app)).cookie);
    const count = async () => Number((await knex(SYSTEM.user).count({ n: '*' }))[0]?.n);
    const before = await count();
    const create = (username: string) =>
      admin.post('/api/business/user', { username, password: 'Some-pass-word-1', realname: 'x' });
    for (const username of [
      'SuperAdmin',
      'superadmin ',
      ' SUPERADMIN',
      'superadmın',
      'ｓｕｐｅｒａｄｍｉｎ',
      'supéradmin',
    ]) {
      const response = await create(username);
      expect(response.statusCode, username).toBe(409);
      expect(response.json().message).toContain('superadmin');
    }
    for (const username of ['super\u200badmin', 'super admin', '\u202esuperadmin', '   ']) {
      const response = await create(username);
      expect(response.statusCode, JSON.stringify(username)).toBe(400);
      expect(response.json().errors).toHaveProperty('username');
    }
    expect(await count()).toBe(before);

    const alice = await create('  Ａlice ');
    expect(alice.statusCode, alice.body).toBe(201);
    expect((await knex(SYSTEM.user).where('id', alice.json()).first()).username).toBe('Alice');
    expect((await create('alice')).statusCode).toBe(409);
    const renamed = await admin.patch(`/api/business/user/${alice.json()}`, { username: 'SUPERADMİN' });
    expect(renamed.statusCode).toBe(409);
    const kept = await admin.patch(`/api/business/user/${alice.json()}`, { username: 'ALICE' });
    expect(kept.statusCode, kept.body).toBe(200);
  });
});
