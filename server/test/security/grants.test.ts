import { expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/password';
import { META, SYSTEM } from '../../src/db/table-names';
import { apiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

const USER_ADMIN = 'business:user:*,business:userRole:*,business:role:read';
const OPERATOR = 'sql:execute,metadata:*,business:*:*';

describeEachDatabase('nobody grants what they do not hold ($name)', (db) => {
  const apps = useTestApps(db);
  let n = 0;

  const setup = async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    n += 1;
    const names = { userAdmin: `uadmin${n}`, operator: `operator${n}` };
    await createUser(app, {
      username: names.userAdmin,
      password: 'Uadmin-pass-1',
      roles: { [`ROLE_UADMIN${n}`]: USER_ADMIN },
    });
    const operatorId = await createUser(app, {
      username: names.operator,
      password: 'Operator-pass-1',
      roles: { [`ROLE_OPERATOR${n}`]: OPERATOR },
    });
    const userAdmin = await login(app, names.userAdmin, 'Uadmin-pass-1');
    return { app, knex, operatorId, names, api: apiClient(app, userAdmin.cookie) };
  };

  it('refuses giving a role whose table permission grants a code the editor lacks', async () => {
    const { knex, api } = await setup();
    // A role with no codes of its own, whose table permission row grants sql:execute.
    const now = '2026-01-01 00:00:00';
    await knex(SYSTEM.role).insert({
      name: `console${n}`,
      code: `ROLE_CONSOLE${n}`,
      permissions: null,
      createdDate: now,
      lastModifiedDate: now,
    });
    const role = await knex(SYSTEM.role).where('code', `ROLE_CONSOLE${n}`).first();
    const userTable = await knex(META.table).where('tableName', SYSTEM.user).first();
    await knex(SYSTEM.tablePermission).insert({
      tableId: userTable.id,
      roleId: role.id,
      permissions: 'sql:execute',
      createdDate: now,
      lastModifiedDate: now,
    });

    const created = await api.post('/api/business/user', {
      username: `victim${n}`,
      realname: 'victim',
      password: 'Victim-pass-1',
      enabled: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const userId = created.json();
    const before = await knex(SYSTEM.userRole).count({ n: '*' }).first();
    const granted = await api.post('/api/business/userRole', { userId, roleId: role.id });
    expect(granted.statusCode, granted.body).toBe(403);
    expect(granted.json().message).toContain('sql:execute');
    expect(await knex(SYSTEM.userRole).count({ n: '*' }).first()).toEqual(before);
  });

  it('refuses changing the password, username or enabled flag of a user holding codes the editor lacks', async () => {
    const { knex, api, operatorId, names } = await setup();
    const stored = async () => knex(SYSTEM.user).where('id', operatorId).first();
    const before = await stored();
    for (const change of [{ password: 'Taken-over-1' }, { username: `taken${n}` }, { enabled: false }]) {
      const response = await api.patch(`/api/business/user/${operatorId}`, change);
      expect(response.statusCode, `${JSON.stringify(change)}: ${response.body}`).toBe(403);
    }
    const after = await stored();
    expect(after.username).toBe(names.operator);
    expect(after.password).toBe(before.password);
    expect(await verifyPassword('Operator-pass-1', String(after.password))).toBe(true);
    // Other fields stay editable (business:user:update), and lesser users stay manageable.
    const realname = await api.patch(`/api/business/user/${operatorId}`, { realname: 'Operator' });
    expect(realname.statusCode, realname.body).toBe(200);
    const lesser = await api.post('/api/business/user', {
      username: `lesser${n}`,
      realname: 'lesser',
      password: 'Lesser-pass-1',
      enabled: true,
    });
    const reset = await api.patch(`/api/business/user/${lesser.json()}`, { password: 'Lesser-pass-2' });
    expect(reset.statusCode, reset.body).toBe(200);
  });
});
