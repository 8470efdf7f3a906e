/**
 * What keeping a table's exact row count costs its writers on PostgreSQL and MySQL / MariaDB: the
 * same writes through the driver into two copies of one table, one with crudboard's count triggers
 * (as every table crudboard creates there has) and one without. Figures: rows per second of
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

const row = (i: number) => ({ name: `row ${i}`, amount: i % 1000, note: i % 7 === 0 ? 'urgent 物流' : null });

const makeTable = async (db: Knex, name: string, counted: boolean, client: Target['client']) => {
  await db.schema.createTable(name, (t) => {
    t.bigIncrements('id');
    t.string('name', 100);
    t.integer('amount');
    t.string('note', 200);
  });
  if (!counted) return;
  if (client === 'pg') await db.transaction((trx) => attachPgRowCount(trx, name, { empty: true }));
  else await resetMysqlRowCount(db, name, { empty: true });
};

/** Rows per second of `work`, which writes `rows` rows. */
const rate = async (rows: number, work: () => Promise<void>): Promise<number> => {
  const started = performance.now();
  await work();
  return rows / ((performance.now() - started) / 1000);
};

const measure = async (db: Knex, table: string, rows: number, singles: number) => {
  const batched = await rate(rows, async () => {
    for (let start = 0; start < rows; start += BATCH) {
      await db(table).insert(Array.from({ length: Math.min(BATCH, rows - start) }, (_, i) => row(start + i)));
    }
  });
  const single = await rate(singles, async () => {
    for (let i = 0; i < singles; i++) await db(table).insert(row(rows + i));
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
      await makeTable(db, 'plain_rows', false, target.client);
      await makeTable(db, 'counted_rows', true, target.client);
      // A first untimed round of both, so that neither is measured on a cold server.
      await measure(db, 'plain_rows', rows, singles);
      await measure(db, 'counted_rows', rows, singles);
      const plain = await measure(db, 'plain_rows', rows, singles);
      const counted = await measure(db, 'counted_rows', rows, singles);
      const line = (label: string, a: number, b: number) =>
        console.log(
          `[${target.client}] ${label.padEnd(34)} without ${perSecond(a).padStart(15)} | with count triggers ${perSecond(b).padStart(15)} (${((b / a) * 100).toFixed(0)}%)`,
        );
      line(`insert, ${BATCH} rows a statement`, plain.batched, counted.batched);
      line('insert, one row a transaction', plain.single, counted.single);
      line('delete, one row a transaction', plain.deleted, counted.deleted);
      const [{ n }] = (await db('counted_rows').count({ n: '*' })) as [{ n: unknown }];
      console.log(
        `[${target.client}]   (${String(n)} rows left in the counted table, as counted by count(*))`,
      );
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
