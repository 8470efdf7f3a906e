import { join } from 'node:path';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DataSourceConfig } from '../../src/config';
import { storedRevisions, type StoredRevision } from '../helpers/history-tables';
import { multipartBody } from '../helpers/multipart';
import { xlsxBook } from '../helpers/xlsx-book';
import {
  callServer as call,
  freePort,
  signIn,
  startServerProcess,
  type ServerProcess,
} from '../helpers/server-process';
import { describeEachDatabase, type TestEnvironment } from '../helpers/test-databases';

/**
 * Record history when the server dies: a server is killed (SIGKILL) in the middle of a
 * 10,000-row import, and again in the middle of an import that updates 10,000 stored records,
 * each time while single-record updates keep committing beside it. Afterwards every record's
 * values are exactly what its revisions say, replayed in order: no revision without its write,
 * no write without its revision.
 */

const PASSWORD = 'Crash-admin-Pass-1';
const ROWS = 10_000;
const SEEDED = 20;

const TABLE = {
  name: 'ledger',
  pluralName: 'ledgers',
  tableName: 'ledger',
  caption: '台账',
  columns: [
    { name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true, nullable: false },
    { name: 'name', dataType: 'VARCHAR', length: 100, nullable: false },
    { name: 'qty', dataType: 'INT' },
  ],
};

/** Starts importing `file`: settles with the answer, or with the error of a server that died. */
const startImport = (url: string, cookie: string, file: Buffer) => {
  const body = multipartBody([{ name: 'file', filename: 'ledger.xlsx', value: file }]);
  return fetch(`${url}/api/business/ledger/import`, {
    method: 'POST',
    headers: { ...body.headers, cookie },
    body: body.payload,
  }).then(
    async (response) => ({ status: response.status, body: await response.text() }),
    (error: unknown) => error,
  );
};

/**
 * Single-record updates of the seeded records, four at a time, until the server dies: how many
 * the server answered 200 (each committed with its revision).
 */
const keepUpdating = (url: string, cookie: string, ids: readonly number[]) => {
  let stop = false;
  let answered = 0;
  let firstAnswered = () => {};
  const first = new Promise<void>((done) => (firstAnswered = done));
  const worker = async (offset: number) => {
    for (let n = offset; !stop; n += 4) {
      const id = ids[n % ids.length];
      try {
        const response = await fetch(`${url}/api/business/ledger/${id}`, {
          method: 'PATCH',
          headers: { cookie, 'content-type': 'application/json' },
          // never a seeded value: each answered update changes the record, so each has a revision
          body: JSON.stringify({ qty: 100_000 + n }),
        });
        if (response.status === 200) {
          answered += 1;
          firstAnswered();
        }
      } catch {
        return;
      }
    }
  };
  const workers = Promise.all([0, 1, 2, 3].map(worker));
  return {
    /** Resolves once an update has been answered (within 60 s, else throws). */
    answering: () =>
      Promise.race([
        first,
        new Promise<never>((_, fail) =>
          setTimeout(() => fail(new Error('no update was answered within 60 s')), 60_000).unref(),
        ),
      ]),
    stop: async () => {
      stop = true;
      await workers;
      return answered;
    },
  };
};

/** MySQL: the ledger as read uncommitted, new rows and rows the update import made negative. */
const uncommitted = async (db: Knex): Promise<{ total: number; negative: number }> => {
  // One connection (the pool holds one): read uncommitted for these two counts only.
  await db.raw('SET SESSION TRANSACTION ISOLATION LEVEL READ UNCOMMITTED');
  try {
    const [total] = (await db('ledger').count({ n: '*' })) as { n: number | string }[];
    const [negative] = (await db('ledger').where('qty', '<', 0).count({ n: '*' })) as {
      n: number | string;
    }[];
    return { total: Number(total?.n ?? 0), negative: Number(negative?.n ?? 0) };
  } finally {
    await db.raw('SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ');
  }
};

/** Whether the import has written more than 100 rows it has not committed yet. */
const importedSoFar = async (db: Knex, before: { total: number; negative: number }) => {
  const now = await uncommitted(db);
  return now.total > before.total + 100 || now.negative > before.negative + 100;
};

