import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import type { App } from '../../src/app';
import { createRelation, createTable } from '../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../helpers/metadata-api';
import { clearTables } from '../helpers/physical-schema';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

/** The most child rows a record embeds per relation, and per response in all. */
const PER_PARENT = 999;
const PER_RESPONSE = 10_000;

type Row = Record<string, unknown>;
interface Marker {
  embedded: number;
  total: number;
  next: string;
}

const idsOf = (rows: Row[]) => rows.map((row) => Number(row.id));

/** Inserts `count` lines under a purchase straight into the table, in batches. */
const insertLines = async (knex: Knex, purchaseId: number, count: number, prefix: string) => {
  const rows = Array.from({ length: count }, (_, index) => ({
    name: `${prefix}-${index}`,
    purchaseId,
    qty: index,
    createdDate: '2024-01-01 00:00:00',
    isDeleted: false,
  }));
  await knex.batchInsert('purchaseLine', rows, 500);
};

/**
 * The rows each statement on the child table handed to the server while `work` ran: what a read
 * holds in memory, whatever it answers.
 */
const childRowsRead = async <T>(
  knex: Knex,
  work: () => Promise<T>,
): Promise<{ result: T; rows: number[] }> => {
  const rows: number[] = [];
  const listener = (response: unknown, query: { sql?: string }) => {
    if (query.sql?.includes('purchaseLine') && Array.isArray(response)) rows.push(response.length);
  };
  knex.on('query-response', listener);
  try {
    return { result: await work(), rows };
  } finally {
    knex.off('query-response', listener);
  }
};

/**
 * purchase → lines (OneToMany purchaseLine.purchaseId). One purchase holds 1,200 lines (more than
 * a read embeds), one holds 3, and twelve hold 1,000 each (together more than one response holds).
 */
