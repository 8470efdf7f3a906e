import { expect, it } from 'vitest';
import { SHARED_STATE } from '../../../src/db/table-names';
import { pruneHistoryRound } from '../../../src/services/history/prune-history-round';
import { createHistoryTables, storedRevisions, type HistoryTables } from '../../helpers/history-tables';
import { multipartBody } from '../../helpers/multipart';
import { useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

/**
 * The creates of a large import go in batches (a revision row holding many records' creates);
 * every reader of history still sees one create revision per record.
 */

interface Revision {
  id: number;
  action: string;
  channel: string;
  changes: { column: string; old?: unknown; new?: unknown; secret?: true }[];
}

const RECORDS = 120;

/** Imports `count` purchases (amount = their number from `first`) through the JSON import. */
const importPurchases = async (tables: HistoryTables, first: number, count: number) => {
  const records = Array.from({ length: count }, (_, n) => ({
    name: `p${String(first + n)}`,
    amount: first + n,
    note: `备注 ${String(first + n)}`,
    pin: 'secret-pin-1',
  }));
  const { payload, headers } = multipartBody([
    { name: 'file', value: Buffer.from(JSON.stringify({ purchase: records })), filename: 'data.json' },
  ]);
  const answer = await tables.app.inject({
    method: 'POST',
    url: '/api/business/import',
    payload,
    headers: { ...headers, cookie: tables.cookie },
  });
  expect(answer.statusCode, answer.body).toBe(201);
};

const historyOf = async (tables: HistoryTables, id: number, query = ''): Promise<Revision[]> => {
  const answer = await tables.admin.get(`/api/business/purchase/${String(id)}/history${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Revision[];
};

const countOf = async (tables: HistoryTables, id: number): Promise<number> =>
  (await tables.admin.get(`/api/business/purchase/${String(id)}/history/count`)).json() as number;

/** The revision rows as stored: a batch's key range and record count, or a record's key. */
const storedRows = async (tables: HistoryTables) =>
  (
    (await tables.knex(SHARED_STATE.revision).orderBy('id').select('recordKey', 'keyFrom', 'keyCount')) as {
      recordKey: string;
      keyFrom: number | string | null;
      keyCount: number | string | null;
    }[]
  ).map((row) => (row.keyFrom === null ? row.recordKey : `batch of ${String(row.keyCount)}`));

describeEachDatabase('record history: the creates of a large import ($name)', (db) => {
  const apps = useTestApps(db);

  it('stores an import’s creates as a batch, read as one create per record: history, count, paging, latest, recent', async () => {
    const tables = await createHistoryTables(apps);
    await importPurchases(tables, 1, RECORDS);
    expect(await storedRows(tables)).toEqual([`batch of ${String(RECORDS)}`]);
    const logical = await storedRevisions(tables.knex);
    expect(logical).toHaveLength(RECORDS);
    expect(new Set(logical.map((revision) => revision.recordKey)).size).toBe(RECORDS);

    const [created] = await historyOf(tables, 5);
    expect(created).toMatchObject({ action: 'create', channel: 'import' });
    expect(created?.changes).toEqual(
      expect.arrayContaining([
        { column: 'amount', new: 5 },
        { column: 'note', new: '备注 5' },
      ]),
    );
    // a PASSWORD column: stored as changed, never its value, and not shown
    expect(logical.find((revision) => revision.recordKey === '5')?.changes).toContainEqual({
      column: 'pin',
      secret: true,
    });
    expect(created?.changes.map((change) => change.column)).not.toContain('pin');
    const stored = await tables.knex(SHARED_STATE.revision).first('changes');
    expect(String(stored?.changes)).not.toContain('secret-pin-1');
    expect(await countOf(tables, 5)).toBe(1);

    // a later edit is a revision of its own, newest first; paging and counting see both kinds
    expect((await tables.admin.patch('/api/business/purchase/5', { amount: 500 })).statusCode).toBe(200);
    expect((await tables.admin.patch('/api/business/purchase/5', { amount: 501 })).statusCode).toBe(200);
    const all = await historyOf(tables, 5);
    expect(all.map((revision) => revision.action)).toEqual(['update', 'update', 'create']);
    expect(all[2]?.id).toBe(created?.id);
    expect(await countOf(tables, 5)).toBe(3);
    for (const [offset, limit] of [
      [0, 1],
      [1, 1],
      [2, 1],
      [1, 2],
      [2, 5],
      [3, 5],
    ] as const) {
      expect(await historyOf(tables, 5, `?offset=${String(offset)}&limit=${String(limit)}`)).toEqual(
        all.slice(offset, offset + limit),
      );
    }

    // who changed each record last: the batch for one untouched since, the edit for the other
    const latest = await tables.admin.get('/api/business/purchase/history/latest?id=5&id=6&id=9999');
    expect(latest.statusCode, latest.body).toBe(200);
    const byKey = Object.fromEntries(
      (latest.json() as { key: string; action: string; revisionId: number }[]).map((one) => [one.key, one]),
    );
    expect(Object.keys(byKey).sort()).toEqual(['5', '6']);
    expect(byKey['5']).toMatchObject({ action: 'update', revisionId: all[0]?.id });
    expect(byKey['6']).toMatchObject({ action: 'create', revisionId: created?.id });

    // the activity feed lists the batch's records, the newest first
    const feed = await tables.admin.get('/api/ext/activity/recent?table=purchase&limit=4');
    expect(feed.statusCode, feed.body).toBe(200);
    expect(
      (feed.json() as { recordKey: string; action: string }[]).map((one) => `${one.action} ${one.recordKey}`),
    ).toEqual(['update 5', 'update 5', `create ${String(RECORDS)}`, `create ${String(RECORDS - 1)}`]);
  });

  it('restores a record to its batched create, refuses another batch’s, and brings back a deleted one', async () => {
    const tables = await createHistoryTables(apps);
    await importPurchases(tables, 1, RECORDS);
    await importPurchases(tables, 1001, RECORDS);
    expect(await storedRows(tables)).toEqual([`batch of ${String(RECORDS)}`, `batch of ${String(RECORDS)}`]);
    const [created] = await historyOf(tables, 7);
    const [otherBatch] = await historyOf(tables, RECORDS + 7);
    expect(otherBatch?.id).not.toBe(created?.id);

    expect(
      (await tables.admin.patch('/api/business/purchase/7', { amount: 70, note: '改' })).statusCode,
    ).toBe(200);
    const refused = await tables.admin.post(
      `/api/business/purchase/7/history/${String(otherBatch?.id)}/restore`,
      {},
    );
    expect(refused.statusCode, refused.body).toBe(400);
    const restored = await tables.admin.post(
      `/api/business/purchase/7/history/${String(created?.id)}/restore`,
      {},
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await tables.knex('purchase').where('id', 7).first('amount', 'note')).toMatchObject({
      amount: 7,
      note: '备注 7',
    });
    expect((await historyOf(tables, 7)).map((revision) => `${revision.action} ${revision.channel}`)).toEqual([
      'update restore',
      'update web',
      'create import',
    ]);

    // hard-deleted: the deleted list has it, and it comes back with its key
    expect((await tables.admin.delete('/api/business/purchase/8')).statusCode).toBe(204);
    const deleted = (await tables.admin.get('/api/business/purchase/deleted')).json() as {
      key: string;
      revisionId: number;
    }[];
    expect(deleted.map((one) => one.key)).toEqual(['8']);
    const back = await tables.admin.post(
      `/api/business/purchase/deleted/${String(deleted[0]?.revisionId)}/restore`,
      {},
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(await tables.knex('purchase').where('id', 8).first('amount')).toMatchObject({ amount: 8 });
  });

  it('prunes a batched create like any other revision: per record beyond the newest N, and by age', async () => {
    const tables = await createHistoryTables(apps);
    await importPurchases(tables, 1, RECORDS);
    expect((await tables.admin.patch('/api/business/purchase/3', { amount: 30 })).statusCode).toBe(200);
    const keepOne = await tables.admin.patch(`/api/metadata/tables/${String(tables.order.id)}`, {
      historyMode: 'revisions',
      historyKeep: 1,
    });
    expect(keepOne.statusCode, keepOne.body).toBeLessThan(300);
    const report = await pruneHistoryRound(tables.app.dataSources.primary, { pauseMs: 0 });
    expect(report).toMatchObject({ deleted: 1 });
    // record 3 keeps only its edit; the batch still holds every other record's create
    expect((await historyOf(tables, 3)).map((revision) => revision.action)).toEqual(['update']);
    expect((await historyOf(tables, 4)).map((revision) => revision.action)).toEqual(['create']);
    expect(await storedRows(tables)).toEqual([`batch of ${String(RECORDS - 1)}`, '3']);
    const logical = await storedRevisions(tables.knex);
    expect(
      logical.filter((revision) => revision.recordKey === '3').map((revision) => revision.action),
    ).toEqual(['update']);

    const byAge = await tables.admin.patch(`/api/metadata/tables/${String(tables.order.id)}`, {
      historyMode: 'days',
      historyKeep: 1,
    });
    expect(byAge.statusCode, byAge.body).toBeLessThan(300);
    await pruneHistoryRound(tables.app.dataSources.primary, {
      pauseMs: 0,
      now: Date.now() + 3 * 24 * 3600 * 1000,
    });
    expect(await storedRows(tables)).toEqual([]);
    // a record whose history is gone is still a record: its history is empty, not missing
    expect(await historyOf(tables, 4)).toEqual([]);
  });
});
