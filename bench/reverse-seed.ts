import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import knex, { type Knex } from 'knex';
import type { Client, DataSourceConfig } from '../server/src/config';
import { BENCH_DATA_ROOT } from './bench-target';
import { insertRows, randomSource } from './seed-rows';

/** Bump when the seeded tables or rows change: cached databases of another version are rebuilt. */
export const REVERSE_SEED_VERSION = 1;

/** The data source holding the existing database (not `primary`: crudboard does not own it). */
export const LEGACY_SOURCE = 'legacy';
/** Physical names of the existing tables: mixed case, one with a space. */
export const LINE_TABLE = 'Order Lines';
export const PRODUCT_TABLE = 'Products';
export const PRODUCTS = 1_000;

/** An existing database the reverse benchmark runs against, seeded once and kept while its key matches. */
export interface ReverseTarget {
  client: Client;
  /** The server's data directory (its own `primary`, embedded SQLite). */
  dataDir: string;
  /** The existing database, as the server's second data source. */
  source: DataSourceConfig;
  isSeeded(): Promise<boolean>;
  /** Drops what a previous (partial or outdated) seed left. */
  reset(): Promise<void>;
  markSeeded(): Promise<void>;
}

const seedKey = (client: Client, rows: number) => `reverse-${client}-v${REVERSE_SEED_VERSION}-${rows}`;

/** A plain Knex on the existing database, as any program using it would open one. */
export const openLegacy = (source: DataSourceConfig): Knex =>
  source.client === 'sqlite'
    ? knex({ client: 'better-sqlite3', connection: { filename: source.connection }, useNullAsDefault: true })
    : knex({ client: source.client === 'pg' ? 'pg' : 'mysql2', connection: source.connection });

const withKnex = async <T>(client: 'pg' | 'mysql2', url: string, work: (db: Knex) => Promise<T>) => {
  const db = knex({ client, connection: url, pool: { min: 0, max: 1 } });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
};

/** SQLite: `bench/.data/<key>/legacy.sqlite` beside the server's own database; a marker file says the seed is complete. */
const sqliteTarget = (rows: number): ReverseTarget => {
  const dataDir = join(BENCH_DATA_ROOT, seedKey('sqlite', rows));
  const file = join(dataDir, `${LEGACY_SOURCE}.sqlite`);
  const marker = join(dataDir, 'seeded.json');
  return {
    client: 'sqlite',
    dataDir,
    source: {
      name: LEGACY_SOURCE,
      caption: '既有数据库',
      client: 'sqlite',
      connection: file,
      database: `${LEGACY_SOURCE}.sqlite`,
    },
    isSeeded: async () => existsSync(marker),
    reset: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
    },
    markSeeded: async () => {
      writeFileSync(
        marker,
        JSON.stringify({ version: REVERSE_SEED_VERSION, rows, at: new Date().toISOString() }),
      );
    },
  };
};

/** Read by the seed check only; crudboard never lists `cb_` tables as reversible. */
const MARKER_TABLE = 'cb_bench_seed';

/** PostgreSQL or MySQL / MariaDB: database `cb_bench_reverse_<client>_v<version>_<rows>` on the server of `adminUrl`. */
const serverTarget = (client: 'pg' | 'mysql', adminUrl: string, rows: number): ReverseTarget => {
  const database = `cb_bench_${seedKey(client, rows).replace(/-/g, '_')}`;
  const driver = client === 'pg' ? 'pg' : 'mysql2';
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const dataDir = join(BENCH_DATA_ROOT, seedKey(client, rows));
  mkdirSync(dataDir, { recursive: true });
  return {
    client,
    dataDir,
    source: { name: LEGACY_SOURCE, caption: '既有数据库', client, connection: url.toString(), database },
    isSeeded: async () => {
      const exists = await withKnex(driver, adminUrl, async (admin) => {
        const found: unknown = await (client === 'pg'
          ? admin('pg_database').where('datname', database).first('datname')
          : admin('information_schema.SCHEMATA').where('SCHEMA_NAME', database).first('SCHEMA_NAME'));
        return found !== undefined;
      });
      return exists && withKnex(driver, url.toString(), (db) => db.schema.hasTable(MARKER_TABLE));
    },
    reset: () =>
      withKnex(driver, adminUrl, async (admin) => {
        if (client === 'pg') {
          await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [database]);
          await admin.raw('CREATE DATABASE ??', [database]);
        } else {
          await admin.raw('DROP DATABASE IF EXISTS ??', [database]);
          await admin.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [database]);
        }
      }),
    markSeeded: () =>
      withKnex(driver, url.toString(), async (db) => {
        await db.schema.createTable(MARKER_TABLE, (t) => {
          t.integer('version');
          t.integer('rowCount');
        });
        await db(MARKER_TABLE).insert({ version: REVERSE_SEED_VERSION, rowCount: rows });
      }),
  };
};

/** SQLite always, PostgreSQL when PG_URL is set, MySQL / MariaDB when MYSQL_URL is set. */
export const reverseTargets = (rows: number): ReverseTarget[] => {
  const targets = [sqliteTarget(rows)];
  if (process.env.PG_URL) targets.push(serverTarget('pg', process.env.PG_URL, rows));
  if (process.env.MYSQL_URL) targets.push(serverTarget('mysql', process.env.MYSQL_URL, rows));
  return targets;
};