// Loads some 13,000 rows once per database, then every test reads them.
describeEachDatabase('embedded children are capped ($name)', { timeout: 180_000 }, (db) => {
  const apps = useTestApps(db);
  let data: Promise<{ big: number; small: number; bulk: number[]; tiny: number }> | undefined;

  const seed = async (app: App) => {
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    const admin = apiClient(app, (await login(app)).cookie);
    const purchase = await createTable(admin, { name: 'purchase', columns: SYSTEM_COLUMNS });
    const line = await createTable(admin, {
      name: 'purchaseLine',
      columns: [
        ...SYSTEM_COLUMNS,
        {
          name: 'purchaseId',
          dataType: 'BIGINT',
          nullable: false,
          indexType: 'INDEX',
          indexName: 'ix_line_p',
        },
        { name: 'qty', dataType: 'INT' },
      ],
    });
    await createRelation(knex, {
      name: 'lines',
      relationType: 'OneToMany',
      from: purchase,
      fromColumn: 'id',
      to: line,
      toColumn: 'purchaseId',
    });
    const insertPurchase = async (name: string) => {
      const [row] = (await knex('purchase')
        .insert({ name, createdDate: '2024-01-01 00:00:00', isDeleted: false })
        .returning('id')) as (number | { id: number })[];
      if (row !== undefined) return Number(typeof row === 'object' ? row.id : row);
      return Number(((await knex('purchase').where('name', name).first('id')) as { id: number }).id);
    };
    const big = await insertPurchase('big');
    await insertLines(knex, big, 1200, 'big');
    const small = await insertPurchase('small');
    await insertLines(knex, small, 3, 'small');
    const bulk: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const id = await insertPurchase(`bulk-${index}`);
      await insertLines(knex, id, 1000, `bulk-${index}`);
      bulk.push(id);
    }
    const tiny = await insertPurchase('tiny');
    await insertLines(knex, tiny, 5, 'tiny');
    return { big, small, bulk, tiny };
  };

  /** A fresh app (the relation was written behind the metadata cache's back) and the seeded keys. */
  const setup = async () => {
    if (!data) data = apps.build().then(seed);
    const keys = await data;
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    const api: ApiClient = apiClient(app, (await login(app)).cookie);
    const lineIds = async (purchaseId: number) =>
      idsOf(await knex('purchaseLine').where('purchaseId', purchaseId).orderBy('id').select('id'));
    return { ...keys, knex, api, lineIds };
  };

  it('a record embeds its first 999 children, says how many there are, and never reads the rest', async () => {
    const { big, knex, api, lineIds } = await setup();
    await api.get(`/api/business/purchase/${big}`); // metadata into the cache
    const { result: response, rows } = await childRowsRead(knex, () =>
      api.get(`/api/business/purchase/${big}`),
    );
    expect(response.statusCode, response.body).toBe(200);
    const record = response.json() as Row & { lines: Row[]; $truncated: Record<string, Marker> };
    expect(Array.isArray(record.lines)).toBe(true);
    expect(idsOf(record.lines)).toEqual((await lineIds(big)).slice(0, PER_PARENT));
    expect(record.$truncated.lines).toMatchObject({ embedded: PER_PARENT, total: 1200 });
    // The database handed over no more than the cap (plus the one count row).
    const read = rows.reduce((sum, count) => sum + count, 0);
    expect(read).toBeGreaterThanOrEqual(PER_PARENT);
    expect(read).toBeLessThanOrEqual(PER_PARENT + 1);
  });

  it('a record within the cap embeds all its children and no marker', async () => {
    const { small, api } = await setup();
    const record = (await api.get(`/api/business/purchase/${small}`)).json() as Row & { lines: Row[] };
    expect(record.lines).toHaveLength(3);
    expect(record).not.toHaveProperty('$truncated');
  });

  it('the rest comes page by page from the link in the marker', async () => {
    const { big, api, lineIds } = await setup();
    const record = (await api.get(`/api/business/purchase/${big}`)).json() as {
      lines: Row[];
      $truncated: Record<string, Marker>;
    };
    const next = record.$truncated.lines?.next ?? '';
    const page = await api.get(next);
    expect(page.statusCode, page.body).toBe(200);
    const rest = page.json() as Row[];
    expect([...idsOf(record.lines), ...idsOf(rest)]).toEqual(await lineIds(big));
  });

  it('a list with expanded children holds at most 10,000 child rows, shared evenly', async () => {
    const { bulk, tiny, knex, api } = await setup();
    const first = Math.min(...bulk, tiny);
    const last = Math.max(...bulk, tiny);
    const url = `/api/business/purchase?id=BETWEEN%20${first},${last}&limit=100&expand=lines`;
    await api.get(`${url}&select=id`);
    const { result: response, rows } = await childRowsRead(knex, () => api.get(url));
    expect(response.statusCode, response.body).toBe(200);
    const records = response.json() as (Row & { lines: Row[]; $truncated?: Record<string, Marker> })[];
    expect(records).toHaveLength(13);
    const embedded = records.reduce((sum, record) => sum + record.lines.length, 0);
    expect(embedded).toBeLessThanOrEqual(PER_RESPONSE);
    // Every big list is cut to the same length; the small one keeps all its rows.
    const small = records.find((record) => Number(record.id) === tiny);
    expect(small?.lines).toHaveLength(5);
    expect(small).not.toHaveProperty('$truncated');
    const share = Math.floor((PER_RESPONSE - 5) / 12);
    for (const record of records.filter((one) => Number(one.id) !== tiny)) {
      expect(record.lines).toHaveLength(share);
      expect(record.$truncated?.lines).toMatchObject({ embedded: share, total: 1000 });
    }
    const read = rows.reduce((sum, count) => sum + count, 0);
    expect(read).toBeGreaterThanOrEqual(embedded);
    expect(read).toBeLessThanOrEqual(PER_RESPONSE + 13);
  });

  it('saving a capped record read back unchanged loses none of its children', async () => {
    const { big, api, lineIds } = await setup();
    const before = await lineIds(big);
    expect(before).toHaveLength(1200);
    const record = (await api.get(`/api/business/purchase/${big}`)).json() as Row;
    const saved = await api.patch(`/api/business/purchase/${big}`, record);
    expect(saved.statusCode, saved.body).toBe(400);
    expect(saved.json().errors).toHaveProperty('lines');
    // A client that drops what it does not know fares the same.
    const { $truncated: _marker, ...plain } = record;
    expect((await api.patch(`/api/business/purchase/${big}`, plain)).statusCode).toBe(400);
    expect(await lineIds(big)).toEqual(before);
    // Without the children the record saves; with every child listed the children sync.
    const renamed = await api.patch(`/api/business/purchase/${big}`, { name: 'big (renamed)' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const rest = (
      await api.get((record.$truncated as Record<string, Marker>).lines?.next ?? '')
    ).json() as Row[];
    const all = [...(record.lines as Row[]), ...rest].map((line) => ({ id: line.id, name: line.name }));
    const first = all[0] as Row;
    first.name = 'first line renamed';
    const synced = await api.patch(`/api/business/purchase/${big}`, { lines: all });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(await lineIds(big)).toEqual(before);
    expect(((await api.get(`/api/business/purchaseLine/${String(first.id)}`)).json() as Row).name).toBe(
      'first line renamed',
    );
    // Leaving one row out of the full list would delete it: refused too.
    const dropped = await api.patch(`/api/business/purchase/${big}`, { lines: all.slice(1) });
    expect(dropped.statusCode).toBe(400);
    expect(await lineIds(big)).toEqual(before);
  });

  it('a record within the cap still syncs its children, deletions included', async () => {
    const { small, api, lineIds } = await setup();
    const [keep] = await lineIds(small);
    const synced = await api.patch(`/api/business/purchase/${small}`, { lines: [{ id: keep }] });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(await lineIds(small)).toEqual([keep]);
  });
});
