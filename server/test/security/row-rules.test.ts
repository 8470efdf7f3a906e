import ExcelJS from 'exceljs';
import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { SYSTEM } from '../../src/db/table-names';
import { createRelation, createTable, type CreatedTable } from '../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { multipartBody } from '../helpers/multipart';
import { xlsxBook } from '../helpers/xlsx-book';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';
import { routeTable } from '../helpers/route-table';
import { bareApp } from '../helpers/clean-admin';

const PASSWORD = 'User-pass-1';
const q = encodeURIComponent;

const ACTIONS = ['read', 'create', 'update', 'delete', 'export', 'import'];
const codes = (table: string) => ACTIONS.map((action) => `business:${table}:${action}`).join(',');
const OWN = { columnName: 'ownerId', operatorType: 'EQ', values: ['$user.id'] };

/**
 * Every route under /api/business/:table that names one record or revision, and how this suite
 * reaches it. A new record route fails the route check below until the suite covers it.
 */
const RECORD_ROUTES: Record<string, string> = {
  'GET /api/business/:table/:id': 'another user’s record is 404',
  'PATCH /api/business/:table/:id': 'another user’s record is 404, an update leaving the rule is 403',
  'DELETE /api/business/:table/:id': 'another user’s record is 404 (hard and soft)',
  'POST /api/business/:table/:id/restore': 'another user’s record is 404',
  'GET /api/business/:table/:id/history': 'another user’s record is 404, one’s own is shown',
  'GET /api/business/:table/:id/history/count': 'another user’s record is 404, one’s own is counted',
  'POST /api/business/:table/:id/history/:revisionId/restore':
    'another user’s record is 404, a restore leaving the update rule is 403, one’s own is restored',
  'POST /api/business/:table/deleted/:revisionId/restore':
    'another user’s deleted record is 404, one’s own comes back',
};

const names = (response: { json(): unknown }): string[] =>
  (response.json() as { name: string }[]).map((row) => row.name).sort();