/**
 * Waits until one transaction has been writing `ledger` for a while (the import, not one of the
 * short single-record updates beside it): then the server dies in the middle of it.
 */
const importWriting = async (
  db: Knex,
  client: 'sqlite' | 'pg' | 'mysql',
  importing: Promise<unknown>,
  before?: { total: number; negative: number },
) => {
  const deadline = Date.now() + 60_000;
  // SQLite: since when the write lock has been held without a break (undefined: it is free).
  let busySince: number | undefined;
  // What the import answered, once it has: an import that ended before it was seen writing makes
  // the case fail at once, saying how it ended.
  let answer: { value: unknown } | undefined;
  void importing.then((value) => (answer = { value }));
  const told = (value: unknown) =>
    value instanceof Error ? value.message : JSON.stringify(value).slice(0, 500);
  for (;;) {
    if (client === 'sqlite') {
      // Busy means someone holds the write lock. The updates hold it for a millisecond or so; the
      // import, for its whole write, which can end before three asks 50 ms apart have all found it
      // held: so the lock is asked for every few milliseconds, and held for 25 ms without a break
      // means the import.
      const busy = await db
        .raw('BEGIN IMMEDIATE')
        .then(async () => {
          await db.raw('ROLLBACK');
          return false;
        })
        .catch(() => true);
      busySince = busy ? (busySince ?? Date.now()) : undefined;
      if (busySince !== undefined && Date.now() - busySince >= 25) return;
    } else if (client === 'pg') {
      const found = (
        await db.raw(
          `SELECT 1 FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname = current_database()
           AND state IN ('active', 'idle in transaction') AND now() - xact_start > interval '100 milliseconds'
           AND query ILIKE ?`,
          ['%"ledger"%'],
        )
      ).rows as unknown[];
      if (found.length > 0) return;
    } else if (before && (await importedSoFar(db, before))) {
      return;
    }
    if (answer) throw new Error(`the import ended before it was seen writing: ${told(answer.value)}`);
    if (Date.now() > deadline) throw new Error('the import was not seen writing within 60 s, nor did it end');
    await new Promise((wait) => setTimeout(wait, client === 'sqlite' ? 2 : 50));
  }
};

/** Each record's qty as its revisions, replayed oldest first, leave it. */
const replayed = (revisions: readonly StoredRevision[]): Map<string, unknown> => {
  const state = new Map<string, unknown>();
  for (const revision of revisions) {
    const qty = revision.changes.find((change) => change.column === 'qty');
    if (revision.action === 'create') state.set(revision.recordKey, qty?.new ?? null);
    else if (qty && Object.hasOwn(qty, 'new')) state.set(revision.recordKey, qty.new);
  }
  return state;
};

/** The records as stored against what their revisions say: both maps of key → qty. */
const storedAndReplayed = async (db: Knex) => {
  const rows = (await db('ledger').select('id', 'qty')) as { id: number | string; qty: number | null }[];
  // a create batch read as the creates it holds (the import's new records are in batches)
  const revisions = (await storedRevisions(db)).filter((revision) => revision.tableName === 'ledger');
  const stored = new Map(rows.map((row) => [String(row.id), row.qty === null ? null : Number(row.qty)]));
  return { stored, replayed: replayed(revisions), revisions: revisions.length };
};

