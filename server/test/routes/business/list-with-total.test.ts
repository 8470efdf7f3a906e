import { expect, it } from 'vitest';
import { SYSTEM } from '../../../src/db/table-names';
import { createTable } from '../../helpers/business-tables';
import { bareApp } from '../../helpers/clean-admin';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser } from '../../helpers/users';

const PASSWORD = 'User-pass-1';
const OWN = { columnName: 'ownerId', operatorType: 'EQ', values: ['$user.id'] };
const CITIES = ['上海', '北京', '广州'];
const q = (value: string) => encodeURIComponent(value);

/**
 * `GET /api/business/{table}?withTotal=true` answers the page and its total in one request: the
 * same rows as the bare list, and the number `/count` answers for the same filters, whether the
 * total comes from a short page or from a count.
 */
describeEachDatabase('a list with its total ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const { app, knex } = await bareApp(apps);
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
    return { app, knex, admin, table };
  };

  /** The list with its total against the bare list and /count of the same query. */
  const expectSame = async (api: ApiClient, query: string) => {
    const [withTotal, page, count] = await Promise.all([
      api.get(`/api/business/parcel?withTotal=true&${query}`),
      api.get(`/api/business/parcel?${query}`),
      api.get(`/api/business/parcel/count?${query}`),
    ]);
    expect(withTotal.statusCode, withTotal.body).toBe(200);
    expect(withTotal.json(), query).toEqual({ data: page.json(), total: count.json() });
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
    const aliceId = await createUser(app, {
      username: 'alice',
      password: PASSWORD,
      roles: { ROLE_SALES: 'business:parcel:read' },
    });
    const role = await knex(SYSTEM.role).where('code', 'ROLE_SALES').first();
    const granted = await admin.post('/api/business/tablePermission', {
      tableId: table.id,
      roleId: Number(role.id),
      permissions: 'business:parcel:read',
      rowRules: JSON.stringify({ read: OWN }),
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const owned = (await knex('parcel').select('id').orderBy('id').limit(12)).map((row) => Number(row.id));
    await knex('parcel').whereIn('id', owned).update({ ownerId: aliceId });
    const alice = apiClient(app, (await login(app, 'alice', PASSWORD)).cookie);
    const first = await expectSame(alice, 'limit=10');
    expect(first.total).toBe(12);
    expect(first.data.every((row) => owned.includes(Number(row.id)))).toBe(true);
    expect((await expectSame(alice, 'offset=10&limit=10')).total).toBe(12);
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