describeEachDatabase('row rules ($name)', (db) => {
  const apps = useTestApps(db);

  const snapshot = async (knex: Knex) =>
    JSON.stringify([
      await knex('deal').select('*').orderBy('id'),
      await knex('deal_line').select('*').orderBy('id'),
    ]);

  const setup = async () => {
    const { app, knex } = await bareApp(apps);
    const admin = apiClient(app, (await login(app)).cookie);
    const searchable = SYSTEM_COLUMNS.map((column) =>
      column.name === 'name' ? { ...column, queryable: true } : column,
    );
    const deal = await createTable(admin, {
      name: 'deal',
      columns: [...searchable, { name: 'amount', dataType: 'INT', queryable: true }],
    });
    const line = await createTable(admin, {
      name: 'dealLine',
      tableName: 'deal_line',
      columns: [...searchable, { name: 'dealId', dataType: 'BIGINT', queryable: true }],
    });
    await createRelation(knex, {
      name: 'lines',
      relationType: 'OneToMany',
      from: deal,
      fromColumn: 'id',
      to: line,
      toColumn: 'dealId',
    });
    await createRelation(knex, {
      name: 'deal',
      relationType: 'ManyToOne',
      from: line,
      fromColumn: 'dealId',
      to: deal,
      toColumn: 'id',
    });
    const aliceId = await createUser(app, {
      username: 'alice',
      password: PASSWORD,
      roles: { ROLE_SALES: '' },
    });
    const bobId = await createUser(app, { username: 'bob', password: PASSWORD });
    const carolId = await createUser(app, {
      username: 'carol',
      password: PASSWORD,
      roles: { ROLE_VIEW: '' },
    });
    const roleId = async (code: string) => Number((await knex(SYSTEM.role).where('code', code).first()).id);
    const sales = await roleId('ROLE_SALES');
    await knex(SYSTEM.userRole).insert([
      { userId: bobId, roleId: sales },
      { userId: carolId, roleId: sales },
    ]);
    const columnId = (table: CreatedTable, name: string) => table.columns.find((c) => c.name === name)?.id;
    const grant = async (table: CreatedTable, role: number, body: Record<string, unknown>) => {
      const response = await admin.post('/api/business/tablePermission', {
        tableId: table.id,
        roleId: role,
        permissions: codes(table.name),
        ...body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return Number(response.json());
    };
    // Sales: own rows only; updates and creates keep the amount at 100 or less; ownerId not settable.
    const dealRule = await grant(deal, sales, {
      columns: JSON.stringify([{ columnId: columnId(deal, 'ownerId'), read: true, update: false }]),
      rowRules: JSON.stringify({
        read: OWN,
        update: {
          conditionType: 'AND',
          conditions: [OWN, { columnName: 'amount', operatorType: 'LE', values: [100] }],
        },
        delete: OWN,
        create: { columnName: 'amount', operatorType: 'LE', values: [100] },
      }),
    });
    await grant(line, sales, { rowRules: JSON.stringify({ read: OWN, update: OWN, delete: OWN }) });
    // Carol also holds a role that reads every deal (no rule): the rules OR together.
    await grant(deal, await roleId('ROLE_VIEW'), { permissions: 'business:deal:read' });
    const alice = apiClient(app, (await login(app, 'alice', PASSWORD)).cookie);
    const bob = apiClient(app, (await login(app, 'bob', PASSWORD)).cookie);
    const carol = apiClient(app, (await login(app, 'carol', PASSWORD)).cookie);
    const ids: Record<string, number> = {};
    for (const [user, name, amount] of [
      [alice, 'a1', 10],
      [alice, 'a2', 20],
      [alice, 'a3', 30],
      [bob, 'b1', 15],
      [bob, 'b2', 25],
    ] as const) {
      const created = await user.post('/api/business/deal', { name, amount });
      expect(created.statusCode, created.body).toBe(201);
      ids[name] = Number(created.json());
    }
    // Bob hangs a line under Alice's deal (he may create lines): Alice must not see it.
    for (const [user, name, dealId] of [
      [alice, 'a1-line', ids.a1],
      [bob, 'b1-line', ids.b1],
      [bob, 'bob-under-a1', ids.a1],
    ] as const) {
      const created = await user.post('/api/business/dealLine', { name, dealId });
      expect(created.statusCode, created.body).toBe(201);
      ids[name] = Number(created.json());
    }
    return { app, knex, admin, alice, bob, carol, deal, line, ids, aliceId, bobId, dealRule };
  };

  it('lists, counts, searches, filters, sorts and pages only the rows the rule lets through', async () => {
    const { alice, admin } = await setup();
    expect(names(await alice.get('/api/business/deal'))).toEqual(['a1', 'a2', 'a3']);
    expect((await alice.get('/api/business/deal/count')).json()).toBe(3);
    expect((await alice.get('/api/business/deal/count?amount=GE%2015')).json()).toBe(2);
    expect((await alice.get(`/api/business/deal?search=${q('b1')}`)).json()).toEqual([]);
    expect((await alice.get(`/api/business/deal/count?search=${q('b1')}`)).json()).toBe(0);
    expect((await alice.get('/api/business/deal?name=b1')).json()).toEqual([]);
    const filter = q(JSON.stringify({ columnName: 'amount', operatorType: 'GE', values: [15] }));
    expect(names(await alice.get(`/api/business/deal?filter=${filter}`))).toEqual(['a2', 'a3']);
    const paged = await alice.get('/api/business/deal?orderby=amount%20desc&offset=1&limit=1');
    expect(names(paged)).toEqual(['a2']);
    // The super admin is never filtered.
    expect(names(await admin.get('/api/business/deal'))).toEqual(['a1', 'a2', 'a3', 'b1', 'b2']);
    expect((await admin.get('/api/business/deal/count')).json()).toBe(5);
  });

  it('answers 404 for a record outside the read rule, and leaves it out of lists by ids', async () => {
    const { alice, ids } = await setup();
    expect((await alice.get(`/api/business/deal/${ids.b1}`)).statusCode).toBe(404);
    expect((await alice.get(`/api/business/deal/${ids.a1}`)).statusCode).toBe(200);
    expect(names(await alice.get(`/api/business/deal/all?ids=${ids.a1},${ids.b1}`))).toEqual(['a1']);
  });

  it('refuses to change or delete another user’s rows, whole batches included, and changes nothing', async () => {
    const { knex, alice, ids } = await setup();
    const before = await snapshot(knex);
    expect((await alice.patch(`/api/business/deal/${ids.b1}`, { name: 'mine' })).statusCode).toBe(404);
    expect((await alice.delete(`/api/business/deal/${ids.b1}`)).statusCode).toBe(404);
    expect((await alice.delete(`/api/business/deal/${ids.b1}?isSoftDelete=true`)).statusCode).toBe(404);
    expect((await alice.delete('/api/business/deal', [ids.a1, ids.b1])).statusCode).toBe(404);
    expect((await alice.delete('/api/business/deal?isSoftDelete=true', [ids.a2, ids.b2])).statusCode).toBe(
      404,
    );
    // An update whose new values leave the update rule is 403.
    const leaving = await alice.patch(`/api/business/deal/${ids.a1}`, { amount: 500 });
    expect(leaving.statusCode, leaving.body).toBe(403);
    expect(await snapshot(knex)).toBe(before);
    expect((await alice.patch(`/api/business/deal/${ids.a1}`, { amount: 50 })).statusCode).toBe(200);
    expect((await alice.delete(`/api/business/deal/${ids.a3}?isSoftDelete=true`)).statusCode).toBe(204);
    // Nested children: Alice's sync of a1's lines removes her own line, never Bob's under it.
    expect((await alice.patch(`/api/business/deal/${ids.a1}`, { lines: [] })).statusCode).toBe(200);
    const left = (await knex('deal_line').where('dealId', ids.a1).select('name')).map((row) => row.name);
    expect(left).toEqual(['bob-under-a1']);
    // Nor does a hard delete of a1 cascade into Bob's line: refused whole.
    expect((await alice.delete(`/api/business/deal/${ids.a1}`)).statusCode).toBe(403);
    expect(await knex('deal').where('id', ids.a1).first()).toBeDefined();
  });

  it('restores from the recycle bin only rows inside the rules', async () => {
    const { knex, admin, alice, ids } = await setup();
    expect((await admin.delete(`/api/business/deal?isSoftDelete=true`, [ids.a2, ids.b2])).statusCode).toBe(
      204,
    );
    const before = await snapshot(knex);
    expect((await alice.post('/api/business/deal/restore', [ids.a2, ids.b2])).statusCode).toBe(404);
    expect((await alice.post(`/api/business/deal/${ids.b2}/restore`, {})).statusCode).toBe(404);
    expect(await snapshot(knex)).toBe(before);
    expect((await alice.post(`/api/business/deal/${ids.a2}/restore`, {})).statusCode).toBe(200);
  });

  it('stamps the creator as owner, refuses a chosen owner, and refuses a new row outside the create rule', async () => {
    const { knex, alice, aliceId, bobId } = await setup();
    const before = await snapshot(knex);
    expect(
      (await alice.post('/api/business/deal', { name: 'x', amount: 1, ownerId: bobId })).statusCode,
    ).toBe(403);
    const outside = await alice.post('/api/business/deal', { name: 'big', amount: 500 });
    expect(outside.statusCode, outside.body).toBe(403);
    expect(await snapshot(knex)).toBe(before);
    const created = await alice.post('/api/business/deal', { name: 'mine', amount: 5 });
    expect(created.statusCode).toBe(201);
    expect(Number((await knex('deal').where('id', Number(created.json())).first()).ownerId)).toBe(aliceId);
  });

  it('leaves rows outside the rule out of embedded parents and children', async () => {
    const { alice, bob, ids } = await setup();
    const a1 = (await alice.get(`/api/business/deal/${ids.a1}`)).json() as { lines: { name: string }[] };
    expect(a1.lines.map((child) => child.name)).toEqual(['a1-line']);
    const expanded = (await alice.get('/api/business/deal?expand=lines')).json() as {
      name: string;
      lines?: { name: string }[];
    }[];
    expect(expanded.flatMap((row) => (row.lines ?? []).map((child) => child.name)).sort()).toEqual([
      'a1-line',
    ]);
    // Bob's line under Alice's deal: the parent is not his to see.
    const mine = (await bob.get(`/api/business/dealLine/${ids['bob-under-a1']}`)).json() as { deal: unknown };
    expect(mine.deal).toBeNull();
    // The relation picker lists the target table: only Bob's deals.
    expect(names(await bob.get('/api/business/deal?select=id,name'))).toEqual(['b1', 'b2']);
  });

  it('exports only the rows the rule lets through (xlsx, xml, json)', async () => {
    const { app, alice, deal } = await setup();
    const cookie = (await login(app, 'alice', PASSWORD)).cookie;
    const xlsx = await alice.post('/api/business/deal/export', {});
    expect(xlsx.statusCode, xlsx.body).toBe(201);
    const file = await app.inject({ method: 'GET', url: xlsx.body, headers: { cookie } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const cells = JSON.stringify(workbook.worksheets[0]?.getSheetValues());
    expect(cells).toContain('a1');
    expect(cells).not.toContain('b1');
    const xml = await alice.post('/api/business/deal/export/xml', {});
    expect(xml.statusCode, xml.body).toBe(201);
    const xmlText = (await app.inject({ method: 'GET', url: xml.body, headers: { cookie } })).body;
    expect(xmlText).toContain('a2');
    expect(xmlText).not.toContain('b2');
    const json = await alice.post('/api/business/export', [deal.id]);
    expect(json.statusCode, json.body).toBe(201);
    const bundle = (
      await app.inject({ method: 'GET', url: json.body, headers: { cookie } })
    ).json() as Record<string, { name: string }[]>;
    expect(
      Object.values(bundle)
        .flat()
        .map((row) => row.name)
        .sort(),
    ).toEqual(['a1', 'a2', 'a3']);
  });

  it('imports only rows inside the rules, and shows the history of readable records only', async () => {
    const { app, knex, alice, ids, aliceId } = await setup();
    const before = await snapshot(knex);
    const cookie = (await login(app, 'alice', PASSWORD)).cookie;
    const upload = async (url: string, value: string | Buffer, filename: string) => {
      const { payload, headers } = multipartBody([{ name: 'file', value, filename }]);
      return app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie } });
    };
    // Imports: a row outside the create rule, or naming another user's record, is a row error.
    const refusedJson = await upload(
      '/api/business/import',
      JSON.stringify({
        deal: [
          { name: 'ok', amount: 1 },
          { name: 'big', amount: 500 },
        ],
      }),
      'deal.json',
    );
    expect(refusedJson.statusCode, refusedJson.body).toBe(400);
    for (const rows of [
      [
        ['name', 'amount'],
        ['ok', 1],
        ['big', 500],
      ],
      [
        ['id', 'name', 'amount'],
        [ids.b1, 'taken', 1],
      ],
    ]) {
      const sheet = await xlsxBook(rows);
      const refused = await upload('/api/business/deal/import', sheet, 'deal.xlsx');
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.body).not.toContain('b1');
    }
    expect(await snapshot(knex)).toBe(before);
    const fine = await upload(
      '/api/business/deal/import',
      await xlsxBook([
        ['name', 'amount'],
        ['imported', 5],
      ]),
      'deal.xlsx',
    );
    expect(fine.statusCode, fine.body).toBe(201);
    expect(Number((await knex('deal').where('name', 'imported').first()).ownerId)).toBe(aliceId);
    const after = await snapshot(knex);
    // History: another user's record shows nothing (404), one's own is shown.
    expect((await alice.get(`/api/business/deal/${ids.b1}/history`)).statusCode).toBe(404);
    expect((await alice.get(`/api/business/deal/${ids.b1}/history/count`)).statusCode).toBe(404);
    expect((await alice.get(`/api/business/deal/${ids.a1}/history`)).statusCode).toBe(200);
    expect((await alice.get(`/api/business/deal/${ids.a1}/history/count`)).json()).toBeGreaterThan(0);
    // Who last changed each record of a page: another user's record is left out, as one without history.
    const latest = await alice.get(`/api/business/deal/history/latest?id=${ids.b1}&id=${ids.a1}`);
    expect(latest.statusCode, latest.body).toBe(200);
    expect((latest.json() as { key: string }[]).map((change) => change.key)).toEqual([String(ids.a1)]);
    expect(await snapshot(knex)).toBe(after);
  });

  it('restores revisions and deleted records only inside the rules, and lists only the deleted records the read rule lets through', async () => {
    const { knex, admin, alice, carol, ids } = await setup();
    const revisions = async (id: number | undefined) =>
      ((await admin.get(`/api/business/deal/${id}/history`)).json() as { id: number; action: string }[]).map(
        (revision) => revision.id,
      );
    // Alice edits her own a1; the administrator edits Bob's b1 and takes a1 past Alice's update rule and back.
    expect((await alice.patch(`/api/business/deal/${ids.a1}`, { amount: 40 })).statusCode).toBe(200);
    expect((await admin.patch(`/api/business/deal/${ids.b1}`, { amount: 16 })).statusCode).toBe(200);
    expect((await admin.patch(`/api/business/deal/${ids.a1}`, { amount: 500 })).statusCode).toBe(200);
    expect((await admin.patch(`/api/business/deal/${ids.a1}`, { amount: 45 })).statusCode).toBe(200);
    // Newest first: the administrator's 45 and 500, Alice's 40, the creation.
    const [, adminAt500, , aliceCreate] = await revisions(ids.a1);
    const [bobsCreate] = (await revisions(ids.b1)).slice(-1);
    const before = await snapshot(knex);
    // Another user's record: not found, as everywhere else; not even whether a column differs
    // (the name is as it was: nothing to set back) shows.
    for (const columns of [undefined, ['name']]) {
      const refused = await alice.post(
        `/api/business/deal/${ids.b1}/history/${bobsCreate}/restore`,
        columns ? { columns } : {},
      );
      expect(refused.statusCode, refused.body).toBe(404);
    }
    // Her own record, to a state outside her update rule (amount 500): refused, nothing written.
    const leaving = await alice.post(`/api/business/deal/${ids.a1}/history/${adminAt500}/restore`, {});
    expect(leaving.statusCode, leaving.body).toBe(403);
    expect(await snapshot(knex)).toBe(before);
    // Inside the rules: restored.
    const restored = await alice.post(`/api/business/deal/${ids.a1}/history/${aliceCreate}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(Number((await knex('deal').where('id', ids.a1).first()).amount)).toBe(10);

    // Hard deletes by the administrator: Alice's a2 and Bob's b2.
    expect((await admin.delete('/api/business/deal', [ids.a2, ids.b2])).statusCode).toBe(204);
    const deleted = await alice.get('/api/business/deal/deleted');
    expect(deleted.statusCode, deleted.body).toBe(200);
    const listed = deleted.json() as { revisionId: number; key: string; values: { name?: string } }[];
    expect(listed.map((record) => record.values.name)).toEqual(['a2']);
    expect((await alice.get('/api/business/deal/deleted/count')).json()).toBe(1);
    // Carol's second role reads every deal: she sees both.
    expect((await carol.get('/api/business/deal/deleted/count')).json()).toBe(2);
    const all = (await admin.get('/api/business/deal/deleted')).json() as {
      revisionId: number;
      key: string;
    }[];
    const bobsDeletion = all.find((record) => record.key === String(ids.b2));
    expect(bobsDeletion).toBeDefined();
    const afterDeletes = await snapshot(knex);
    const notHers = await alice.post(`/api/business/deal/deleted/${bobsDeletion?.revisionId}/restore`, {});
    expect(notHers.statusCode, notHers.body).toBe(404);
    // Nor through the record's own history.
    const viaHistory = await alice.post(
      `/api/business/deal/${ids.b2}/history/${bobsDeletion?.revisionId}/restore`,
      {},
    );
    expect(viaHistory.statusCode, viaHistory.body).toBe(404);
    expect(await snapshot(knex)).toBe(afterDeletes);
    const hers = await alice.post(`/api/business/deal/deleted/${listed[0]?.revisionId}/restore`, {});
    expect(hers.statusCode, hers.body).toBe(200);
    expect((await knex('deal').where('id', ids.a2).first())?.name).toBe('a2');
    expect((await alice.get('/api/business/deal/deleted/count')).json()).toBe(0);
  });

  it('lets a second role without a rule on the table see every row (rules OR together)', async () => {
    const { carol } = await setup();
    expect(names(await carol.get('/api/business/deal'))).toEqual(['a1', 'a2', 'a3', 'b1', 'b2']);
    expect((await carol.get('/api/business/deal/count')).json()).toBe(5);
  });

  it('applies a changed rule at once, and refuses bad rules with 400 writing nothing', async () => {
    const { knex, admin, alice, dealRule } = await setup();
    const changed = await admin.patch(`/api/business/tablePermission/${dealRule}`, {
      rowRules: JSON.stringify({ read: { columnName: 'name', operatorType: 'IN', values: ['a1', 'b1'] } }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(names(await alice.get('/api/business/deal'))).toEqual(['a1', 'b1']);
    // `$now` against a DATETIME column: records created up to now pass, none is created after now.
    for (const [operatorType, expected] of [
      ['LE', ['a1', 'a2', 'a3', 'b1', 'b2']],
      ['GT', []],
    ] as const) {
      const timed = await admin.patch(`/api/business/tablePermission/${dealRule}`, {
        rowRules: JSON.stringify({ read: { columnName: 'createdDate', operatorType, values: ['$now'] } }),
      });
      expect(timed.statusCode, timed.body).toBe(200);
      expect(names(await alice.get('/api/business/deal')), operatorType).toEqual(expected);
    }
    const before = JSON.stringify(await knex(SYSTEM.tablePermission).select('*').orderBy('id'));
    for (const [rowRules, fragment] of [
      ['{not json', 'JSON'],
      [JSON.stringify({ view: OWN }), 'view'],
      [JSON.stringify({ read: { columnName: 'nope', operatorType: 'EQ', values: [1] } }), 'nope'],
      [
        JSON.stringify({ read: { columnName: 'ownerId', operatorType: 'EQ', values: ['$user.region'] } }),
        '$user.region',
      ],
      [JSON.stringify({ read: { columnName: 'name', operatorType: 'EQ', values: ['$user.roles'] } }), 'IN'],
    ] as const) {
      const refused = await admin.patch(`/api/business/tablePermission/${dealRule}`, { rowRules });
      expect(refused.statusCode, rowRules).toBe(400);
      expect(refused.body, rowRules).toContain(fragment);
    }
    expect(JSON.stringify(await knex(SYSTEM.tablePermission).select('*').orderBy('id'))).toBe(before);
  });

  it('covers every route of the business API that names one record', async () => {
    const { app } = await setup();
    const recordRoutes = [...new Set(routeTable(app))]
      .filter((route) => {
        const url = route.split(' ')[1] ?? '';
        if (!url.startsWith('/api/business/:table/')) return false;
        return url
          .slice('/api/business/:table/'.length)
          .split('/')
          .some((piece) => piece.startsWith(':'));
      })
      .filter((route) => !route.startsWith('HEAD '))
      .sort();
    expect(recordRoutes).toEqual(Object.keys(RECORD_ROUTES).sort());
  });
});
