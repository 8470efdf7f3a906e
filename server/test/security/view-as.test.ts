import { expect, it } from 'vitest';
import { VIEW_AS_HEADER } from '../../../contract/index';
import { SHARED_STATE, SYSTEM } from '../../src/db/table-names';
import { auditOf } from '../helpers/audit-entries';
import { createTable } from '../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';
import { bareApp } from '../helpers/clean-admin';

const PASSWORD = 'User-pass-1';
const OWN = { columnName: 'ownerId', operatorType: 'EQ', values: ['$user.id'] };

const names = (response: { json(): unknown }): string[] =>
  (response.json() as { name: string }[]).map((row) => row.name).sort();

/**
 * "View as user X": the records of a table exactly as X reads them, for someone who sets table
 * permissions; read-only and audited, and never more than the viewer may read themselves.
 */
describeEachDatabase('view as another user ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const { app, knex } = await bareApp(apps);
    await knex(SHARED_STATE.audit).delete();
    const adminCookie = (await login(app)).cookie;
    const admin = apiClient(app, adminCookie);
    const deal = await createTable(admin, {
      name: 'deal',
      columns: [...SYSTEM_COLUMNS, { name: 'amount', dataType: 'INT' }],
    });
    const alice = await createUser(app, { username: 'alice', password: PASSWORD, roles: { ROLE_SALES: '' } });
    const bob = await createUser(app, { username: 'bob', password: PASSWORD });
    const keeper = await createUser(app, {
      username: 'keeper',
      password: PASSWORD,
      roles: { ROLE_KEEPER: 'business:tablePermission:update,business:deal:read' },
    });
    const limited = await createUser(app, {
      username: 'limited',
      password: PASSWORD,
      roles: { ROLE_LIMITED: 'business:tablePermission:update' },
    });
    const reader = await createUser(app, {
      username: 'reader',
      password: PASSWORD,
      roles: { ROLE_READER: 'business:deal:read' },
    });
    const roleId = async (code: string) => Number((await knex(SYSTEM.role).where('code', code).first()).id);
    const sales = await roleId('ROLE_SALES');
    await knex(SYSTEM.userRole).insert([
      { userId: bob, roleId: sales },
      { userId: limited, roleId: sales },
    ]);
    const amount = deal.columns.find((column) => column.name === 'amount')?.id;
    const granted = await admin.post('/api/business/tablePermission', {
      tableId: deal.id,
      roleId: sales,
      permissions: 'business:deal:read,business:deal:create,business:deal:update',
      columns: JSON.stringify([{ columnId: amount, read: false, update: false }]),
      rowRules: JSON.stringify({ read: OWN }),
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const as = async (username: string, headers: Record<string, string> = {}) =>
      apiClient(app, (await login(app, username, PASSWORD)).cookie, headers);
    /** The administrator's session, reading as the user `viewed` (a user id, or any header text). */
    const adminAs = (viewed: number | string) =>
      apiClient(app, adminCookie, { [VIEW_AS_HEADER]: String(viewed) });
    const sessions = { alice: await as('alice'), bob: await as('bob') };
    for (const [user, name, value] of [
      ['alice', 'a1', 10],
      ['alice', 'a2', 20],
      ['bob', 'b1', 30],
    ] as const) {
      const created = await sessions[user].post('/api/business/deal', { name });
      expect(created.statusCode, created.body).toBe(201);
      await admin.patch(`/api/business/deal/${created.json()}`, { amount: value });
    }
    return { knex, admin, adminAs, ids: { alice, bob, keeper, limited, reader }, as };
  };

  it('answers lists, counts and records exactly as the user would get them, and audits each read', async () => {
    const { knex, admin, adminAs, ids, as } = await setup();
    const asAlice = adminAs(ids.alice);
    const list = await asAlice.get('/api/business/deal');
    expect(list.statusCode, list.body).toBe(200);
    expect(names(list)).toEqual(['a1', 'a2']);
    // Her column rules too: the amount is hidden from her.
    expect((list.json() as Record<string, unknown>[])[0]).not.toHaveProperty('amount');
    expect((await asAlice.get('/api/business/deal/count')).json()).toBe(2);
    const bobs = (await admin.get('/api/business/deal?name=b1')).json() as { id: number }[];
    expect((await asAlice.get(`/api/business/deal/${bobs[0]?.id}`)).statusCode).toBe(404);
    expect(names(await adminAs(ids.bob).get('/api/business/deal'))).toEqual(['b1']);
    // Without the header the administrator sees everything, amounts included.
    const all = await admin.get('/api/business/deal');
    expect(names(all)).toEqual(['a1', 'a2', 'b1']);
    expect((all.json() as Record<string, unknown>[])[0]).toHaveProperty('amount');
    // A user who sets table permissions and reads the table whole may view as others too.
    const keeper = await as('keeper', { [VIEW_AS_HEADER]: String(ids.alice) });
    expect(names(await keeper.get('/api/business/deal'))).toEqual(['a1', 'a2']);

    const entries = await auditOf(knex, 'viewAs');
    // The list, the count, the record, Bob's list, the keeper's list.
    expect(entries).toHaveLength(5);
    expect(entries[0]).toMatchObject({
      user: { id: 1 },
      table: 'deal',
      detail: { viewedAs: { id: ids.alice, name: 'alice' }, method: 'GET', url: '/api/business/deal' },
    });
    expect(entries.at(-1)).toMatchObject({
      user: { id: ids.keeper },
      detail: { viewedAs: { id: ids.alice } },
    });
  });

  it('never writes, and is refused to those who may not set permissions or do not see the table whole', async () => {
    const { knex, admin, adminAs, ids, as } = await setup();
    const before = JSON.stringify(await knex('deal').select('*').orderBy('id'));
    const asAlice = adminAs(ids.alice);
    const [first] = (await admin.get('/api/business/deal')).json() as { id: number }[];
    for (const response of [
      await asAlice.post('/api/business/deal', { name: 'as-alice' }),
      await asAlice.patch(`/api/business/deal/${first?.id}`, { name: 'changed' }),
      await asAlice.delete(`/api/business/deal/${first?.id}`),
      await asAlice.post('/api/business/tablePermission', { tableId: 1, roleId: 1 }),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toMatch(/只能查看|read-only/);
    }
    expect(JSON.stringify(await knex('deal').select('*').orderBy('id'))).toBe(before);
    // A reader who may not set table permissions, and one whose own view is limited by a rule.
    const header = { [VIEW_AS_HEADER]: String(ids.alice) };
    expect((await (await as('reader', header)).get('/api/business/deal')).statusCode).toBe(403);
    const refused = await (await as('limited', header)).get('/api/business/deal');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.body).toContain('deal');
    // Not a user id, an unknown user: 400 and 404.
    expect((await adminAs('alice').get('/api/business/deal')).statusCode).toBe(400);
    expect((await adminAs(999999).get('/api/business/deal')).statusCode).toBe(404);
    expect(await auditOf(knex, 'viewAs')).toEqual([]);
  });
});
