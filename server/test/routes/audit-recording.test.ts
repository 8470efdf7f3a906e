import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import type { App } from '../../src/app';
import { SHARED_STATE, SYSTEM } from '../../src/db/table-names';
import { auditOf, fromTestClient, storedAudit, TEST_AGENT } from '../helpers/audit-entries';
import { createTable } from '../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../helpers/metadata-api';
import { multipartBody } from '../helpers/multipart';
import { ADMIN_PASSWORD, cookieFrom, login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

const AGENT = { 'user-agent': TEST_AGENT };

const signIn = (app: App, username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    headers: AGENT,
  });

/** The admin, signed in, calling with the test agent; the tables start without entries. */
const setUp = async (app: App): Promise<{ admin: ApiClient; knex: Knex; adminId: number }> => {
  const knex = app.dataSources.primary.knex;
  const { cookie } = await login(app);
  await knex(SHARED_STATE.audit).delete();
  const adminId = Number((await knex(SYSTEM.user).where('username', 'superadmin').first('id')).id);
  return { admin: apiClient(app, cookie, AGENT), knex, adminId };
};

let counter = 0;
/** A name no other test (nor a retry) of this file's database has used. */
const unique = (prefix: string) => `${prefix}${String(++counter)}${Math.random().toString(36).slice(2, 6)}`;

const admin = { id: expect.any(Number) as number, name: 'superadmin' };

