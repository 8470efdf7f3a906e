/**
 * What MariaDB's keyword-search indexes cost writers: the same writes through the driver into
 * copies of one table whose `fullTextBody` holds texts like the `list` suite's (65 characters on
 * average, CJK and Latin): without a search index, with Mroonga (when the server has it), and with
 * crudboard's InnoDB bigram tables. Figures: rows per second of 1,000-row INSERT statements (and,
 * into the InnoDB bigram table, of the same statements with their bigrams staged first, as an
 * import writes them), of single-row INSERTs, of single-row UPDATEs of the text and of single-row
 * DELETEs (each its own transaction), and the time to index a table that already holds the
 * batched rows. MYSQL_URL says where; a database `cb_bench_search_write` is made afresh there
 * and dropped at the end. With BENCH_GALERA=1 the suite starts a three-node Galera cluster of its own instead (Debian
 * `galera-4`) and writes through its first node: every commit is certified by the others.
 *
 *   BENCH_WRITE_ROWS     rows of the batched inserts (default 100000)
 *   BENCH_WRITE_SINGLES  single-row inserts, updates and deletes (default 2000)
 *   BENCH_GALERA         1: on a Galera cluster the suite starts
 *
 *   tsx bench/search-write-cost.ts
 */
import knex, { type Knex } from 'knex';
import type { FullText } from '../server/src/dialects/full-text/full-text';
import { mariadbBigramFullText } from '../server/src/dialects/full-text/mariadb-bigrams';
import { mroongaFullText } from '../server/src/dialects/full-text/mysql-full-text';
import { keyedFullTextTable } from '../server/test/helpers/keyed-full-text-table';
import { startGaleraCluster } from '../test-support/galera';
import { envInteger } from './bench-stats';
import { randomSource } from './seed-rows';

const DATABASE = 'cb_bench_search_write';
const BATCH = 1000;

const WORDS = [
  '物流跟踪',
  '加急配送',
  '杭州',
  '北京',
  '彭涵',
  '王伟',
  'urgent',
  'standard',
  '电子产品',
  '售后服务',
];

/** A text of 8–12 words, as deterministic as the `list` suite's. */
const texts = (() => {
  const random = randomSource(11);
  return (i: number) =>
    `订单${i} ${Array.from({ length: 8 + random.int(5) }, () => random.pick(WORDS)).join(' ')}`;
})();

const target = keyedFullTextTable;

const makeTable = async (db: Knex, name: string) => {
  await db.schema.createTable(name, (t) => {
    t.charset('utf8mb4');
    t.collate('utf8mb4_unicode_ci');
    t.bigIncrements('id');
    t.string('name', 100);
    t.text('fullTextBody', 'longtext');
  });
};

/** Rows per second of `work`, which writes `rows` rows. */
const rate = async (rows: number, work: () => Promise<void>): Promise<number> => {
  const started = performance.now();
  await work();
  return rows / ((performance.now() - started) / 1000);
};

const batchOf = (start: number, rows: number) =>
  Array.from({ length: Math.min(BATCH, rows - start) }, (_, i) => ({
    name: `row ${start + i}`,
    fullTextBody: texts(start + i),
  }));

/** 1,000-row INSERTs, each in a transaction of its own with its bigrams staged first (an import's way). */
const stagedBatches = (db: Knex, table: string, rows: number) =>
  rate(rows, async () => {
    for (let start = 0; start < rows; start += BATCH) {
      const batch = batchOf(start, rows);
      await db.transaction(async (trx) => {
        const prepare = await mariadbBigramFullText.insertPreparer!(trx, target(table));
        const done = await prepare!(batch.map((row) => row.fullTextBody));
        await trx(table).insert(batch);
        await done();
      });
    }
  });

const measure = async (db: Knex, table: string, rows: number, singles: number) => {
  const batched = await rate(rows, async () => {
    for (let start = 0; start < rows; start += BATCH) await db(table).insert(batchOf(start, rows));
  });
  const single = await rate(singles, async () => {
    for (let i = 0; i < singles; i++) {
      await db(table).insert({ name: `single ${i}`, fullTextBody: texts(rows + i) });
    }
  });
  const ids = (await db(table).select('id').orderBy('id').limit(singles)) as { id: number }[];
  const updated = await rate(ids.length, async () => {
    for (const { id } of ids)
      await db(table)
        .where('id', id)
        .update({ fullTextBody: texts(id + 7) });
  });
  const deleted = await rate(ids.length, async () => {
    for (const { id } of ids) await db(table).where('id', id).delete();
  });
  return { batched, single, updated, deleted };
};

