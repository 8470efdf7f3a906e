import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { apiClient } from '../../helpers/metadata-api';
import { createShop } from '../../helpers/shop-tables';
import { clearTables } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const count = async (knex: Knex, table: string) => Number((await knex(table).count({ n: '*' }).first())?.n);

describeEachDatabase('/api/business/{table} relations ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    const api = apiClient(app, cookie);
    await createShop(api, knex);
    return { app, api, knex };
  };

  it('embeds ManyToOne parents as key + displayable columns, children on get and with expand', async () => {
    const { api } = await setup();
    const created = await api.post('/api/business/salesOrder', {
      name: 'SO-1',
      customerId: 2,
      tagIds: '1,3',
      lines: [
        { name: 'pen', qty: 2, sku: 'P1' },
        { name: 'ink', qty: 1, sku: 'I1', notes: [{ name: '蓝色' }] },
      ],
      detail: { name: 'd', address: '上海路 1 号' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json();
    await api.post('/api/business/salesOrder', { name: 'SO-2', customer: { id: 1, name: '张三' } });

    const list = (await api.get('/api/business/salesOrder?orderby=id')).json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      name: 'SO-1',
      customerId: 2,
      customer: { id: 2, name: '李四', city: '北京' },
      tags: [
        { id: 1, name: '红' },
        { id: 3, name: '蓝' },
      ],
    });
    expect(Object.keys(list[0].customer).sort()).toEqual(['city', 'id', 'name']);
    expect(list[0]).not.toHaveProperty('lines');
    expect(list[1]).toMatchObject({
      name: 'SO-2',
      customerId: 1,
      customer: { id: 1, name: '张三' },
      tags: [],
    });

    const record = (await api.get(`/api/business/salesOrder/${id}`)).json();
    expect(record.lines).toEqual([
      expect.objectContaining({ name: 'pen', qty: 2, sku: 'P1', orderId: id }),
      expect.objectContaining({ name: 'ink', qty: 1, sku: 'I1', orderId: id }),
    ]);
    expect(record.lines[0]).not.toHaveProperty('fullTextBody');
    expect(record.detail).toMatchObject({ address: '上海路 1 号', orderId: id });

    const expanded = (
      await api.get('/api/business/salesOrder?orderby=id&expand=lines,detail,customer')
    ).json();
    expect(expanded[0].lines).toHaveLength(2);
    expect(expanded[0].customer).toMatchObject({ id: 2, name: '李四', city: '北京', level: 'gold' });
    expect(expanded[1]).toMatchObject({ lines: [], detail: null });

    const line = (await api.get(`/api/business/orderLine/${record.lines[1].id}`)).json();
    expect(line.order).toMatchObject({ id, name: 'SO-1' });
    expect(line.notes).toEqual([expect.objectContaining({ name: '蓝色' })]);

    expect((await api.get(`/api/business/salesOrder/${id}?select=name,customer`)).json()).toEqual({
      id,
      name: 'SO-1',
      customerId: 2,
      customer: { id: 2, name: '李四', city: '北京' },
    });
    expect((await api.get('/api/business/salesOrder?expand=nothing')).statusCode).toBe(400);
  });

  it('loads the relations of a page with one query per relation (and one count per child list), whatever the page size', async () => {
    const { app, api } = await setup();
    for (let i = 0; i < 20; i += 1) {
      await api.post('/api/business/salesOrder', {
        name: `SO-${i}`,
        customerId: (i % 2) + 1,
        tagIds: '1,2',
        lines: [
          { name: 'a', qty: 1 },
          { name: 'b', qty: 2 },
        ],
        detail: { name: 'd', address: `addr ${i}` },
      });
    }
    const knex = app.dataSources.primary.knex;
    const queriesFor = async (url: string) => {
      let queries = 0;
      // Not the cache-version reads that run on their own every 250 ms (PostgreSQL, MySQL).
      const listener = (query: { sql?: string }) => {
        if (!String(query.sql).includes('cb_cache_version')) queries += 1;
      };
      knex.on('query', listener);
      try {
        const response = await api.get(url);
        expect(response.statusCode).toBe(200);
        return { queries, rows: response.json() };
      } finally {
        knex.off('query', listener);
      }
    };
    // The fewest of three reads: work the server does on its own (a cache poll, a row-count fold)
    // may run while one is counted, and only ever adds queries.
    const fewestFor = async (url: string) => {
      const reads = [await queriesFor(url), await queriesFor(url), await queriesFor(url)];
      return reads.reduce((fewest, read) => (read.queries < fewest.queries ? read : fewest));
    };
    // The first read loads the tables' metadata into the cache; what is measured is the reads after it.
    await queriesFor('/api/business/salesOrder?limit=1&expand=lines,detail');
    const small = await fewestFor('/api/business/salesOrder?limit=2&expand=lines,detail');
    const large = await fewestFor('/api/business/salesOrder?limit=20&expand=lines,detail');
    expect(small.rows).toHaveLength(2);
    expect(large.rows).toHaveLength(20);
    expect(
      large.rows.every(
        (row: { lines: unknown[]; detail: unknown; tags: unknown[] }) =>
          row.lines.length === 2 && row.detail && row.tags.length === 2,
      ),
    ).toBe(true);
    expect(large.queries).toBe(small.queries);
    const plain = await fewestFor('/api/business/salesOrder?limit=20');
    // lines: a count and a read; detail: a read.
    expect(large.queries - plain.queries).toBe(3);
  });

  it('writes nested children in the same transaction and rolls everything back when one is invalid', async () => {
    const { api, knex } = await setup();
    const invalid = await api.post('/api/business/salesOrder', {
      name: 'SO-bad',
      lines: [{ name: 'ok', qty: 1 }, { name: 'missing qty' }],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ 'lines.1.qty': '不能为空' });

    const deep = await api.post('/api/business/salesOrder', {
      name: 'SO-bad',
      lines: [{ name: 'ok', qty: 1, notes: [{ name: 'n' }, { bogus: 1 }] }],
    });
    expect(deep.statusCode).toBe(400);
    expect(Object.keys(deep.json().errors).sort()).toEqual(['lines.0.notes.1.bogus', 'lines.0.notes.1.name']);

    const duplicate = await api.post('/api/business/salesOrder', {
      name: 'SO-bad',
      lines: [
        { name: 'a', qty: 1, sku: 'SAME' },
        { name: 'b', qty: 1, sku: 'SAME' },
      ],
      detail: { name: 'd', address: 'x' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual({ sku: expect.any(String) });

    expect(
      (await api.post('/api/business/salesOrder', { name: 'SO-bad', lines: { name: 'x' } })).statusCode,
    ).toBe(400);
    expect((await api.post('/api/business/salesOrder', { name: 'SO-bad', detail: [] })).statusCode).toBe(400);
    for (const table of ['salesOrder', 'orderLine', 'lineNote', 'orderDetail'])
      expect(await count(knex, table)).toBe(0);

    const created = await api.post('/api/business/salesOrder', {
      name: 'SO-ok',
      lines: [{ id: 1700000000000, isNewRow: true, name: 'temp id', qty: 3 }],
    });
    expect(created.statusCode).toBe(201);
    const lines = await knex('orderLine').select('id', 'orderId', 'name');
    expect(lines).toHaveLength(1);
    expect(Number(lines[0].id)).not.toBe(1700000000000);
    expect(Number(lines[0].orderId)).toBe(created.json());
  });

  it('syncs children on update: new rows inserted, missing rows deleted, others updated; all or nothing', async () => {
    const { api, knex } = await setup();
    const first = (
      await api.post('/api/business/salesOrder', {
        name: 'SO-1',
        lines: [
          { name: 'keep', qty: 1 },
          { name: 'drop', qty: 2, notes: [{ name: 'goes too' }] },
        ],
        detail: { name: 'd', address: 'old' },
      })
    ).json();
    const other = (
      await api.post('/api/business/salesOrder', { name: 'SO-2', lines: [{ name: 'foreign', qty: 9 }] })
    ).json();
    const record = (await api.get(`/api/business/salesOrder/${first}`)).json();
    const [keep, drop] = record.lines;
    const foreign = (await api.get(`/api/business/salesOrder/${other}`)).json().lines[0];

    const before = JSON.stringify(await knex('orderLine').select('*').orderBy('id'));
    const stolen = await api.patch(`/api/business/salesOrder/${first}`, { lines: [{ ...foreign, qty: 0 }] });
    expect(stolen.statusCode).toBe(400);
    expect(Object.keys(stolen.json().errors)).toEqual(['lines.0']);
    const bad = await api.patch(`/api/business/salesOrder/${first}`, {
      name: 'renamed',
      lines: [
        { ...keep, qty: 5 },
        { name: 'new', qty: 'x' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(await knex('orderLine').select('*').orderBy('id'))).toBe(before);
    expect((await api.get(`/api/business/salesOrder/${first}`)).json().name).toBe('SO-1');

    const synced = await api.patch(`/api/business/salesOrder/${first}`, {
      name: 'SO-1b',
      lines: [
        { ...keep, qty: 5, orderId: other },
        { id: 1700000000000, isNewRow: true, name: 'added', qty: 7 },
      ],
      detail: { ...record.detail, address: 'new' },
    });
    expect(synced.statusCode).toBe(200);
    const after = (await api.get(`/api/business/salesOrder/${first}`)).json();
    expect(after.name).toBe('SO-1b');
    expect(
      after.lines.map((line: { name: string; qty: number; orderId: number }) => [
        line.name,
        line.qty,
        line.orderId,
      ]),
    ).toEqual([
      ['keep', 5, first],
      ['added', 7, first],
    ]);
    expect(after.lines[0].id).toBe(keep.id);
    expect(after.detail).toMatchObject({ id: record.detail.id, address: 'new' });
    expect((await api.get(`/api/business/orderLine/${drop.id}`)).statusCode).toBe(404);
    expect(await count(knex, 'lineNote')).toBe(0);
    expect((await api.get(`/api/business/salesOrder/${other}`)).json().lines).toHaveLength(1);

    expect((await api.patch(`/api/business/salesOrder/${first}`, { detail: null })).statusCode).toBe(200);
    expect((await api.get(`/api/business/salesOrder/${first}`)).json().detail).toBeNull();
    expect((await api.patch(`/api/business/salesOrder/${first}`, { lines: [] })).statusCode).toBe(200);
    expect((await api.get(`/api/business/salesOrder/${first}`)).json().lines).toEqual([]);
  });

  it('cascades hard deletes to OneToMany and MainToSub children, recursively; soft deletes touch only the record', async () => {
    const { api, knex } = await setup();
    const body = (name: string) => ({
      name,
      lines: [
        { name: 'l1', qty: 1, notes: [{ name: 'n1' }, { name: 'n2' }] },
        { name: 'l2', qty: 2 },
      ],
      detail: { name, address: name },
    });
    const a = (await api.post('/api/business/salesOrder', body('A'))).json();
    const b = (await api.post('/api/business/salesOrder', body('B'))).json();
    const c = (await api.post('/api/business/salesOrder', body('C'))).json();

    expect((await api.delete(`/api/business/salesOrder/${c}?isSoftDelete=true`)).statusCode).toBe(204);
    expect(await count(knex, 'orderLine')).toBe(6);

    expect((await api.delete(`/api/business/salesOrder/${a}`)).statusCode).toBe(204);
    expect(await count(knex, 'orderLine')).toBe(4);
    expect(await count(knex, 'lineNote')).toBe(4);
    expect(await count(knex, 'orderDetail')).toBe(2);

    expect((await api.delete('/api/business/salesOrder', [b, c])).statusCode).toBe(204);
    for (const table of ['salesOrder', 'orderLine', 'lineNote', 'orderDetail'])
      expect(await count(knex, table)).toBe(0);
    expect(await count(knex, 'customer')).toBe(2);
  });
});
