import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { SHARED_STATE } from '../../../src/db/table-names';
import { sqlDialect } from '../../../src/dialects/sql/sql-dialects';
import { HISTORY_PRUNE_LOCK, pruneHistoryRound } from '../../../src/services/history/prune-history-round';
import { createHistoryTables, storedRevisions, type HistoryTables } from '../../helpers/history-tables';
import { useTestApps } from '../../helpers/test-app';
import { describeEachDatabase, itOn } from '../../helpers/test-databases';

const DAY = 24 * 3600 * 1000;
const NOW = Date.UTC(2026, 5, 1);

interface Planted {
  key: string;
  action: 'create' | 'update' | 'delete';
  daysAgo: number;
  table?: string;
  dataSource?: string;
}

/** Revisions written straight into cb_revision, in the order given (so ids grow with it). */
const plant = async (knex: Knex, revisions: Planted[]) => {
  for (const revision of revisions) {
    await knex(SHARED_STATE.revision).insert({
      dataSource: revision.dataSource ?? 'primary',
      tableName: revision.table ?? 'purchase',
      recordKey: revision.key,
      action: revision.action,
      at: NOW - revision.daysAgo * DAY,
      channel: 'api',
      changes: JSON.stringify([{ column: 'note', new: `${revision.key}-${revision.daysAgo}` }]),
    });
  }
};

const setHistory = async (tables: HistoryTables, body: Record<string, unknown>) => {
  const response = await tables.admin.patch(`/api/metadata/tables/${tables.order.id}`, body);
  expect(response.statusCode, response.body).toBeLessThan(300);
};

const left = async (knex: Knex) =>
  (await storedRevisions(knex)).map(
    (r) => `${r.dataSource}/${r.tableName}/${r.recordKey}/${r.action}/${r.changes[0]?.new}`,
  );

describeEachDatabase('record history pruning ($name)', (db) => {
  const apps = useTestApps(db);

  it('keep N days: deletes the table’s older revisions, a deleted record’s last one too, and nothing else', async () => {
    const tables = await createHistoryTables(apps);
    await plant(tables.knex, [
      { key: '1', action: 'create', daysAgo: 10 },
      { key: '2', action: 'create', daysAgo: 9 },
      { key: '2', action: 'delete', daysAgo: 8 },
      { key: '1', action: 'update', daysAgo: 5 },
      { key: '1', action: 'create', daysAgo: 9, table: 'purchaseLine' },
      { key: '1', action: 'create', daysAgo: 9, dataSource: 'other' },
      { key: '1', action: 'update', daysAgo: 1 },
      { key: '3', action: 'create', daysAgo: 0 },
    ]);
    // On (the default) prunes nothing.
    expect(await pruneHistoryRound(tables.app.dataSources.primary, { now: NOW, pauseMs: 0 })).toEqual({
      tables: 0,
      deleted: 0,
      batches: 0,
    });
    await setHistory(tables, { historyMode: 'days', historyKeep: 3 });
    const report = await pruneHistoryRound(tables.app.dataSources.primary, {
      now: NOW,
      pauseMs: 0,
      batchSize: 2,
    });
    expect(report).toMatchObject({ tables: 1, deleted: 4 });
    expect(await left(tables.knex)).toEqual([
      'primary/purchaseLine/1/create/1-9',
      'other/purchase/1/create/1-9',
      'primary/purchase/1/update/1-1',
      'primary/purchase/3/create/3-0',
    ]);
    // A second round finds nothing more.
    expect(await pruneHistoryRound(tables.app.dataSources.primary, { now: NOW, pauseMs: 0 })).toMatchObject({
      deleted: 0,
    });
  });

  it('keep N revisions: keeps each record’s newest N, a delete among them', async () => {
    const tables = await createHistoryTables(apps);
    await plant(tables.knex, [
      { key: '1', action: 'create', daysAgo: 50 },
      { key: '2', action: 'create', daysAgo: 49 },
      { key: '1', action: 'update', daysAgo: 48 },
      { key: '1', action: 'update', daysAgo: 47 },
      { key: '2', action: 'update', daysAgo: 46 },
      { key: '1', action: 'update', daysAgo: 45 },
      { key: '2', action: 'delete', daysAgo: 44 },
      { key: '3', action: 'create', daysAgo: 43 },
      { key: '1', action: 'update', daysAgo: 42 },
      { key: '1', action: 'create', daysAgo: 41, table: 'purchaseLine' },
      { key: '1', action: 'update', daysAgo: 40, table: 'purchaseLine' },
      { key: '1', action: 'update', daysAgo: 39, table: 'purchaseLine' },
    ]);
    await setHistory(tables, { historyMode: 'revisions', historyKeep: 2 });
    const report = await pruneHistoryRound(tables.app.dataSources.primary, {
      now: NOW,
      pauseMs: 0,
      batchSize: 2,
    });
    expect(report).toMatchObject({ tables: 1, deleted: 4 });
    expect(await left(tables.knex)).toEqual([
      'primary/purchase/2/update/2-46',
      'primary/purchase/1/update/1-45',
      'primary/purchase/2/delete/2-44',
      'primary/purchase/3/create/3-43',
      'primary/purchase/1/update/1-42',
      'primary/purchaseLine/1/create/1-41',
      'primary/purchaseLine/1/update/1-40',
      'primary/purchaseLine/1/update/1-39',
    ]);
    // The history route reads what is left.
    const history = await tables.admin.get('/api/business/purchase/1/history');
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().map((r: { action: string }) => r.action)).toEqual(['update', 'update']);
  });

  it('runs one round at a time: a round asked for while one runs is skipped', async () => {
    const tables = await createHistoryTables(apps);
    await plant(
      tables.knex,
      Array.from({ length: 6 }, (_, i) => ({ key: String(i), action: 'create' as const, daysAgo: 30 })),
    );
    await setHistory(tables, { historyMode: 'days', historyKeep: 1 });
    const other = await apps.build();
    const first = pruneHistoryRound(tables.app.dataSources.primary, { now: NOW, pauseMs: 60, batchSize: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await pruneHistoryRound(other.dataSources.primary, { now: NOW, pauseMs: 0 });
    expect(second).toBeNull();
    expect(await first).toMatchObject({ deleted: 6, batches: 6 });
    expect(await storedRevisions(tables.knex)).toEqual([]);
  });

  itOn(
    db,
    'pg',
    'mysql',
  )('skips the round while another server holds the prune lock', async () => {
    const tables = await createHistoryTables(apps);
    await plant(tables.knex, [{ key: '1', action: 'create', daysAgo: 30 }]);
    await setHistory(tables, { historyMode: 'days', historyKeep: 1 });
    const other = await apps.build();
    const source = other.dataSources.primary;
    const skipped = await sqlDialect(source.client).withDatabaseLock(source.knex, HISTORY_PRUNE_LOCK, () =>
      pruneHistoryRound(tables.app.dataSources.primary, { now: NOW, pauseMs: 0 }),
    );
    expect(skipped).toBeNull();
    expect(await storedRevisions(tables.knex)).toHaveLength(1);
    expect(await pruneHistoryRound(tables.app.dataSources.primary, { now: NOW, pauseMs: 0 })).toMatchObject({
      deleted: 1,
    });
  });
});