const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')} rows/s`;

const hasMroonga = async (db: Knex): Promise<boolean> => {
  const [rows] = (await db.raw(
    "SELECT 1 FROM information_schema.ENGINES WHERE ENGINE = 'Mroonga' AND SUPPORT IN ('YES', 'DEFAULT')",
  )) as unknown as [unknown[]];
  return rows.length > 0;
};

export const runSearchWriteCost = async (): Promise<void> => {
  const galera = process.env.BENCH_GALERA === '1' ? await startGaleraCluster(3) : null;
  try {
    await measureSearchWriteCost(
      galera ? galera.nodes[0]!.url() : process.env.MYSQL_URL,
      galera ? 'galera' : 'mysql',
    );
  } finally {
    await galera?.remove();
  }
};

const measureSearchWriteCost = async (adminUrl: string | undefined, tag: string): Promise<void> => {
  if (!adminUrl) {
    console.log('search-write-cost: set MYSQL_URL (MariaDB), or BENCH_GALERA=1');
    return;
  }
  const rows = envInteger('BENCH_WRITE_ROWS', 100_000);
  const singles = envInteger('BENCH_WRITE_SINGLES', 2000);
  const url = new URL(adminUrl);
  const admin = knex({ client: 'mysql2', connection: adminUrl, pool: { min: 1, max: 1 } });
  try {
    await admin.raw(`DROP DATABASE IF EXISTS ${DATABASE}`);
    await admin.raw(`CREATE DATABASE ${DATABASE}`);
    url.pathname = `/${DATABASE}`;
    const db = knex({ client: 'mysql2', connection: url.toString(), pool: { min: 1, max: 1 } });
    try {
      const indexes: [string, FullText | null][] = [
        ['plain_rows', null],
        ['innodb_rows', mariadbBigramFullText],
        ...((await hasMroonga(db)) ? [['mroonga_rows', mroongaFullText] as [string, FullText]] : []),
      ];
      for (const [name, fullText] of indexes) {
        await makeTable(db, name);
        if (fullText) await fullText.createIndex(db, target(name));
      }
      // A first untimed round of each, so that none is measured on a cold server.
      for (const [name] of indexes) await measure(db, name, Math.min(rows, 10_000), Math.min(singles, 200));
      const results: Awaited<ReturnType<typeof measure>>[] = [];
      for (const [name] of indexes) {
        await db(name).truncate();
        results.push(await measure(db, name, rows, singles));
      }
      const plain = results[0]!;
      const innodb = indexes.findIndex(([name]) => name === 'innodb_rows');
      await db('innodb_rows').truncate();
      const staged = await stagedBatches(db, 'innodb_rows', rows);
      for (const key of ['batched', 'single', 'updated', 'deleted'] as const) {
        const label = {
          batched: `insert, ${BATCH} rows a statement`,
          single: 'insert, one row a transaction',
          updated: 'update of the text, one row',
          deleted: 'delete, one row a transaction',
        }[key];
        const others = indexes
          .slice(1)
          .map(([name], i) => {
            const value = results[i + 1]![key];
            return `${name.replace('_rows', '')} ${perSecond(value)} (${((value / plain[key]) * 100).toFixed(0)}%)`;
          })
          .join(' | ');
        console.log(`[${tag}] ${label.padEnd(32)} without ${perSecond(plain[key]).padStart(15)} | ${others}`);
      }
      console.log(
        `[${tag}] ${'insert, bigrams staged (import)'.padEnd(32)} innodb ${perSecond(staged)} (${((staged / plain.batched) * 100).toFixed(0)}% of without; ${((staged / results[innodb]!.batched) * 100).toFixed(0)}% of its trigger's loop)`,
      );
      // Indexing a table that already holds the rows (the designer turning the index on).
      for (const [name, fullText] of indexes.slice(1)) {
        await fullText!.dropIndex(db, target(name));
        const started = performance.now();
        await fullText!.createIndex(db, target(name));
        const [[{ n }]] = (await db.raw('SELECT COUNT(*) AS n FROM ??', [name])) as unknown as [
          [{ n: number }],
        ];
        console.log(
          `[${tag}] ${name.replace('_rows', '')}: index of ${Number(n).toLocaleString('en-US')} rows made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      }
    } finally {
      await db.destroy();
    }
    await admin.raw(`DROP DATABASE IF EXISTS ${DATABASE}`);
  } finally {
    await admin.destroy();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runSearchWriteCost();
}
