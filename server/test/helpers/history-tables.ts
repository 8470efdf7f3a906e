import type { Knex } from 'knex';
import type { App } from '../../src/app';
import { SHARED_STATE } from '../../src/db/table-names';
import { batchEntries } from '../../src/services/history/pack-create-batches';
import { createRelation, createTable, type CreatedTable } from './business-tables';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from './metadata-api';
import { clearTables } from './physical-schema';
import { login, type TestApps } from './test-app';

/** A stored revision as its row holds it, `changes` parsed. */
export interface StoredRevision {
  id: number;
  dataSource: string;
  tableName: string;
  recordKey: string;
  action: string;
  userId: number | null;
  userName: string | null;
  channel: string;
  requestId: string | null;
  changes: { column: string; old?: unknown; new?: unknown; secret?: true }[];
}

/**
 * Every revision stored, oldest first: a create batch (a row holding the creates of many records
 * of one write) as one revision per record it holds, each with the batch's id.
 */
export const storedRevisions = async (knex: Knex): Promise<StoredRevision[]> =>
  (await knex(SHARED_STATE.revision).select('*').orderBy('id')).flatMap((row: Record<string, unknown>) => {
    const revision = {
      id: Number(row.id),
      dataSource: String(row.dataSource),
      tableName: String(row.tableName),
      recordKey: String(row.recordKey),
      action: String(row.action),
      userId: row.userId === null ? null : Number(row.userId),
      userName: row.userName === null ? null : String(row.userName),
      channel: String(row.channel),
      requestId: row.requestId === null ? null : String(row.requestId),
    };
    if (row.keyFrom === null || row.keyFrom === undefined)
      return [{ ...revision, changes: JSON.parse(String(row.changes)) as StoredRevision['changes'] }];
    return [...batchEntries(String(row.changes))].map(([recordKey, held]) => ({
      ...revision,
      recordKey,
      changes: held as StoredRevision['changes'],
    }));
  });

/** A browser's fetch: record history names its writes `web`. */
export const BROWSER = { 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-origin' };

/**
 * `purchase` (amount, a PASSWORD pin) owning `purchaseLine` rows (OneToMany `lines`, a UNIQUE sku),
 * made through the API by `admin`, the relation stored in `knex` (primary).
 */
export const createPurchaseTables = async (
  admin: ApiClient,
  knex: Knex,
): Promise<{ order: CreatedTable; line: CreatedTable }> => {
  const order = await createTable(admin, {
    name: 'purchase',
    columns: [
      ...SYSTEM_COLUMNS,
      { name: 'amount', dataType: 'INT', queryable: true },
      { name: 'note', dataType: 'VARCHAR', length: 50 },
      { name: 'pin', dataType: 'PASSWORD' },
    ],
  });
  const line = await createTable(admin, {
    name: 'purchaseLine',
    columns: [
      ...SYSTEM_COLUMNS,
      { name: 'sku', dataType: 'VARCHAR', length: 20, indexType: 'UNIQUE' },
      { name: 'purchaseId', dataType: 'BIGINT' },
    ],
  });
  await createRelation(knex, {
    name: 'lines',
    relationType: 'OneToMany',
    from: order,
    fromColumn: 'id',
    to: line,
    toColumn: 'purchaseId',
  });
  return { order, line };
};

export interface HistoryTables {
  app: App;
  knex: Knex;
  admin: ApiClient;
  cookie: string;
  order: CreatedTable;
  line: CreatedTable;
}

/**
 * `purchase` (amount, a PASSWORD pin, soft-delete flag) owning `purchaseLine` rows (OneToMany
 * `lines`, a UNIQUE sku), no history yet; the administrator's client is a browser.
 */
export const createHistoryTables = async (
  apps: TestApps,
  options?: Parameters<TestApps['build']>[0],
): Promise<HistoryTables> => {
  // Tables of earlier tests go; the app built afterwards describes the system tables again.
  await clearTables((await apps.build()).dataSources.primary.knex);
  const app = await apps.build(options);
  const knex = app.dataSources.primary.knex;
  await knex(SHARED_STATE.revision).delete();
  const { cookie } = await login(app);
  const admin = apiClient(app, cookie, BROWSER);
  const { order, line } = await createPurchaseTables(admin, knex);
  return { app, knex, admin, cookie, order, line };
};
