import { expect, it } from 'vitest';
import { createTable } from '../../helpers/business-tables';
import { bareApp } from '../../helpers/clean-admin';
import { apiClient, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { OWN, userWithRowRules } from '../../helpers/owner-rule';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const PASSWORD = 'User-pass-1';
const ROWS = 420;

/**
 * Pages deep in a filtered list (past 100 rows) are read on MySQL / MariaDB as their keys first,
 * then those rows (a deferred join, list-items.ts): the same rows in the same order as the plain
 * query, under a row rule, a column filter and the live-rows flag, in both key orders, and not
 * for other orders or shallow pages. On the other engines the plain query answers the same.
 */
describeEachDatabase('deep pages of a filtered list ($name)', (db) => {
  const apps = useTestApps(db);

  it('answers every page as the plain query does, deferring only filtered deep pages in key order', async () => {
    const { app, knex } = await bareApp(apps);
    const admin = apiClient(app, (await login(app)).cookie);
    const table = await createTable(admin, { name: 'ticket', columns: SYSTEM_COLUMNS });
    const { id: aliceId, api: alice } = await userWithRowRules(app, admin, table, {
      username: 'alice',
      password: PASSWORD,
      permissions: 'business:ticket:read',
      rowRules: { read: OWN },
    });
    const stamp = '2024-01-01 00:00:00';
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      name: `t${String((i * 37) % ROWS).padStart(3, '0')}`,
      ownerId: i % 3 === 0 ? aliceId : 900 + (i % 5),
      isDeleted: i % 7 === 0,
      createdDate: stamp,
    }));
    for (let first = 0; first < rows.length; first += 100)
      await knex('ticket').insert(rows.slice(first, first + 100));
    const statements: string[] = [];
    knex.on('query', (query: { sql: string }) => statements.push(query.sql));

    /** The ids of a page through the API, and whether its statement was a deferred join. */
    const pageOf = async (api: typeof admin, query: string) => {
      statements.length = 0;
      const response = await api.get(`/api/business/ticket?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const ids = (response.json() as { id: number }[]).map((record) => Number(record.id));
      return { ids, deferred: statements.some((sql) => sql.includes('cb_page')) };
    };
    const cases: {
      api: typeof admin;
      query: string;
      plain: () => Promise<number[]>;
      defer: boolean;
    }[] = [];
    const plain =
      (where: (builder: ReturnType<typeof knex>) => void, order: string, direction: 'asc' | 'desc') =>
      (offset: number) =>
      async () => {
        const builder = knex('ticket').select('id');
        where(builder);
        const found = await builder.orderBy(order, direction).offset(offset).limit(10);
        return found.map((row: { id: unknown }) => Number(row.id));
      };
    const ruled = plain((builder) => builder.where('ownerId', aliceId), 'id', 'desc');
    const ruledAsc = plain((builder) => builder.where('ownerId', aliceId), 'id', 'asc');
    const ruledLive = plain(
      (builder) => builder.where('ownerId', aliceId).where('isDeleted', false),
      'id',
      'desc',
    );
    const ruledByName = plain((builder) => builder.where('ownerId', aliceId), 'name', 'asc');
    const filtered = plain((builder) => builder.where('ownerId', 901), 'id', 'desc');
    const all = plain(() => undefined, 'id', 'desc');
    const deferring = db.name === 'mysql';
    for (const offset of [0, 99, 100, 101, 130, 135, 139, 140]) {
      const deep = offset >= 100;
      cases.push(
        { api: alice, query: `offset=${offset}&limit=10`, plain: ruled(offset), defer: deep },
        {
          api: alice,
          query: `offset=${offset}&limit=10&orderby=id%20ASC`,
          plain: ruledAsc(offset),
          defer: deep,
        },
        {
          api: alice,
          query: `offset=${offset}&limit=10&isDeleted=false`,
          plain: ruledLive(offset),
          defer: deep,
        },
        {
          api: alice,
          query: `offset=${offset}&limit=10&orderby=name`,
          plain: ruledByName(offset),
          defer: false,
        },
      );
    }
    for (const offset of [0, 60, 80, 100, 130]) {
      const query = `offset=${offset}&limit=10&ownerId=901`;
      cases.push({ api: admin, query, plain: filtered(offset), defer: offset >= 100 });
    }
    // No condition: the rows are read in key order anyway.
    for (const offset of [100, 400, 415])
      cases.push({ api: admin, query: `offset=${offset}&limit=10`, plain: all(offset), defer: false });
    for (const { api, query, plain: expected, defer } of cases) {
      const page = await pageOf(api, query);
      expect(page.ids, query).toEqual(await expected());
      expect(page.deferred, query).toBe(deferring && defer);
    }
  });
});
