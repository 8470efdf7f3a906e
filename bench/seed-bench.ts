import type { Knex } from 'knex';
import { loadItemTable } from '../server/src/services/items/load-item-table';
import type { StoredColumn } from '../server/src/services/metadata-rows';
import { startBenchServer, type BenchServer } from './bench-server';
import type { BenchTarget } from './bench-target';
import { CUSTOMER_API, CUSTOMER_TABLE, createBenchSchema, ORDER_API, ORDER_TABLE } from './seed-schema';
import {
  customerInput,
  insertRows,
  orderInput,
  randomSource,
  rowFor,
  SEARCH_TERMS,
  SOFT_DELETED_EVERY,
} from './seed-rows';

export const CUSTOMERS = 10_000;
const FIRST_CREATED = new Date(2025, 0, 1, 8, 0, 0);
const USER_ID = 1;
const SKIPPED = new Set(['id', 'createdDate', 'lastModifiedDate']);

const sameValue = (a: unknown, b: unknown): boolean => {
  const normal = (value: unknown) => (typeof value === 'bigint' ? value.toString() : JSON.stringify(value));
  return normal(a) === normal(b);
};

/**
 * Proves that the bulk rows are what the server writes: one record created through the API and
 * the same values inserted the bulk way must be stored identically (audit times aside) and both
 * be found by a keyword search. Both are deleted afterwards.
 */
const checkBulkRowsMatchServer = async (
  server: BenchServer,
  db: Knex,
  columns: readonly StoredColumn[],
): Promise<void> => {
  const input = orderInput(randomSource(7), 0, CUSTOMERS);
  const apiId = Number(await server.call('POST', `/api/business/${ORDER_API}`, input, 201));
  const bulkId = apiId + 1;
  await insertRows(db, ORDER_TABLE, 1, () => ({
    id: bulkId,
    ...rowFor(columns, input, new Date(), USER_ID),
  }));
  const rows: Record<string, unknown>[] = await db(ORDER_TABLE).whereIn('id', [apiId, bulkId]).orderBy('id');
  const [viaApi, viaBulk] = rows;
  if (!viaApi || !viaBulk) throw new Error('the check rows were not stored');
  const differing = Object.keys(viaApi).filter(
    (key) => !SKIPPED.has(key) && !sameValue(viaApi[key], viaBulk[key]),
  );
  if (differing.length > 0) {
    const show = (row: Record<string, unknown>) =>
      JSON.stringify(Object.fromEntries(differing.map((key) => [key, String(row[key])])));
    throw new Error(
      `bulk rows differ from the server's in ${differing.join(', ')}: ${show(viaApi)} vs ${show(viaBulk)}`,
    );
  }
  const found = await server.call(
    'GET',
    `/api/business/${ORDER_API}/count?search=${encodeURIComponent(String(input.name))}`,
  );
  if (found !== 2) throw new Error(`keyword search found ${String(found)} of the 2 check rows`);
  await server.call('DELETE', `/api/business/${ORDER_API}?isSoftDelete=false`, [apiId, bulkId], 204);
};

/** After explicit ids, PostgreSQL's sequence must continue past them. */
const syncSequences = async (db: Knex, client: BenchTarget['client']): Promise<void> => {
  if (client !== 'pg') return;
  for (const table of [CUSTOMER_TABLE, ORDER_TABLE]) {
    await db.raw(`SELECT setval(pg_get_serial_sequence(?, 'id'), (SELECT MAX(id) FROM ??))`, [table, table]);
  }
};

/**
 * Statistics as the database has them in production: PostgreSQL's autovacuum and InnoDB analyse
 * bulk-loaded tables by themselves; SQLite never does (the server does not run ANALYZE), so the
 * SQLite file is left as the server would leave it. The WAL is checkpointed into the file.
 */
const settle = async (db: Knex, client: BenchTarget['client']): Promise<void> => {
  if (client === 'pg') await db.raw(`ANALYZE ${CUSTOMER_TABLE}, ${ORDER_TABLE}`);
  else if (client === 'mysql') await db.raw(`ANALYZE TABLE ${CUSTOMER_TABLE}, ${ORDER_TABLE}`);
  else await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
};

/** The full-text index answers like a plain substring scan of the body. */
const checkSearchIndex = async (server: BenchServer, db: Knex): Promise<void> => {
  const term = SEARCH_TERMS.zh3;
  const viaApi = Number(
    await server.call('GET', `/api/business/${ORDER_API}/count?search=${encodeURIComponent(term)}`),
  );
  const row = (await db(ORDER_TABLE)
    .where('fullTextBody', 'like', `%${term}%`)
    .count({ n: '*' })
    .first()) as { n: unknown };
  if (viaApi !== Number(row.n)) {
    throw new Error(`search "${term}" counts ${viaApi} through the API but ${String(row.n)} by LIKE`);
  }
};

/**
 * Seeds a target unless it already holds this seed: schema through the metadata API, then
 * 10,000 customers and `rows` orders bulk-inserted with the driver, exactly as the server would
 * have stored them (checked against a record created through the API).
 */
export const seedTarget = async (
  target: BenchTarget,
  rows: number,
  log: (line: string) => void,
): Promise<void> => {
  if (await target.isSeeded()) {
    log(`${target.client}: reusing the seeded database (${rows} rows)`);
    return;
  }
  log(`${target.client}: seeding ${rows} rows...`);
  const started = performance.now();
  await target.reset();
  const server = await startBenchServer(target.config);
  try {
    await createBenchSchema(server);
    const db = server.app.dataSources.primary.knex;
    const orders = await loadItemTable(db, ORDER_API);
    const customers = await loadItemTable(db, CUSTOMER_API);
    await checkBulkRowsMatchServer(server, db, orders.table.columns);

    const customerRandom = randomSource(1);
    await insertRows(db, CUSTOMER_TABLE, CUSTOMERS, (i) => ({
      id: i + 1,
      ...rowFor(customers.table.columns, customerInput(customerRandom, i + 1), FIRST_CREATED, USER_ID),
    }));

    const random = randomSource(2);
    const step = Math.max(1, Math.floor(rows / 10));
    let reported = 0;
    await insertRows(
      db,
      ORDER_TABLE,
      rows,
      (i) => {
        const n = i + 1;
        const created = new Date(FIRST_CREATED.getTime() + n * 1000);
        const row: Record<string, unknown> = {
          id: n,
          ...rowFor(orders.table.columns, orderInput(random, n, CUSTOMERS), created, USER_ID),
        };
        if (n % SOFT_DELETED_EVERY === 0) row.isDeleted = true;
        return row;
      },
      (done) => {
        if (done - reported < step && done < rows) return;
        reported = done;
        log(`  ${done} rows, ${((performance.now() - started) / 1000).toFixed(1)} s`);
      },
    );
    await syncSequences(db, target.client);
    await settle(db, target.client);
    await checkSearchIndex(server, db);
  } finally {
    await server.close();
  }
  await target.markSeeded();
  log(`${target.client}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
};