/** Column types as a schema written by hand for each database would spell them. */
const TYPES: Record<Client, { key: string; money: string; text: string; dateTime: string; suffix: string }> =
  {
    sqlite: {
      key: 'INTEGER PRIMARY KEY',
      money: 'NUMERIC(10,2)',
      text: 'VARCHAR(200)',
      dateTime: 'DATETIME',
      suffix: '',
    },
    pg: {
      key: 'INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY',
      money: 'NUMERIC(10,2)',
      text: 'VARCHAR(200)',
      dateTime: 'TIMESTAMP',
      suffix: '',
    },
    mysql: {
      key: 'INT NOT NULL AUTO_INCREMENT PRIMARY KEY',
      money: 'DECIMAL(10,2)',
      text: 'VARCHAR(200)',
      dateTime: 'DATETIME',
      suffix: ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4',
    },
  };

/**
 * `Products` (1,000 rows) and `Order Lines` (INTEGER key, a foreign key to Products with an index,
 * quantity, unit price, note, order date, shipping time), created by plain DDL.
 */
const createTables = async (db: Knex, client: Client): Promise<void> => {
  const t = TYPES[client];
  const q = (name: string) => (client === 'mysql' ? `\`${name}\`` : `"${name}"`);
  await db.raw(
    `CREATE TABLE ${q(PRODUCT_TABLE)} (${q('id')} ${t.key}, ${q('name')} ${t.text} NOT NULL,` +
      ` ${q('price')} ${t.money} NOT NULL, ${q('addedOn')} DATE)${t.suffix}`,
  );
  await db.raw(
    `CREATE TABLE ${q(LINE_TABLE)} (${q('id')} ${t.key}, ${q('productId')} INTEGER NOT NULL,` +
      ` ${q('quantity')} INTEGER NOT NULL, ${q('unitPrice')} ${t.money} NOT NULL, ${q('note')} ${t.text},` +
      ` ${q('orderedOn')} DATE NOT NULL, ${q('shippedAt')} ${t.dateTime},` +
      ` CONSTRAINT ${q('fk_order_lines_product')} FOREIGN KEY (${q('productId')})` +
      ` REFERENCES ${q(PRODUCT_TABLE)} (${q('id')}))${t.suffix}`,
  );
  // MySQL indexes a foreign key by itself; the other two are given the index a schema would have.
  if (client !== 'mysql')
    await db.raw(`CREATE INDEX ${q('idx_order_lines_product')} ON ${q(LINE_TABLE)} (${q('productId')})`);
};

const WORDS = ['gift wrap', 'fragile', 'express', 'call first', 'back door', 'weekend', 'invoice', 'repack'];
const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_DAY = Date.UTC(2019, 0, 1);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dateTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

const settle = async (db: Knex, client: Client): Promise<void> => {
  if (client === 'pg') {
    for (const table of [PRODUCT_TABLE, LINE_TABLE]) {
      await db.raw(`SELECT setval(pg_get_serial_sequence(?, 'id'), (SELECT MAX(id) FROM ??))`, [
        db.raw('??', [table]).toQuery(),
        table,
      ]);
    }
    await db.raw('ANALYZE ??, ??', [PRODUCT_TABLE, LINE_TABLE]);
  } else if (client === 'mysql') await db.raw('ANALYZE TABLE ??, ??', [PRODUCT_TABLE, LINE_TABLE]);
  else await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
};

/**
 * Seeds the existing database unless it already holds this seed: the tables by plain DDL and the
 * rows by the driver, as another application would have written them, without crudboard.
 */
export const seedReverseTarget = async (
  target: ReverseTarget,
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
  const db = openLegacy(target.source);
  try {
    if (target.client === 'sqlite') await db.raw('PRAGMA journal_mode = WAL');
    await createTables(db, target.client);
    const random = randomSource(3);
    await insertRows(db, PRODUCT_TABLE, PRODUCTS, (i) => ({
      id: i + 1,
      name: `Product ${i + 1} ${random.pick(WORDS)}`,
      price: (random.int(100_000) / 100).toFixed(2),
      addedOn: day(FIRST_DAY + random.int(365) * DAY_MS),
    }));
    const step = Math.max(1, Math.floor(rows / 10));
    let reported = 0;
    await insertRows(
      db,
      LINE_TABLE,
      rows,
      (i) => {
        const ordered = FIRST_DAY + random.int(6 * 365) * DAY_MS;
        return {
          id: i + 1,
          productId: 1 + random.int(PRODUCTS),
          quantity: 1 + random.int(50),
          unitPrice: (random.int(100_000) / 100).toFixed(2),
          note: random.next() < 0.3 ? random.pick(WORDS) : null,
          orderedOn: day(ordered),
          shippedAt: random.next() < 0.9 ? dateTime(ordered + random.int(5 * DAY_MS)) : null,
        };
      },
      (done) => {
        if (done - reported < step && done < rows) return;
        reported = done;
        log(`  ${done} rows, ${((performance.now() - started) / 1000).toFixed(1)} s`);
      },
    );
    await settle(db, target.client);
  } finally {
    await db.destroy();
  }
  await target.markSeeded();
  log(`${target.client}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
};
