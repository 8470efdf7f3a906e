import { expect, it } from 'vitest';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../../helpers/metadata-api';
import { createTable } from '../../helpers/business-tables';
import { clearTables } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const EXTRA_COLUMNS = [
  { name: 'note', dataType: 'TEXT', queryable: true },
  { name: 'qty', dataType: 'INT', queryable: true },
  { name: 'price', dataType: 'DECIMAL', precision: 10, scale: 2, queryable: true },
  { name: 'day', dataType: 'DATE', queryable: true },
  { name: 'stamp', dataType: 'DATETIME', queryable: true },
  { name: 'active', dataType: 'BOOL', queryable: true },
];

const ROWS = [
  {
    name: '苹果手机',
    note: 'red apple phone',
    qty: 1,
    price: '10.50',
    day: '2024-01-01',
    stamp: '2024-01-01 08:00:00',
    active: true,
  },
  {
    name: '香蕉',
    note: 'yellow banana',
    qty: 5,
    price: '3.20',
    day: '2024-02-15',
    stamp: '2024-02-15 12:30:00',
    active: false,
  },
  { name: '苹果汁', note: 'apple juice 100%', qty: 10, price: null, day: null, stamp: null, active: true },
  {
    name: '中华人民共和国',
    note: 'China',
    qty: null,
    price: '99.99',
    day: '2024-12-31',
    stamp: '2024-12-31 23:59:59',
    active: false,
  },
  {
    name: 'Apple Watch',
    note: 'watch_band',
    qty: 0,
    price: '0',
    day: '2023-06-01',
    stamp: '2023-06-01 00:00:00',
    active: true,
  },
];

const ids = async (api: ApiClient, table: string, params: string): Promise<number[]> => {
  const response = await api.get(`/api/business/${table}?orderby=id&limit=100&${params}`);
  if (response.statusCode !== 200) throw new Error(`${params}: ${response.statusCode} ${response.body}`);
  return response.json().map((row: { id: number }) => row.id);
};

const q = (value: string) => encodeURIComponent(value);

