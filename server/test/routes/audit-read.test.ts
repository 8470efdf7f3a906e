import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import type { AuditEntry } from '../../../contract/audit';
import type { App } from '../../src/app';
import { SHARED_STATE } from '../../src/db/table-names';
import { auditRow } from '../../src/services/audit/audit-row';
import { sqlDialect } from '../../src/dialects/sql/sql-dialects';
import { AUDIT_PRUNE_LOCK, pruneAuditOnce, pruneBefore } from '../../src/services/audit/prune-audit';
import { apiClient, type ApiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase, itOn } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

const DAY = 86_400_000;
const NOBODY = { userId: null, userName: null, requestId: null, address: null, userAgent: null };

let counter = 0;
/** A name no other test (nor a retry) of this file's database has used. */
const unique = (prefix: string) => `${prefix}${String(++counter)}${Math.random().toString(36).slice(2, 6)}`;

/** Entries written straight into the table: `who` at `at`, one per action given. */
const seed = async (
  knex: Knex,
  rows: { action: AuditEntry['action']; at: number; user?: [number, string]; table?: string }[],
) => {
  for (const row of rows) {
    await knex(SHARED_STATE.audit).insert(
      auditRow(
        { ...NOBODY, ...(row.user ? { userId: row.user[0], userName: row.user[1] } : {}) },
        { action: row.action, table: row.table ?? null, detail: { seeded: true } },
        row.at,
      ),
    );
  }
};

const countRows = async (knex: Knex) =>
  Number(((await knex(SHARED_STATE.audit).count({ n: '*' }).first()) as { n: number | string }).n);

/** A signed-in user holding `permissions` (a role of its own), or the admin. */
const userWith = async (app: App, permissions: string | null): Promise<ApiClient> => {
  if (permissions === null) return apiClient(app, (await login(app)).cookie);
  const username = unique('auditor');
  await createUser(app, { username, password: 'Auditor-pass-1', roles: { [unique('ROLE_A')]: permissions } });
  return apiClient(app, (await login(app, username, 'Auditor-pass-1')).cookie);
};

const filterOf = (condition: unknown) => `filter=${encodeURIComponent(JSON.stringify(condition))}`;

