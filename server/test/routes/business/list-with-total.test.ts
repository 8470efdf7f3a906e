import { expect, it } from 'vitest';
import { DEFAULT_QUERY_LIMITS } from '../../../src/config';
import { createTable } from '../../helpers/business-tables';
import { bareApp } from '../../helpers/clean-admin';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { OWN, userWithRowRules } from '../../helpers/owner-rule';

const PASSWORD = 'User-pass-1';
const CITIES = ['上海', '北京', '广州'];
const q = (value: string) => encodeURIComponent(value);

/**
 * `GET /api/business/{table}?withTotal=true` answers the page and its total in one request: the
 * same rows as the bare list, and the number `/count` answers for the same filters, whether the
 * total comes from a short page or from a count.
 */
describeEachDatabase('a list with its total ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async (countExactLimit?: number) => {
    const { app, knex } = await bareApp(apps);
    const bounded =
      countExactLimit === undefined
        ? app
        : await apps.build({}, apps.config({ queries: { ...DEFAULT_QUERY_LIMITS, countExactLimit } }));
    const admin = apiClient(app, (await login(app)).cookie);
    const table = await createTable(admin, {
      name: 'parcel',
      columns: [
        ...SYSTEM_COLUMNS,
        { name: 'city', dataType: 'VARCHAR', length: 20, queryable: true, displayable: true },
      ],
    });
    for (let i = 0; i < 23; i += 1) {
      const created = await admin.post('/api/business/parcel', {
        name: `包裹 ${i + 1}`,
        city: CITIES[i % CITIES.length],
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    return { app, knex, admin, table, bounded: apiClient(bounded, (await login(bounded)).cookie) };
  };

  /** The list with its total against the bare list and /count of the same query. */
  const expectSame = async (api: ApiClient, query: string) => {
    const [withTotal, page, count] = await Promise.all([
      api.get(`/api/business/parcel?withTotal=true&${query}`),
      api.get(`/api/business/parcel?${query}`),
      api.get(`/api/business/parcel/count?${query}`),
    ]);
    expect(withTotal.statusCode, withTotal.body).toBe(200);
    expect(withTotal.json(), query).toEqual({ data: page.json(), total: count.json(), totalExact: true });
    return withTotal.json() as { data: { id: number }[]; total: number };
  };

  it('answers the page and the total /count gives, for full, short, empty and filtered pages', async () => {
    const { admin } = await setup();
    expect((await expectSame(admin, 'offset=0&limit=10')).total).toBe(23);
    expect((await expectSame(admin, 'offset=20&limit=10')).data).toHaveLength(3);
    expect((await expectSame(admin, 'offset=40&limit=10')).data).toHaveLength(0);
    expect((await expectSame(admin, `city=${q('上海')}&offset=0&limit=5`)).total).toBe(8);
    // two terms, both in each match: 包裹 2, 12, 20, 21, 22, 23
    expect((await expectSame(admin, `search=${q('包裹 2')}&limit=5`)).total).toBe(6);
    expect((await expectSame(admin, 'isDeleted=false&orderby=name&limit=10')).total).toBe(23);
    // without the flag, or with it false: the bare page, as crudapi clients expect
    for (const flag of ['', '&withTotal=false']) {
      const bare = await admin.get(`/api/business/parcel?limit=2${flag}`);
      expect(Array.isArray(bare.json()), flag).toBe(true);
    }
  });

  it('counts only the rows a row rule lets the user read', async () => {
    const { app, knex, admin, table } = await setup();
    const { id: aliceId, api: alice } = await userWithRowRules(app, admin, table, {
      username: 'alice',
      password: PASSWORD,
      permissions: 'business:parcel:read',
      rowRules: { read: OWN },
    });
    const owned = (await knex('parcel').select('id').orderBy('id').limit(12)).map((row) => Number(row.id));
    await knex('parcel').whereIn('id', owned).update({ ownerId: aliceId });
    const first = await expectSame(alice, 'limit=10');
    expect(first.total).toBe(12);
    expect(first.data.every((row) => owned.includes(Number(row.id)))).toBe(true);
    expect((await expectSame(alice, 'offset=10&limit=10')).total).toBe(12);
  });

  it('counts a keyword’s or a filter’s matches up to the bound, and all of them when asked', async () => {
    const { bounded } = await setup(5);
    const list = async (query: string) => {
      const response = await bounded.get(`/api/business/parcel?withTotal=true&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const { data, total, totalExact } = response.json() as {
        data: unknown[];
        total: number;
        totalExact: boolean;
      };
      return { rows: data.length, total, totalExact };
    };
    // 8 in 上海, 23 in all: past the bound of 5, a lower bound
    expect(await list(`city=${q('上海')}&limit=2`)).toEqual({ rows: 2, total: 5, totalExact: false });
    // SQLite counts a keyword's matches in its search table, exactly and cheaply, at any size
    const keyword = db.name === 'sqlite' ? { total: 23, totalExact: true } : { total: 5, totalExact: false };
    expect(await list(`search=${q('包裹')}&limit=2`)).toEqual({ rows: 2, ...keyword });
    // a page past the bound shows there are at least its rows
    expect(await list(`city=${q('上海')}&offset=5&limit=2`)).toEqual({
      rows: 2,
      total: 7,
      totalExact: false,
    });
    // asked exactly, or kept by the server (no filter, or only the live rows), or a short page: exact
    expect(await list(`city=${q('上海')}&limit=2&exactTotal=true`)).toEqual({
      rows: 2,
      total: 8,
      totalExact: true,
    });
    expect(await list('limit=2')).toEqual({ rows: 2, total: 23, totalExact: true });
    expect(await list('isDeleted=false&limit=2')).toEqual({ rows: 2, total: 23, totalExact: true });
    expect(await list(`city=${q('上海')}&limit=10`)).toEqual({ rows: 8, total: 8, totalExact: true });
    // within the bound: exact (包裹 11, 14 and 17 are in 北京)
    expect(await list(`name=${q('LIKE 包裹 1')}&city=${q('北京')}&limit=2`)).toEqual({
      rows: 2,
      total: 3,
      totalExact: true,
    });
    // /count stays the exact number crudapi clients expect
    expect((await bounded.get(`/api/business/parcel/count?city=${q('上海')}`)).json()).toBe(8);
  });

  it('refuses a withTotal that is no boolean, with the parameter named, and is no column filter', async () => {
    const { admin } = await setup();
    const refused = await admin.get('/api/business/parcel?withTotal=maybe');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('withTotal');
    // on /count the flag means nothing and filters nothing
    expect((await admin.get('/api/business/parcel/count?withTotal=true')).json()).toBe(23);
  });
});