describeEachDatabase('audit log: what each action records ($name)', (db) => {
  const apps = useTestApps(db);

  it('records sign-in, failed sign-in (wrong password, unknown user) and sign-out', async () => {
    const app = await apps.build();
    const { knex, adminId } = await setUp(app);
    expect((await signIn(app, 'superadmin', 'wrong-password')).statusCode).toBe(401);
    expect((await signIn(app, 'nobody', 'wrong-password')).statusCode).toBe(401);
    const signedIn = await signIn(app, 'superadmin', ADMIN_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookieFrom(signedIn);
    const out = await app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie, ...AGENT } });
    expect(out.statusCode).toBe(200);
    // Signing out without a session records nothing.
    await app.inject({ method: 'GET', url: '/api/auth/logout', headers: AGENT });

    const entries = await storedAudit(knex);
    expect(entries.map((entry) => entry.action)).toEqual([
      'signInFailed',
      'signInFailed',
      'signIn',
      'signOut',
    ]);
    const [wrong, unknown, ok, signOut] = entries;
    expect(wrong).toMatchObject({
      user: { id: null, name: null },
      detail: { username: 'superadmin', reason: 'credentials' },
      ...fromTestClient,
    });
    expect(unknown?.detail).toEqual({ username: 'nobody', reason: 'credentials' });
    expect(ok).toMatchObject({ user: { id: adminId, name: 'superadmin' }, ...fromTestClient });
    expect(signOut).toMatchObject({ user: { id: adminId, name: 'superadmin' }, ...fromTestClient });
    expect(new Set(entries.map((entry) => entry.requestId)).size).toBe(4);
    expect(JSON.stringify(entries)).not.toContain('wrong-password');
  });

  it('records a refused sign-in of a disabled user', async () => {
    const app = await apps.build();
    const { knex } = await setUp(app);
    const sleeper = unique('sleeper');
    await createUser(app, { username: sleeper, password: 'Sleeper-pass-1', enabled: false });
    expect((await signIn(app, sleeper, 'Sleeper-pass-1')).statusCode).toBe(401);
    const [entry] = await auditOf(knex, 'signInFailed');
    expect(entry?.detail).toEqual({ username: sleeper, reason: 'disabled' });
  });

  it("records a password change (own) and a reset (another user's), with the user change", async () => {
    const app = await apps.build();
    const { admin: api, knex } = await setUp(app);
    const changer = unique('changer');
    const changerId = await createUser(app, { username: changer, password: 'Changer-pass-1' });
    const otherId = await createUser(app, { username: unique('clerk'), password: 'Clerk-pass-1' });
    const self = apiClient(app, (await login(app, changer, 'Changer-pass-1')).cookie, AGENT);
    const own = await self.patch('/api/users/me/password', {
      oldPassword: 'Changer-pass-1',
      password: 'New-changer-Pass-2',
    });
    expect(own.statusCode, own.body).toBe(200);
    const reset = await api.patch(`/api/business/user/${otherId}`, { password: 'Reset-pass-3' });
    expect(reset.statusCode, reset.body).toBe(200);

    const [change] = await auditOf(knex, 'passwordChange');
    expect(change).toMatchObject({
      user: { id: changerId, name: changer },
      detail: { userId: changerId },
      ...fromTestClient,
    });
    const [resetEntry] = await auditOf(knex, 'passwordReset');
    expect(resetEntry).toMatchObject({
      user: admin,
      table: 'user',
      detail: { userId: otherId },
      ...fromTestClient,
    });
    const [userChange] = await auditOf(knex, 'userChange');
    expect(userChange).toMatchObject({
      user: admin,
      dataSource: 'primary',
      table: 'user',
      detail: { operation: 'update', key: String(otherId), fields: ['password'] },
      ...fromTestClient,
    });
    expect(userChange?.requestId).toBe(resetEntry?.requestId);
    expect(JSON.stringify(await storedAudit(knex))).not.toMatch(/New-changer|Reset-pass|scrypt/);
  });

  it('records role, user-role and table-permission changes in their own transaction', async () => {
    const app = await apps.build();
    const { admin: api, knex } = await setUp(app);
    const userId = await createUser(app, { username: unique('reader'), password: 'Reader-pass-1' });
    const table = await createTable(api, { name: unique('memo'), columns: SYSTEM_COLUMNS });
    const role = await api.post('/api/business/role', {
      name: unique('读者'),
      code: unique('ROLE_READER_'),
      permissions: `business:${String(table.name)}:read`,
    });
    expect(role.statusCode, role.body).toBe(201);
    const link = await api.post('/api/business/userRole', { userId, roleId: role.json() });
    expect(link.statusCode, link.body).toBe(201);
    const grant = await api.post('/api/business/tablePermission', {
      tableId: table.id,
      roleId: role.json(),
      columns: JSON.stringify([]),
    });
    expect(grant.statusCode, grant.body).toBe(201);
    expect((await api.delete(`/api/business/userRole/${String(link.json())}`)).statusCode).toBe(204);
    // A refused change (a role code that is no role code) leaves no entry.
    expect((await api.post('/api/business/role', { name: 'x', code: 'business:*:*' })).statusCode).toBe(400);

    const entries = (await storedAudit(knex)).filter((entry) => entry.action !== 'schemaChange');
    expect(entries.map((entry) => [entry.action, entry.table, entry.detail.operation])).toEqual([
      ['roleChange', 'role', 'create'],
      ['userRoleChange', 'userRole', 'create'],
      ['tablePermissionChange', 'tablePermission', 'create'],
      ['userRoleChange', 'userRole', 'delete'],
    ]);
    expect(entries[0]).toMatchObject({
      user: admin,
      detail: {
        key: String(role.json()),
        fields: expect.arrayContaining(['code', 'permissions']) as unknown,
      },
      ...fromTestClient,
    });
  });

  it('records schema changes of the designer with the DDL that ran, metadata imports and reverse engineering', async () => {
    const app = await apps.build();
    const { admin: api, knex } = await setUp(app);
    const gadget = unique('gadget');
    const legacy = unique('legacy_part');
    const table = await createTable(api, { name: gadget, columns: SYSTEM_COLUMNS });
    const renamed = await api.patch(`/api/metadata/tables/${table.id}`, {
      ...table,
      columns: [...table.columns, { name: 'weight', dataType: 'INT' }],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await knex.schema.createTable(legacy, (t) => {
      t.increments('id');
      t.string('label', 50);
    });
    const reversed = await api.post(`/api/metadata/tables/metadatas/reverse/${legacy}`, {});
    expect(reversed.statusCode, reversed.body).toBe(201);

    const entries = await auditOf(knex, 'schemaChange');
    expect(entries.map((entry) => [entry.detail.route, entry.table])).toEqual([
      ['POST /api/metadata/tables', gadget],
      ['PATCH /api/metadata/tables/:id', gadget],
      ['POST /api/metadata/tables/metadatas/reverse/:tableName', legacy],
    ]);
    const [created, changed] = entries;
    expect(created).toMatchObject({ user: admin, dataSource: 'primary', ...fromTestClient });
    expect(
      (created?.detail.ddl as string[]).some((sql) => /^create table/i.test(sql) && sql.includes(gadget)),
    ).toBe(true);
    expect((changed?.detail.ddl as string[]).some((sql) => /weight/i.test(sql))).toBe(true);
    expect(changed?.detail.params).toEqual({ id: table.id });

    const exported = await api.post('/api/metadata/tables/export', [table.id]);
    expect(exported.statusCode).toBe(201);
    const bundle = await api.get(exported.body);
    await api.delete(`/api/metadata/tables/${table.id}?isDropPhysicalTable=true`, undefined);
    const imported = await api.post('/api/metadata/tables/import', bundle.json());
    expect(imported.statusCode, imported.body).toBe(201);
    const last = (await auditOf(knex, 'schemaChange')).at(-1);
    expect(last?.detail.route).toBe('POST /api/metadata/tables/import');
    expect((last?.detail.ddl as string[]).some((sql) => /^create table/i.test(sql))).toBe(true);
  });

  it('records SQL console statements: text, data source, read-only, rows, time', async () => {
    const app = await apps.build();
    const { admin: api, knex } = await setUp(app);
    const note = unique('note');
    await createTable(api, { name: note, columns: SYSTEM_COLUMNS });
    await knex(note).insert([
      { name: 'a', createdDate: '2026-01-01 00:00:00' },
      { name: 'b', createdDate: '2026-01-01 00:00:00' },
    ]);
    const read = await api.post('/api/metadata/sqls/execute', {
      sql: `select name from ${note}`,
      readOnly: true,
    });
    expect(read.statusCode, read.body).toBe(200);
    const write = await api.post('/api/metadata/sqls/execute', {
      sql: `update ${note} set name = 'c'`,
      readOnly: false,
    });
    expect(write.statusCode, write.body).toBe(200);
    const failed = await api.post('/api/metadata/sqls/execute', {
      sql: 'select * from no_such_table',
      readOnly: true,
    });
    expect(failed.statusCode).toBe(400);

    const entries = await auditOf(knex, 'sqlExecute');
    expect(entries.map((entry) => entry.detail)).toEqual([
      {
        sql: `select name from ${note}`,
        readOnly: true,
        rowCount: 2,
        elapsedMs: expect.any(Number),
        outcome: 'ok',
      },
      {
        sql: `update ${note} set name = 'c'`,
        readOnly: false,
        rowCount: 2,
        elapsedMs: expect.any(Number),
        outcome: 'ok',
      },
      {
        sql: 'select * from no_such_table',
        readOnly: true,
        rowCount: null,
        elapsedMs: expect.any(Number),
        outcome: 'SQL_ERROR',
      },
    ]);
    expect(entries[0]).toMatchObject({ user: admin, dataSource: 'primary', ...fromTestClient });
  });

  it('records exports (table, filter, rows) and imports (file name, rows), never the values', async () => {
    const app = await apps.build();
    const { admin: api, knex } = await setUp(app);
    const crate = unique('crate');
    await createTable(api, { name: crate, columns: SYSTEM_COLUMNS });
    for (const name of ['secret-value-1', 'secret-value-2', 'other'])
      expect((await api.post(`/api/business/${crate}`, { name })).statusCode).toBe(201);
    const filter = JSON.stringify({ columnName: 'name', operatorType: 'LIKE', values: ['secret'] });
    const exported = await api.post(
      `/api/business/${crate}/export?filter=${encodeURIComponent(filter)}`,
      undefined,
    );
    expect(exported.statusCode, exported.body).toBe(201);
    const [exportEntry] = await auditOf(knex, 'export');
    expect(exportEntry).toMatchObject({
      user: admin,
      dataSource: 'primary',
      table: crate,
      detail: { format: 'xlsx', query: { filter }, rows: 2 },
      ...fromTestClient,
    });

    const file = await api.get(exported.body);
    expect(file.statusCode).toBe(200);
    await knex(crate).delete();
    const body = multipartBody([{ name: 'file', filename: 'crates.xlsx', value: file.rawPayload }]);
    const imported = await app.inject({
      method: 'POST',
      url: `/api/business/${crate}/import`,
      payload: body.payload,
      headers: { ...body.headers, cookie: (await login(app)).cookie, ...AGENT },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const [importEntry] = await auditOf(knex, 'import');
    expect(importEntry).toMatchObject({
      user: admin,
      table: crate,
      detail: { fileName: 'crates.xlsx', rows: { inserted: 2, updated: 0, failed: 0 } },
      ...fromTestClient,
    });
    expect(JSON.stringify(await storedAudit(knex))).not.toContain('secret-value');
  });

  it("records uploads, and downloads of another user's file (not of one's own)", async () => {
    const app = await apps.build();
    const { knex } = await setUp(app);
    const viewer = unique('viewer');
    await createUser(app, { username: viewer, password: 'Viewer-pass-1' });
    const adminCookie = (await login(app)).cookie;
    const viewerCookie = (await login(app, viewer, 'Viewer-pass-1')).cookie;
    await knex(SHARED_STATE.audit).delete();
    const body = multipartBody([{ name: 'file', filename: 'plan.txt', value: 'the plan' }]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/file',
      payload: body.payload,
      headers: { ...body.headers, cookie: adminCookie, ...AGENT },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const url = (uploaded.json() as { url: string }).url;
    const own = await app.inject({ method: 'GET', url, headers: { cookie: adminCookie, ...AGENT } });
    expect(own.statusCode).toBe(200);
    const other = await app.inject({ method: 'GET', url, headers: { cookie: viewerCookie, ...AGENT } });
    expect(other.statusCode).toBe(200);

    const entries = await storedAudit(knex);
    expect(entries.map((entry) => entry.action)).toEqual(['fileUpload', 'fileDownload']);
    const [upload, download] = entries;
    expect(upload).toMatchObject({ user: admin, detail: { name: 'plan.txt', size: 8 }, ...fromTestClient });
    const stored = url.slice(url.lastIndexOf('/') + 1);
    expect(download).toMatchObject({
      user: { name: viewer },
      detail: { file: stored, name: 'plan.txt', ownerId: expect.any(Number) as number },
      ...fromTestClient,
    });
  });

  it('records refused requests on system tables (probing), not on business tables', async () => {
    const app = await apps.build();
    const { admin: api, knex } = await setUp(app);
    const memo = unique('memo');
    const prober = unique('prober');
    await createTable(api, { name: memo, columns: SYSTEM_COLUMNS });
    await createUser(app, {
      username: prober,
      password: 'Prober-pass-1',
      roles: { [unique('ROLE_P')]: `business:${memo}:read` },
    });
    const proberApi = apiClient(app, (await login(app, prober, 'Prober-pass-1')).cookie, AGENT);
    await knex(SHARED_STATE.audit).delete();
    expect((await proberApi.get('/api/business/user')).statusCode).toBe(403);
    expect((await proberApi.delete('/api/business/role/1')).statusCode).toBe(403);
    expect((await proberApi.post(`/api/business/${memo}`, { name: 'x' })).statusCode).toBe(403);

    const entries = await auditOf(knex, 'refused');
    expect(entries.map((entry) => [entry.table, entry.detail.method, entry.detail.permission])).toEqual([
      ['user', 'GET', 'read'],
      ['role', 'DELETE', 'delete'],
    ]);
    expect(entries[0]).toMatchObject({ user: { name: prober }, dataSource: 'primary', ...fromTestClient });
  });

  it('an entry that cannot be written never fails the action', async () => {
    const app = await apps.build();
    const { admin: api, knex } = await setUp(app);
    const otherId = await createUser(app, { username: unique('keeper'), password: 'Keeper-pass-1' });
    await knex.schema.renameTable(SHARED_STATE.audit, 'cb_audit_away');
    try {
      expect((await signIn(app, 'superadmin', ADMIN_PASSWORD)).statusCode).toBe(200);
      const changed = await api.patch(`/api/business/user/${otherId}`, { realname: 'Keeper' });
      expect(changed.statusCode, changed.body).toBe(200);
      const sql = await api.post('/api/metadata/sqls/execute', { sql: 'select 1 as one', readOnly: true });
      expect(sql.statusCode).toBe(200);
    } finally {
      await knex.schema.renameTable('cb_audit_away', SHARED_STATE.audit);
    }
    expect((await knex(SYSTEM.user).where('id', otherId).first('realname')).realname).toBe('Keeper');
  });
});
