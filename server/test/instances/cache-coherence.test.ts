import knex from 'knex';
import { expect, it } from 'vitest';
import type { App } from '../../src/app';
import { SYSTEM } from '../../src/db/table-names';
import { apiClient, createTableViaApi, SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { buildTwoInstances, timeUntil } from '../helpers/two-instances';
import { createUser } from '../helpers/users';

/** What another server must see of a change, at the latest. */
const WITHIN_MS = 1000;

const signedIn = async (app: App, username: string, password: string) => {
  const { response, cookie } = await login(app, username, password);
  expect(response.statusCode, response.body).toBe(200);
  return apiClient(app, cookie);
};

describeEachDatabase(
  'two servers on one database see each other’s changes within 1 s ($name)',
  (db) => {
    const apps = useTestApps(db);
    let tables = 0;

    const setup = async () => {
      const { a, b } = await buildTwoInstances(apps);
      const adminA = await signedIn(a, 'superadmin', 'Test-admin-Pass-1');
      tables += 1;
      const table = `gadget${tables}`;
      await createTableViaApi(adminA, { name: table, caption: '器具', columns: SYSTEM_COLUMNS });
      expect((await adminA.post(`/api/business/${table}`, { name: 'first' })).statusCode).toBe(201);
      const username = `reader${tables}`;
      const userId = await createUser(a, {
        username,
        password: 'Reader-pass-1',
        roles: { [`ROLE_READER${tables}`]: `business:${table}:read` },
      });
      return { a, b, adminA, table, username, userId };
    };

    it('a role taken away on A is refused on B (403) within 1 s', async () => {
      const { a, b, adminA, table, username, userId } = await setup();
      const readerB = await signedIn(b, username, 'Reader-pass-1');
      // Twice: the principal and the table are now answered from B's memory.
      for (let i = 0; i < 2; i += 1)
        expect((await readerB.get(`/api/business/${table}`)).statusCode).toBe(200);

      const [link] = await a.dataSources.primary.knex(SYSTEM.userRole).where('userId', userId);
      expect((await adminA.delete(`/api/business/userRole/${link.id}`)).statusCode).toBe(204);
      const seen = await timeUntil(
        () => readerB.get(`/api/business/${table}`),
        (response) => response.statusCode === 403,
      );
      expect(seen.last.statusCode, seen.last.body).toBe(403);
      expect(seen.ms).toBeLessThan(WITHIN_MS);
    });

    it('a permission taken from a role on A is refused on B within 1 s', async () => {
      const { a, b, adminA, table, username } = await setup();
      const readerB = await signedIn(b, username, 'Reader-pass-1');
      for (let i = 0; i < 2; i += 1)
        expect((await readerB.get(`/api/business/${table}`)).statusCode).toBe(200);

      const role = await a.dataSources.primary
        .knex(SYSTEM.role)
        .where('code', `ROLE_READER${tables}`)
        .first();
      const changed = await adminA.patch(`/api/business/role/${role.id}`, { permissions: '' });
      expect(changed.statusCode, changed.body).toBe(200);
      const seen = await timeUntil(
        () => readerB.get(`/api/business/${table}`),
        (response) => response.statusCode === 403,
      );
      expect(seen.last.statusCode, seen.last.body).toBe(403);
      expect(seen.ms).toBeLessThan(WITHIN_MS);
    });

    it('a permission taken away in the database by hand (no server involved) is refused on B within 1 s', async () => {
      const { b, table, username } = await setup();
      const readerB = await signedIn(b, username, 'Reader-pass-1');
      for (let i = 0; i < 2; i += 1)
        expect((await readerB.get(`/api/business/${table}`)).statusCode).toBe(200);

      const primary = apps.config().dataSources[0];
      if (!primary) throw new Error('no primary data source');
      const outside = knex({
        client: db.name === 'pg' ? 'pg' : 'mysql2',
        connection: primary.connection,
        pool: { min: 0, max: 1 },
      });
      try {
        await outside(SYSTEM.role).where('code', `ROLE_READER${tables}`).update({ permissions: '' });
      } finally {
        await outside.destroy();
      }
      const seen = await timeUntil(
        () => readerB.get(`/api/business/${table}`),
        (response) => response.statusCode === 403,
      );
      expect(seen.last.statusCode, seen.last.body).toBe(403);
      expect(seen.ms).toBeLessThan(WITHIN_MS);
    });

    it('a session ended on A (logout) is refused on B (401) within 1 s', async () => {
      const { a, b, username } = await setup();
      const { cookie } = await login(a, username, 'Reader-pass-1');
      const onB = apiClient(b, cookie);
      for (let i = 0; i < 2; i += 1) expect((await onB.get('/api/users/me')).statusCode).toBe(200);

      await a.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie } });
      const seen = await timeUntil(
        () => onB.get('/api/users/me'),
        (response) => response.statusCode === 401,
      );
      expect(seen.last.statusCode, seen.last.body).toBe(401);
      expect(seen.ms).toBeLessThan(WITHIN_MS);
    });

    it('a row rule set on A narrows the list on B within 1 s, and its removal widens it again', async () => {
      const { a, b, adminA, table, username } = await setup();
      // A second record, owned by the super admin: the reader's rule `ownerId = $user.id` keeps both out.
      expect((await adminA.post(`/api/business/${table}`, { name: 'second' })).statusCode).toBe(201);
      const readerB = await signedIn(b, username, 'Reader-pass-1');
      const names = async () =>
        ((await readerB.get(`/api/business/${table}?orderby=id`)).json() as { name: string }[]).map(
          (record) => record.name,
        );
      for (let i = 0; i < 2; i += 1) expect(await names()).toEqual(['first', 'second']);

      const stored = (await adminA.get(`/api/metadata/tables/name/${table}`)).json() as { id: number };
      const role = await a.dataSources.primary
        .knex(SYSTEM.role)
        .where('code', `ROLE_READER${tables}`)
        .first();
      const created = await adminA.post('/api/business/tablePermission', {
        tableId: stored.id,
        roleId: role.id,
        permissions: `business:${table}:read`,
        rowRules: JSON.stringify({
          read: { columnName: 'ownerId', operatorType: 'EQ', values: ['$user.id'] },
        }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const narrowed = await timeUntil(
        () => readerB.get(`/api/business/${table}/count`),
        (response) => response.statusCode === 200 && response.json() === 0,
      );
      expect(narrowed.last.json()).toBe(0);
      expect(narrowed.ms).toBeLessThan(WITHIN_MS);
      expect(await names()).toEqual([]);

      const removed = await adminA.patch(`/api/business/tablePermission/${created.json()}`, {
        rowRules: null,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      const widened = await timeUntil(
        () => readerB.get(`/api/business/${table}/count`),
        (response) => response.statusCode === 200 && response.json() === 2,
      );
      expect(widened.last.json()).toBe(2);
      expect(widened.ms).toBeLessThan(WITHIN_MS);
    });

    it('a table created on A is listed by B, and a column added on A is served by B, within 1 s', async () => {
      const { b, adminA, table } = await setup();
      const adminB = await signedIn(b, 'superadmin', 'Test-admin-Pass-1');
      const fresh = `${table}_new`;
      await createTableViaApi(adminA, { name: fresh, caption: '新表', columns: SYSTEM_COLUMNS });
      const listed = await timeUntil(
        () => adminB.get('/api/metadata/tables?limit=100'),
        (response) => response.json().some((t: { name: string }) => t.name === fresh),
      );
      expect(listed.ms).toBeLessThan(WITHIN_MS);
      expect((await adminB.get(`/api/business/${fresh}`)).statusCode).toBe(200);

      // B reads the table (and keeps its metadata in memory), then A adds a column.
      for (let i = 0; i < 2; i += 1)
        expect((await adminB.get(`/api/business/${table}`)).statusCode).toBe(200);
      const stored = (await adminA.get(`/api/metadata/tables/name/${table}`)).json();
      const added = await adminA.patch(`/api/metadata/tables/${stored.id}`, {
        columns: [...stored.columns, { name: 'color', caption: '颜色', dataType: 'VARCHAR', length: 20 }],
      });
      expect(added.statusCode, added.body).toBe(200);
      const served = await timeUntil(
        () => adminB.get(`/api/business/${table}?select=name,color`),
        (response) => response.statusCode === 200,
      );
      expect(served.last.statusCode, served.last.body).toBe(200);
      expect(served.ms).toBeLessThan(WITHIN_MS);
      expect(served.last.json()).toEqual([expect.objectContaining({ name: 'first', color: null })]);
    });
  },
  (db) => db.name !== 'sqlite',
);