describeEachDatabase('record history when the server is killed mid-write ($name)', (db) => {
  let env: TestEnvironment;
  let inspect: Knex;
  let serverEnv: Record<string, string>;
  let port: number;

  beforeAll(async () => {
    env = await db.create();
    const primary = env.config().dataSources[0] as DataSourceConfig;
    serverEnv = {
      DATA_DIR: env.dataDir,
      ADMIN_PASSWORD: PASSWORD,
      ...(db.name === 'sqlite'
        ? {}
        : {
            DATA_SOURCES: JSON.stringify([
              { name: 'primary', client: db.name, connection: primary.connection },
            ]),
          }),
    };
    inspect =
      db.name === 'sqlite'
        ? knex({
            client: 'better-sqlite3',
            connection: { filename: join(env.dataDir, 'crudboard.sqlite') },
            useNullAsDefault: true,
          })
        : knex({
            client: db.name === 'pg' ? 'pg' : 'mysql2',
            connection: primary.connection,
            pool: { min: 0, max: 1 },
          });
    port = await freePort();
  });
  afterAll(async () => {
    await inspect?.destroy();
    await env?.drop();
  });

  /** Kills the server in the middle of importing `file` while updates commit beside it. */
  const killMidImport = async (server: ServerProcess, cookie: string, file: Buffer, ids: number[]) => {
    const before = db.name === 'mysql' ? await uncommitted(inspect) : undefined;
    const updates = keepUpdating(server.url, cookie, ids);
    // On a loaded machine the import can begin writing before any update is answered: the kill
    // would then come before any, and the case would show nothing about them.
    await updates.answering();
    const importing = startImport(server.url, cookie, file);
    if (db.name === 'sqlite') await inspect.raw('PRAGMA busy_timeout = 0');
    await importWriting(inspect, db.name, importing, before);
    await server.kill();
    expect(await importing).toBeInstanceOf(Error);
    return updates.stop();
  };

  it('an import of new records and the updates beside it: every write has its revision, and only those', async () => {
    let server = await startServerProcess(port, serverEnv);
    try {
      const cookie = await signIn(server.url, PASSWORD);
      await call(`${server.url}/api/metadata/tables`, cookie, 'POST', TABLE);
      const ids: number[] = [];
      for (let i = 0; i < SEEDED; i += 1) {
        const created = await call(`${server.url}/api/business/ledger`, cookie, 'POST', {
          name: `种子${i}`,
          qty: i,
        });
        ids.push(Number(await created.json()));
      }
      const file = await xlsxBook([
        ['name', 'qty'],
        ...Array.from({ length: ROWS }, (_, i) => [`新${i}`, i]),
      ]);
      const updated = await killMidImport(server, cookie, file, ids);

      server = await startServerProcess(port, serverEnv);
      const { stored, replayed: fromHistory, revisions } = await storedAndReplayed(inspect);
      // The import left nothing (all or nothing); the updates that were answered are all there.
      expect(stored.size).toBe(SEEDED);
      expect(revisions).toBeGreaterThanOrEqual(SEEDED + updated);
      expect(updated).toBeGreaterThan(0);
      expect(fromHistory).toEqual(stored);
    } finally {
      await server.kill();
    }
  }, 300_000);

  it('an import updating 10,000 stored records and the updates beside it: the same', async () => {
    let server = await startServerProcess(port, serverEnv);
    try {
      const cookie = await signIn(server.url, PASSWORD);
      const seeded = (await (
        await call(`${server.url}/api/business/ledger?limit=100&select=id`, cookie, 'GET')
      ).json()) as {
        id: number;
      }[];
      const ids = seeded.map((row) => row.id);
      const created = await startImport(
        server.url,
        cookie,
        await xlsxBook([['name', 'qty'], ...Array.from({ length: ROWS }, (_, i) => [`批${i}`, i])]),
      );
      expect(created).toMatchObject({ status: 201 });
      const rows = (await inspect('ledger').whereNotIn('id', ids).select('id')) as { id: number | string }[];
      expect(rows).toHaveLength(ROWS);
      const file = await xlsxBook([['id', 'qty'], ...rows.map((row, i) => [Number(row.id), -i])]);
      const updated = await killMidImport(server, cookie, file, ids);

      server = await startServerProcess(port, serverEnv);
      const { stored, replayed: fromHistory } = await storedAndReplayed(inspect);
      expect(stored.size).toBe(SEEDED + ROWS);
      // None of the import's updates stayed, and none of its revisions.
      expect(
        [...stored.entries()].filter(([key, qty]) => !ids.includes(Number(key)) && Number(qty) < 0),
      ).toEqual([]);
      expect(updated).toBeGreaterThan(0);
      expect(fromHistory).toEqual(stored);
    } finally {
      await server.kill();
    }
  }, 300_000);
});
