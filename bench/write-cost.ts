/**
 * What keeping a table's exact row count costs its writers on PostgreSQL and MySQL / MariaDB: the
 * same writes through the driver into three copies of one table (with an indexed `ownerId`, rows
 * spread over 100 owners): without triggers, with crudboard's count triggers (as every table
 * crudboard creates there has), and with the owners counted too (as a table read under the row
 * rule `ownerId = $user.id` has). Figures: rows per second of
 * 1,000-row INSERT statements, of single-row INSERT statements (each its own transaction), and of
 * single-row DELETEs, each with and without the triggers. PG_URL / MYSQL_URL say where; a
 * database `cb_bench_write_cost` is made afresh there and dropped at the end.
 *
 *   BENCH_WRITE_ROWS     rows of the batched inserts (default 100000)
 *   BENCH_WRITE_SINGLES  single-row inserts and deletes (default 2000)
 *   BENCH_DATABASES      comma list among pg,mysql (default: all configured)
 *
 *   tsx bench/write-cost.ts
 */
import knex, { type Knex } from 'knex';
import { attachPgOwnerCount } from '../server/src/dialects/row-count/pg-owner-count';
import { attachPgRowCount } from '../server/src/dialects/row-count/pg-row-count';
import { resetMysqlRowCount } from '../server/src/dialects/row-count/mysql-row-count';
import { envInteger } from './bench-stats';

const DATABASE = 'cb_bench_write_cost';
const BATCH = 1000;

interface Target {
  client: 'pg' | 'mysql';
  adminUrl: string;
}

const targets = (): Target[] => {
  const wanted = process.env.BENCH_DATABASES?.split(',').map((name) => name.trim());
  const all: Target[] = [];
  if (process.env.PG_URL) all.push({ client: 'pg', adminUrl: process.env.PG_URL });
  if (process.env.MYSQL_URL) all.push({ client: 'mysql', adminUrl: process.env.MYSQL_URL });
  return all.filter((target) => !wanted || wanted.includes(target.client));
};

const open = (target: Target, database: string): Knex => {
  const url = new URL(target.adminUrl);
  url.pathname = `/${database}`;
  return knex({
    client: target.client === 'pg' ? 'pg' : 'mysql2',
    connection: url.toString(),
    pool: { min: 1, max: 1 },
  });
};

/** The tables written: which has an owner column, and which keep counts. */
const TABLES = {
  plain_rows: { counted: false, owners: false },
  counted_rows: { counted: true, owners: false },
  owned_rows: { counted: true, owners: true },
} as const;
type TableName = keyof typeof TABLES;

const row = (table: TableName, i: number) => ({
  name: `row ${i}`,
  amount: i % 1000,
  note: i % 7 === 0 ? 'urgent 物流' : null,
  ownerId: (i % 100) + 1,
});

const makeTable = async (db: Knex, name: TableName, client: Target['client']) => {
  const { counted, owners } = TABLES[name];
  await db.schema.createTable(name, (t) => {
    t.bigIncrements('id');
    t.string('name', 100);
    t.integer('amount');
    t.string('note', 200);
    t.bigInteger('ownerId').index();
  });
  if (!counted) return;
  // Owner counts start on a table's first count under an owner rule; here at once.
  if (client === 'pg')
    await db.transaction(async (trx) => {
      await attachPgRowCount(trx, name, { empty: true });
      if (owners) await attachPgOwnerCount(trx, name, { empty: true });
    });
  else await resetMysqlRowCount(db, name, { empty: true, owners });
};

/** Rows per second of `work`, which writes `rows` rows. */
const rate = async (rows: number, work: () => Promise<void>): Promise<number> => {
  const started = performance.now();
  await work();
  return rows / ((performance.now() - started) / 1000);
};

const measure = async (db: Knex, table: TableName, rows: number, singles: number) => {
  const batched = await rate(rows, async () => {
    for (let start = 0; start < rows; start += BATCH) {
      await db(table).insert(
        Array.from({ length: Math.min(BATCH, rows - start) }, (_, i) => row(table, start + i)),
      );
    }
  });
  const single = await rate(singles, async () => {
    for (let i = 0; i < singles; i++) await db(table).insert(row(table, rows + i));
  });
  const ids = (await db(table).select('id').orderBy('id').limit(singles)) as { id: number }[];
  const deleted = await rate(ids.length, async () => {
    for (const { id } of ids) await db(table).where('id', id).delete();
  });
  return { batched, single, deleted };
};

const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')} rows/s`;

const runTarget = async (target: Target, rows: number, singles: number) => {
  const admin = open(target, target.client === 'pg' ? 'postgres' : 'mysql');
  try {
    await admin.raw(`DROP DATABASE IF EXISTS ${DATABASE}`);
    await admin.raw(`CREATE DATABASE ${DATABASE}`);
    const db = open(target, DATABASE);
    try {
      const names = Object.keys(TABLES) as TableName[];
      for (const name of names) await makeTable(db, name, target.client);
      // A first untimed round of each, so that none is measured on a cold server.
      for (const name of names) await measure(db, name, rows, singles);
      const plain = await measure(db, 'plain_rows', rows, singles);
      const counted = await measure(db, 'counted_rows', rows, singles);
      const owned = await measure(db, 'owned_rows', rows, singles);
      const share = (value: number, of: number) =>
        `${perSecond(value).padStart(15)} (${((value / of) * 100).toFixed(0)}%)`;
      const line = (label: string, key: 'batched' | 'single' | 'deleted') =>
        console.log(
          `[${target.client}] ${label.padEnd(34)} without ${perSecond(plain[key]).padStart(15)} | with count triggers ${share(counted[key], plain[key])} | and owner counts ${share(owned[key], plain[key])}`,
        );
      line(`insert, ${BATCH} rows a statement`, 'batched');
      line('insert, one row a transaction', 'single');
      line('delete, one row a transaction', 'deleted');
      for (const name of ['counted_rows', 'owned_rows'] as const) {
        const [{ n }] = (await db(name).count({ n: '*' })) as [{ n: unknown }];
        console.log(`[${target.client}]   (${String(n)} rows left in ${name}, as counted by count(*))`);
      }
    } finally {
      await db.destroy();
    }
    await admin.raw(`DROP DATABASE IF EXISTS ${DATABASE}`);
  } finally {
    await admin.destroy();
  }
};

export const runWriteCost = async (): Promise<void> => {
  const rows = envInteger('BENCH_WRITE_ROWS', 100_000);
  const singles = envInteger('BENCH_WRITE_SINGLES', 2000);
  const list = targets();
  if (list.length === 0) console.log('write-cost: set PG_URL and/or MYSQL_URL');
  for (const target of list) await runTarget(target, rows, singles);
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runWriteCost();
}