describeEachDatabase('audit log: reading, filters, export, no writes, retention ($name)', (db) => {
  const apps = useTestApps(db);

  it('is refused (403) without audit:read, and the refusal is itself recorded', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    const reader = await userWith(app, 'business:*:read,metadata:*,sql:execute');
    await knex(SHARED_STATE.audit).delete();
    for (const url of ['/api/audit', '/api/audit/count']) {
      const refused = await reader.get(url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await reader.post('/api/audit/export', undefined)).statusCode).toBe(403);
    const refusals = (await knex(SHARED_STATE.audit).select('action', 'detail')) as {
      action: string;
      detail: string;
    }[];
    expect(refusals.map((row) => row.action)).toEqual(['refused', 'refused', 'refused']);
    expect(JSON.parse(refusals[0]?.detail ?? '{}')).toMatchObject({
      method: 'GET',
      url: '/api/audit',
      permission: 'audit:read',
    });
  });

  it('serves holders of audit:read and the super admin, newest first, paged, counted', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    const auditor = await userWith(app, 'audit:read');
    const admin = await userWith(app, null);
    await knex(SHARED_STATE.audit).delete();
    const now = Date.now();
    await seed(knex, [
      { action: 'signIn', at: now - 3000, user: [7, 'ann'] },
      { action: 'export', at: now - 2000, user: [8, 'bob'], table: 'product' },
      { action: 'sqlExecute', at: now - 1000, user: [7, 'ann'] },
    ]);
    for (const client of [auditor, admin]) {
      const page = await client.get('/api/audit?offset=0&limit=2');
      expect(page.statusCode, page.body).toBe(200);
      const entries = page.json() as AuditEntry[];
      expect(entries.map((entry) => entry.action)).toEqual(['sqlExecute', 'export']);
      expect(entries[1]).toMatchObject({
        id: expect.any(Number) as number,
        time: now - 2000,
        user: { id: 8, name: 'bob' },
        action: 'export',
        dataSource: null,
        table: 'product',
        detail: { seeded: true },
        requestId: null,
        address: null,
        userAgent: null,
      });
      expect(
        ((await client.get('/api/audit?offset=2&limit=2')).json() as AuditEntry[]).map((e) => e.action),
      ).toEqual(['signIn']);
      expect((await client.get('/api/audit/count')).json()).toBe(3);
    }
  });

  it('filters by user, action, table and time range; bad filters are a 400 in Chinese and English', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    const auditor = await userWith(app, 'audit:read');
    await knex(SHARED_STATE.audit).delete();
    const now = Date.now();
    await seed(knex, [
      { action: 'signIn', at: now - 3 * DAY, user: [7, 'ann'] },
      { action: 'export', at: now - 2 * DAY, user: [8, 'bob'], table: 'product' },
      { action: 'export', at: now - DAY, user: [7, 'ann'], table: 'order' },
      { action: 'import', at: now, user: [7, 'ann'], table: 'product' },
    ]);
    const actionsOf = async (condition: unknown) => {
      const response = await auditor.get(`/api/audit?${filterOf(condition)}`);
      expect(response.statusCode, response.body).toBe(200);
      const count = await auditor.get(`/api/audit/count?${filterOf(condition)}`);
      const entries = response.json() as AuditEntry[];
      expect(count.json()).toBe(entries.length);
      return entries.map((entry) => `${entry.action}:${entry.user.name ?? ''}:${entry.table ?? ''}`);
    };
    expect(await actionsOf({ columnName: 'userId', operatorType: 'EQ', values: [8] })).toEqual([
      'export:bob:product',
    ]);
    expect(await actionsOf({ columnName: 'userName', operatorType: 'LIKE', values: ['AN'] })).toHaveLength(3);
    expect(
      await actionsOf({ columnName: 'action', operatorType: 'IN', values: ['import', 'signIn'] }),
    ).toEqual(['import:ann:product', 'signIn:ann:']);
    expect(await actionsOf({ columnName: 'tableName', operatorType: 'EQ', values: ['product'] })).toEqual([
      'import:ann:product',
      'export:bob:product',
    ]);
    expect(
      await actionsOf({
        conditionType: 'AND',
        conditions: [
          { columnName: 'at', operatorType: 'BETWEEN', values: [now - 2 * DAY - 1, now - DAY + 1] },
          { columnName: 'action', operatorType: 'EQ', values: ['export'] },
        ],
      }),
    ).toEqual(['export:ann:order', 'export:bob:product']);

    // Column filters, as on business lists, AND-ed with `filter`.
    const columns = async (query: string) => {
      const response = await auditor.get(`/api/audit?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      expect((await auditor.get(`/api/audit/count?${query}`)).json()).toBe(
        (response.json() as unknown[]).length,
      );
      return (response.json() as AuditEntry[]).map((entry) => `${entry.action}:${entry.user.name ?? ''}`);
    };
    expect(await columns('action=import,signIn')).toEqual(['import:ann', 'signIn:ann']);
    expect(
      await columns(`at=${encodeURIComponent(`BETWEEN ${now - 2 * DAY - 1},${now - DAY + 1}`)}&userId=7`),
    ).toEqual(['export:ann']);
    expect(
      await columns(
        `userName=ann&${filterOf({ columnName: 'tableName', operatorType: 'EQ', values: ['product'] })}`,
      ),
    ).toEqual(['import:ann']);

    const adminCookie = (await login(app)).cookie;
    const before = await countRows(knex);
    for (const [query, field] of [
      [filterOf({ columnName: 'detail', operatorType: 'LIKE', values: ['x'] }), 'filter'],
      [filterOf({ columnName: 'action', operatorType: 'EQ', values: ['dropEverything'] }), 'filter'],
      ['filter=%7Bnot%20json', 'filter'],
      ['limit=0', 'limit'],
      ['offset=-1', 'offset'],
      ['detail=x', 'detail'],
      ['action=dropEverything', 'action'],
      ['userId=ann', 'userId'],
      [`at=${encodeURIComponent('BETWEEN x,y')}`, 'at'],
    ] as const) {
      const zh = await auditor.get(`/api/audit?${query}`);
      expect(zh.statusCode, `${query}: ${zh.body}`).toBe(400);
      const body = zh.json() as { code: string; errors?: Record<string, string> };
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(body.errors ?? {})).toContain(field);
      const en = await app.inject({
        method: 'GET',
        url: `/api/audit?${query}`,
        headers: { cookie: adminCookie, 'accept-language': 'en' },
      });
      expect(en.statusCode).toBe(400);
      expect((en.json() as { message: string }).message).not.toMatch(/[\u4e00-\u9fff]/);
    }
    const unknownAction = await auditor.get(
      `/api/audit?${filterOf({ columnName: 'action', operatorType: 'EQ', values: ['dropEverything'] })}`,
    );
    expect((unknownAction.json() as { errors: Record<string, string> }).errors.filter).toBe(
      '未知的审计操作：dropEverything',
    );
    const english = await app.inject({
      method: 'GET',
      url: `/api/audit?${filterOf({ columnName: 'action', operatorType: 'EQ', values: ['dropEverything'] })}`,
      headers: { cookie: adminCookie, 'accept-language': 'en' },
    });
    expect((english.json() as { errors: Record<string, string> }).errors.filter).toBe(
      'unknown audit action: dropEverything',
    );
    expect(await countRows(knex)).toBe(before);
  });

  it('exports the filtered log to .xlsx for its holders', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    const auditor = await userWith(app, 'audit:read');
    await knex(SHARED_STATE.audit).delete();
    const now = Date.now();
    await seed(knex, [
      { action: 'signIn', at: now - 2000, user: [7, 'ann-signed-in'] },
      { action: 'export', at: now - 1000, user: [8, 'bob-exported'], table: 'product' },
    ]);
    const exported = await auditor.post(
      `/api/audit/export?${filterOf({ columnName: 'action', operatorType: 'EQ', values: ['export'] })}`,
      undefined,
    );
    expect(exported.statusCode, exported.body).toBe(201);
    expect(exported.body).toMatch(/^\/download\//);
    const file = await auditor.get(exported.body);
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain('.xlsx');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('has no write route: POST, PUT, PATCH, DELETE on /api/audit and the business API change nothing', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    await seed(knex, [{ action: 'signIn', at: Date.now(), user: [1, 'superadmin'] }]);
    const { cookie } = await login(app);
    const [first] = (await knex(SHARED_STATE.audit).select('id').orderBy('id').limit(1)) as { id: number }[];
    const id = String(first?.id ?? 1);
    const before = await knex(SHARED_STATE.audit).select('*').orderBy('id');
    const attempts: [string, string][] = [];
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const url of [
        '/api/audit',
        `/api/audit/${id}`,
        '/api/audit/count',
        '/api/business/cb_audit',
        `/api/business/cb_audit/${id}`,
        '/api/business/audit',
        `/api/business/audit/${id}`,
        '/api/metadata/tables/metadatas/reverse/cb_audit',
      ])
        attempts.push([method, url]);
    }
    for (const [method, url] of attempts) {
      const response = await app.inject({
        method: method as 'POST',
        url,
        headers: { cookie },
        payload: method === 'DELETE' ? [Number(id)] : { action: 'signIn', detail: '{}', at: 0, name: 'x' },
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
    // Nor read as a business table.
    expect(
      (await app.inject({ method: 'GET', url: '/api/business/cb_audit', headers: { cookie } })).statusCode,
    ).toBe(404);
    // Nor changed through the SQL console by someone who is not the super admin.
    const consoleUser = await userWith(app, 'sql:execute');
    const sql = await consoleUser.post('/api/metadata/sqls/execute', {
      sql: 'delete from cb_audit',
      readOnly: false,
    });
    expect(sql.statusCode).toBe(403);
    const after = await knex(SHARED_STATE.audit)
      .select('*')
      .whereIn(
        'id',
        before.map((row: { id: number }) => row.id),
      )
      .orderBy('id');
    expect(after).toEqual(before);
  });

  it("is not changed through the SQL console by the super admin either: the audit log's and the record history's rows stay as they were", async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    await seed(knex, [{ action: 'signIn', at: Date.now(), user: [1, 'superadmin'] }]);
    await knex(SHARED_STATE.revision).insert({
      dataSource: 'primary',
      tableName: 'order',
      recordKey: '1',
      action: 'create',
      at: Date.now(),
      userId: 1,
      userName: 'superadmin',
      channel: 'web',
      requestId: null,
      changes: '[]',
    });
    const admin = await userWith(app, null);
    const snapshot = async () =>
      JSON.stringify([
        await knex(SHARED_STATE.audit).select('*').where('action', '<>', 'sqlExecute').orderBy('id'),
        await knex(SHARED_STATE.revision).select('*').orderBy('id'),
      ]);
    const before = await snapshot();
    const [entry] = (await knex(SHARED_STATE.audit).select('id').orderBy('id').limit(1)) as { id: number }[];
    const id = Number(entry?.id);
    await knex.schema.createTable('cb_test_bait', (table) => {
      table.increments('id');
      table.string('name');
    });
    try {
      const attempts = [
        `delete from ${SHARED_STATE.audit}`,
        `update ${SHARED_STATE.audit} set action = 'signOut' where id = ${id}`,
        `delete from ${SHARED_STATE.revision}`,
        `update ${SHARED_STATE.revision} set changes = '[]'`,
        `insert into ${SHARED_STATE.audit} (action, at, detail) values ('signIn', 0, '{}')`,
        // replacing a row deletes it
        `replace into ${SHARED_STATE.audit} (id, action, at, detail) values (${id}, 'signOut', 0, '{}')`,
        `drop table ${SHARED_STATE.revision}`,
        `alter table ${SHARED_STATE.audit} rename to cb_audit_gone`,
        // a trigger of another table that would clear the log later, on crudboard's own connection
        db.name === 'pg'
          ? `create rule cb_test_erase as on insert to cb_test_bait do also delete from ${SHARED_STATE.audit}`
          : `create trigger cb_test_erase after insert on cb_test_bait for each row ${
              db.name === 'sqlite'
                ? `begin delete from "${SHARED_STATE.audit.toUpperCase()}"; end`
                : `delete from ${SHARED_STATE.audit}`
            }`,
      ];
      for (const sql of attempts) {
        const response = await admin.post('/api/metadata/sqls/execute', { sql, readOnly: false });
        expect(response.statusCode, `${sql}: ${response.body}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, sql).toBeLessThan(500);
      }
      await knex('cb_test_bait').insert({ name: 'bait' });
      expect(await snapshot()).toBe(before);
    } finally {
      await knex.schema.dropTableIfExists('cb_test_bait');
    }
  });

  it('prunes entries older than the retention in batches, keeps newer ones, and keeps all with 0 days', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    await knex(SHARED_STATE.audit).delete();
    const now = Date.now();
    const old = Array.from({ length: 25 }, (_, index) => ({
      action: 'signIn' as const,
      at: now - 400 * DAY + index,
    }));
    await seed(knex, [...old, { action: 'signOut', at: now - 10 * DAY }, { action: 'export', at: now }]);
    expect(pruneBefore(now, 0)).toBeNull();
    const before = pruneBefore(now, 365);
    expect(before).toBe(now - 365 * DAY);
    const removed = await pruneAuditOnce(knex, before ?? 0, 10);
    expect(removed).toBe(25);
    const left = (await knex(SHARED_STATE.audit).select('action').orderBy('id')) as { action: string }[];
    expect(left.map((row) => row.action)).toEqual(['signOut', 'export']);
    expect(await pruneAuditOnce(knex, before ?? 0, 10)).toBe(0);
  });

  // SQLite has one server per database file: no other server to wait for.
  itOn(
    db,
    'pg',
    'mysql',
  )('skips a pruning round while another server holds the lock', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    const dialect = sqlDialect(app.dataSources.primary.client);
    await knex(SHARED_STATE.audit).delete();
    await seed(knex, [{ action: 'signIn', at: Date.now() - 400 * DAY }]);
    const before = Date.now() - 365 * DAY;
    await dialect.withDatabaseLock(knex, AUDIT_PRUNE_LOCK, async () => {
      expect(await pruneAuditOnce(knex, before)).toBeUndefined();
    });
    expect(await countRows(knex)).toBe(1);
    expect(await pruneAuditOnce(knex, before)).toBe(1);
  });
});
