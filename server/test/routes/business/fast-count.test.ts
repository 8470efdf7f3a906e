import { expect, it } from 'vitest';
import { metadata003PgRowCounts } from '../../../src/db/migrations/metadata-003-pg-row-counts';
import { pgRowCountTriggers } from '../../../src/dialects/row-count/pg-row-count';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../../helpers/metadata-api';
import { createTable } from '../../helpers/business-tables';
import { clearTables } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const NAMES = [
  '杭州市物流',
  '杭州市西湖',
  'urgent 物流',
  'Urgent parcel',
  '上海市',
  'urgent 杭州市',
  'plain',
];

const count = async (api: ApiClient, params: string): Promise<number> => {
  const response = await api.get(`/api/business/parcel/count?${params}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const listed = async (api: ApiClient, params: string): Promise<number> => {
  const response = await api.get(`/api/business/parcel?limit=100&${params}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().length;
};

describeEachDatabase('counts answered without a scan ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    const api = apiClient(app, cookie);
    // The full-text body gathers the queryable text columns.
    const columns = SYSTEM_COLUMNS.map((column) =>
      column.name === 'name' ? { ...column, queryable: true } : column,
    );
    await createTable(api, { name: 'parcel', columns });
    for (const name of NAMES) expect((await api.post('/api/business/parcel', { name })).statusCode).toBe(201);
    // Two deleted, one with no flag at all (a row written by another program).
    await knex('parcel').whereIn('name', ['杭州市西湖', 'Urgent parcel']).update({ isDeleted: true });
    await knex('parcel').where('name', 'plain').update({ isDeleted: null });
    const statements: string[] = [];
    knex.on('query', (query: { sql: string }) => statements.push(query.sql));
    return { api, statements };
  };

  it('counts isDeleted=false as all rows minus the flagged and the unflagged ones', async () => {
    const { api, statements } = await setup();
    expect(await count(api, 'isDeleted=false')).toBe(4);
    expect(await listed(api, 'isDeleted=false')).toBe(4);
    expect(statements.some((sql) => /\) - \(/.test(sql))).toBe(true);
    // Any other condition beside it takes the ordinary count.
    expect(await count(api, `isDeleted=false&name=${encodeURIComponent('上海市')}`)).toBe(1);
    expect(await count(api, 'isDeleted=true')).toBe(2);
    expect(
      await count(
        api,
        'filter=' +
          encodeURIComponent(JSON.stringify({ columnName: 'isDeleted', operatorType: 'ISNULL', values: [] })),
      ),
    ).toBe(1);
    expect(await count(api, '')).toBe(NAMES.length);
  });

  it('counts a keyword alone from the full-text index, with the same answer as the list', async () => {
    const { api, statements } = await setup();
    for (const [keyword, expected] of [
      ['杭州市', 3],
      ['urgent', 3],
      ['URGENT 杭州市', 1],
      ['物流', 2],
      ['nothing', 0],
    ] as const) {
      const params = `search=${encodeURIComponent(keyword)}`;
      expect(await listed(api, params), keyword).toBe(expected);
      expect(await count(api, params), keyword).toBe(expected);
    }
    const fromIndex = () =>
      statements.filter((sql) => /^select count\(\*\) as `n` from `cb_ft_\w+` where/.test(sql)).length;
    // SQLite's FTS5 indexes answer every keyword here (物流 from the bigram table); elsewhere the ordinary count.
    expect(fromIndex()).toBe(db.name === 'sqlite' ? 5 : 0);
    // With isDeleted=false: the matches but the flagged and the unflagged rows.
    expect(await count(api, `search=urgent&isDeleted=false`)).toBe(2);
    expect(await listed(api, `search=urgent&isDeleted=false`)).toBe(2);
    expect(await count(api, `search=${encodeURIComponent('物流')}&isDeleted=false`)).toBe(2);
    expect(await count(api, `search=${encodeURIComponent('杭州市')}&isDeleted=false`)).toBe(2);
    expect(await count(api, `search=${encodeURIComponent('杭州市')}&isDeleted=true`)).toBe(1);
    expect(fromIndex()).toBe(db.name === 'sqlite' ? 8 : 0);
    // A single character has no index: the ordinary count.
    expect(await count(api, `search=${encodeURIComponent('物')}`)).toBe(2);
    expect(await count(api, `search=${encodeURIComponent('物')}&isDeleted=false`)).toBe(2);
    expect(fromIndex()).toBe(db.name === 'sqlite' ? 8 : 0);
  });

  it('pages a keyword in key order with filters, offsets and either direction', async () => {
    const { api, statements } = await setup();
    const names = async (params: string): Promise<string[]> => {
      const response = await api.get(`/api/business/parcel?${params}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().map((record: { name: string }) => record.name);
    };
    const urgent = `search=urgent`;
    expect(await names(urgent)).toEqual(['urgent 杭州市', 'Urgent parcel', 'urgent 物流']);
    expect(await names(`${urgent}&offset=1&limit=1`)).toEqual(['Urgent parcel']);
    expect(await names(`${urgent}&orderby=id%20asc&limit=2`)).toEqual(['urgent 物流', 'Urgent parcel']);
    expect(await names(`${urgent}&isDeleted=false`)).toEqual(['urgent 杭州市', 'urgent 物流']);
    expect(await names(`search=${encodeURIComponent('物流 urgent')}`)).toEqual(['urgent 物流']);
    expect(await names(`search=${encodeURIComponent('物流')}&orderby=name%20asc`)).toEqual([
      'urgent 物流',
      '杭州市物流',
    ]);
    // SQLite reads the page from the index in key order, MariaDB from Mroonga or (a table smaller
    // than its sample) by a scan in key order; other orders select the matches first.
    const driven = statements.filter((sql) =>
      /from `cb_ft_\w+` (cross |straight_)join `parcel`|from `parcel` USE INDEX FOR ORDER BY \(PRIMARY\)/i.test(
        sql,
      ),
    ).length;
    expect(driven).toBe(db.name === 'pg' ? 0 : 5);
  });

  it('counts rows right through every kind of write, from the kept count on PostgreSQL and MySQL', async () => {
    const { api, statements } = await setup();
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    const row = (name: string) => ({ name, createdDate: '2024-01-01 00:00:00', isDeleted: false });
    const exact = async () => Number((await knex('parcel').count({ n: '*' }).first())?.n);
    const expectCount = async () => {
      const expected = await exact();
      expect(await count(api, '')).toBe(expected);
      expect(await count(api, 'isDeleted=false')).toBe(
        Number((await knex('parcel').where('isDeleted', false).count({ n: '*' }).first())?.n),
      );
      return expected;
    };
    expect(await expectCount()).toBe(NAMES.length);
    await knex('parcel').insert([row('x1'), row('x2')]);
    await knex('parcel').where('name', 'x1').delete();
    expect(await expectCount()).toBe(NAMES.length + 1);
    // Not yet committed, then rolled back: never counted.
    const trx = await knex.transaction();
    await trx('parcel').insert(row('pending'));
    expect(await count(api, '')).toBe(NAMES.length + 1);
    await trx.rollback();
    // Many statements: the deltas are folded by the reader, and the count stays exact.
    for (let i = 0; i < 70; i += 1) await knex('parcel').insert(row(`bulk${i}`));
    expect(await expectCount()).toBe(NAMES.length + 71);
    expect(await expectCount()).toBe(NAMES.length + 71);
    await knex.raw('DELETE FROM ?? WHERE ?? LIKE ?', ['parcel', 'name', 'bulk%']);
    expect(await expectCount()).toBe(NAMES.length + 1);
    const kept = statements.filter((sql) => sql.includes('cb_row_delta')).length;
    if (db.name === 'pg') {
      expect(kept).toBeGreaterThan(0);
      const parts = await knex('cb_row_delta')
        .whereRaw('rel = to_regclass(?)', ['parcel'])
        .count({ n: '*' })
        .first();
      expect(Number(parts?.n)).toBeLessThanOrEqual(10);
      await knex.raw('TRUNCATE TABLE ??', ['parcel']);
      expect(await expectCount()).toBe(0);
      await knex('parcel').insert(row('again'));
      expect(await expectCount()).toBe(1);
      // A table counted before counts were kept starts keeping them with the migration.
      await knex.raw('DROP TRIGGER ?? ON ??', [pgRowCountTriggers('parcel').insert, 'parcel']);
      await knex.raw('DROP TRIGGER ?? ON ??', [pgRowCountTriggers('parcel').delete, 'parcel']);
      await knex.raw('DROP TRIGGER ?? ON ??', [pgRowCountTriggers('parcel').truncate, 'parcel']);
      await knex('parcel').insert(row('unseen'));
      await metadata003PgRowCounts.up(knex);
      expect(await expectCount()).toBe(2);
    } else {
      expect(kept).toBe(0);
      expect(statements.some((sql) => sql.includes('cb_row_count'))).toBe(db.name === 'mysql');
    }
  });
});