describeEachDatabase('/api/business/{table} queries ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    await clearTables(app.dataSources.primary.knex);
    const api = apiClient(app, cookie);
    await createTable(api, { name: 'product', columns: [...SYSTEM_COLUMNS, ...EXTRA_COLUMNS] });
    for (const row of ROWS) expect((await api.post('/api/business/product', row)).statusCode).toBe(201);
    return { app, api };
  };

  it('applies every column-filter operator', async () => {
    const { api } = await setup();
    const cases: [string, number[]][] = [
      ['qty=5', [2]],
      ['qty=1,10', [1, 3]],
      ['qty=GE 5', [2, 3]],
      ['qty=GT 5', [3]],
      ['qty=LE 1', [1, 5]],
      ['qty=LT 1', [5]],
      [`qty=${q('>= 5')}`, [2, 3]],
      [`qty=${q('> 5')}`, [3]],
      [`qty=${q('<= 1')}`, [1, 5]],
      [`qty=${q('< 1')}`, [5]],
      ['qty=BETWEEN 1,5', [1, 2]],
      ['qty=BETWEEN 5,', [2, 3]],
      ['qty=BETWEEN ,1', [1, 5]],
      ['qty=ISNULL', [4]],
      ['qty=ISNOTNULL', [1, 2, 3, 5]],
      ['qty=NE 5', [1, 3, 5]],
      ['qty=NOTIN 1,5', [3, 5]],
      ['qty=,', []],
      [`name=${q('LIKE 苹果')}`, [1, 3]],
      [`name=${q('LIKE apple')}`, [5]],
      [`note=${q('LIKE %')}`, [3]],
      [`note=${q('LIKE _')}`, [5]],
      [`name=${q('香蕉')}`, [2]],
      [`name=${q('香蕉,中华人民共和国')}`, [2, 4]],
      ['active=true', [1, 3, 5]],
      ['active=false', [2, 4]],
      ['price=GT 10', [1, 4]],
      ['price=3.2', [2]],
      ['day=BETWEEN 2024-01-01,2024-06-30', [1, 2]],
      [`stamp=${q('>= 2024-02-15 12:30:00')}`, [2, 4]],
      ['active=true&qty=GE 1', [1, 3]],
    ];
    for (const [params, expected] of cases)
      expect([params, await ids(api, 'product', params)]).toEqual([params, expected]);
  });

  it('applies a filter JSON with nested AND / OR, also URL-encoded twice, and counts with the same filters', async () => {
    const { api } = await setup();
    const filter = {
      conditionType: 'OR',
      conditions: [
        { columnName: 'qty', operatorType: 'EQ', values: [5] },
        {
          conditionType: 'AND',
          conditions: [
            { columnName: 'active', operatorType: 'EQ', values: [true] },
            { columnName: 'price', operatorType: 'ISNULL', values: [] },
          ],
        },
      ],
    };
    expect(await ids(api, 'product', `filter=${q(JSON.stringify(filter))}`)).toEqual([2, 3]);
    expect(await ids(api, 'product', `filter=${q(q(JSON.stringify(filter)))}`)).toEqual([2, 3]);
    expect(await ids(api, 'product', `filter=${q(JSON.stringify(filter))}&active=true`)).toEqual([3]);
    expect((await api.get(`/api/business/product/count?filter=${q(JSON.stringify(filter))}`)).json()).toBe(2);
    const emptyIn = { columnName: 'qty', operatorType: 'IN', values: [] };
    expect(await ids(api, 'product', `filter=${q(JSON.stringify(emptyIn))}`)).toEqual([]);
    const between = { columnName: 'day', operatorType: 'BETWEEN', values: ['2024-02-01', null] };
    expect(await ids(api, 'product', `filter=${q(JSON.stringify(between))}`)).toEqual([2, 4]);
    const bad = await api.get(
      `/api/business/product?filter=${q(JSON.stringify({ columnName: 'password', operatorType: 'EQ', values: ['x'] }))}`,
    );
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { filter: '表中没有字段 password' },
    });
  });

  it('searches the full-text body: Chinese 2- and 3-character substrings, English words, several terms', async () => {
    const { api } = await setup();
    const search = (keyword: string) => ids(api, 'product', `search=${q(keyword)}`);
    expect(await search('苹果')).toEqual([1, 3]);
    expect(await search('苹果手')).toEqual([1]);
    expect(await search('人民共')).toEqual([4]);
    expect(await search('果汁')).toEqual([3]);
    expect(await search('apple')).toEqual([1, 3, 5]);
    expect(await search('banana')).toEqual([2]);
    expect(await search('APPLE juice')).toEqual([3]);
    expect(await search('nothing')).toEqual([]);
    expect((await api.get(`/api/business/product/count?search=${q('苹果')}`)).json()).toBe(2);
    expect(await ids(api, 'product', `search=${q('苹果')}&qty=GE 5`)).toEqual([3]);

    await api.patch('/api/business/product/2', { name: '芒果' });
    expect(await search('香蕉')).toEqual([]);
    expect(await search('芒果')).toEqual([2]);
    await api.delete('/api/business/product/1');
    expect(await search('苹果')).toEqual([3]);
  });

  it('searches the queryable text columns with LIKE when the table has no FULLTEXT column', async () => {
    const { api } = await setup();
    await createTable(api, {
      name: 'memo',
      columns: [
        SYSTEM_COLUMNS[0],
        { name: 'title', dataType: 'VARCHAR', length: 100, queryable: true },
        { name: 'body', dataType: 'TEXT', queryable: true },
        { name: 'secretNote', dataType: 'VARCHAR', length: 100 },
      ],
    });
    const memos = [
      { title: '会议纪要', body: '50% done', secretNote: 'hidden 苹果' },
      { title: 'Weekly', body: '5000 items', secretNote: 'x' },
      { title: '苹果采购', body: 'under_score', secretNote: 'y' },
    ];
    for (const memo of memos) await api.post('/api/business/memo', memo);
    const search = (keyword: string) => ids(api, 'memo', `search=${q(keyword)}`);
    expect(await search('50%')).toEqual([1]);
    expect(await search('_')).toEqual([3]);
    expect(await search('苹果')).toEqual([3]);
    expect(await search('weekly')).toEqual([2]);
    expect(await search('纪要 done')).toEqual([1]);
    expect(await search('hidden')).toEqual([]);
  });

  it('selects columns (keys always), orders by columns, and refuses unknown names', async () => {
    const { api } = await setup();
    expect((await api.get('/api/business/product?select=name&orderby=id&limit=2')).json()).toEqual([
      { id: 1, name: '苹果手机' },
      { id: 2, name: '香蕉' },
    ]);
    const ordered = await api.get('/api/business/product?price=ISNOTNULL&orderby=price%20DESC');
    expect(ordered.json().map((row: { id: number }) => row.id)).toEqual([4, 1, 2, 5]);
    const byQty = await api.get('/api/business/product?qty=ISNOTNULL&orderby=qty');
    expect(byQty.json().map((row: { id: number }) => row.id)).toEqual([5, 1, 2, 3]);
    const byFlag = await api.get('/api/business/product?orderby=active%20desc,qty%20asc&qty=ISNOTNULL');
    expect(byFlag.json().map((row: { id: number }) => row.id)).toEqual([5, 1, 3, 2]);
    expect((await api.get('/api/business/product?select=nope')).statusCode).toBe(400);
    expect((await api.get('/api/business/product?orderby=nope')).statusCode).toBe(400);
    expect((await api.get(`/api/business/product?orderby=${q('id; DROP TABLE product')}`)).statusCode).toBe(
      400,
    );
    expect((await api.get('/api/business/product/count')).json()).toBe(5);
  });
});
