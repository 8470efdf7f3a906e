import type { Knex } from 'knex';
import { derivedName } from '../derived-name';
import type { RowCountKeeping } from './row-count-keeping';
import { detachPgOwnerCount, dropPgOwnerCountIfUnused } from './pg-owner-count';
import { tablePresence } from './table-presence';

/**
 * PostgreSQL: exact row counts kept per table, so that counting a large table without a filter
 * does not read it. Statement-level triggers (with transition tables) add one row per INSERT or
 * DELETE statement to `cb_row_delta` holding how many rows it added or removed; TRUNCATE removes
 * the table's rows. The count is the sum of the table's deltas, read in the reader's snapshot, so
 * it is as exact as `count(*)` under concurrent transactions. Rows are keyed by the table's oid,
 * which a rename keeps. Readers fold the deltas into one row when they pile up.
 */
export const ROW_DELTA_TABLE = 'cb_row_delta';
const ADDED = 'cb_row_count_added';
const REMOVED = 'cb_row_count_removed';
const TRUNCATED = 'cb_row_count_truncated';
/** Deltas of one table beyond which a reader folds them. */
const FOLD_AFTER = 64;

export const pgRowCountTriggers = (tableName: string) => ({
  insert: derivedName('rc', tableName, 'ins'),
  delete: derivedName('rc', tableName, 'del'),
  truncate: derivedName('rc', tableName, 'trunc'),
});

const deltaTable = tablePresence(async (db) => {
  const { rows } = (await db.raw('SELECT to_regclass(?) IS NOT NULL AS present', [ROW_DELTA_TABLE])) as {
    rows: { present: boolean }[];
  };
  return rows[0]?.present === true;
});

/**
 * Whether the data source's schema has `cb_row_delta`, which crudboard makes with its first table
 * there (or a reversed table whose count the administrator keeps): a database it only reads has
 * none, and its counts are plain ones.
 */
export const hasPgDeltaTable = deltaTable.has;

/** Forgets what is known of the handle's delta table (a count found it missing). */
export const forgetPgDeltaTable = deltaTable.forget;

/**
 * The delta table and the trigger functions, in the current schema (named in the function bodies, so
 * other search paths work). The functions run with their owner's rights (SECURITY DEFINER, with a
 * fixed search path): writes by a role without rights on `cb_row_delta`, such as the SQL console's,
 * still keep the counts.
 */
export const ensurePgRowCount = async (db: Knex): Promise<void> => {
  const schema = String(
    ((await db.raw('SELECT current_schema() AS s')) as { rows: { s: string }[] }).rows[0]?.s,
  );
  const q = (name: string) => db.raw('??.??', [schema, name]).toQuery();
  await db.raw(`CREATE TABLE IF NOT EXISTS ${q(ROW_DELTA_TABLE)} (rel oid NOT NULL, d bigint NOT NULL)`);
  await db.raw(`CREATE INDEX IF NOT EXISTS ?? ON ${q(ROW_DELTA_TABLE)} (rel)`, [`${ROW_DELTA_TABLE}_rel`]);
  const fn = (name: string, body: string) =>
    db.raw(
      `CREATE OR REPLACE FUNCTION ${q(name)}() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$ BEGIN ${body} RETURN NULL; END $$`,
    );
  await fn(
    ADDED,
    `INSERT INTO ${q(ROW_DELTA_TABLE)} (rel, d) SELECT TG_RELID, count(*) FROM cb_new_rows HAVING count(*) > 0;`,
  );
  await fn(
    REMOVED,
    `INSERT INTO ${q(ROW_DELTA_TABLE)} (rel, d) SELECT TG_RELID, -count(*) FROM cb_old_rows HAVING count(*) > 0;`,
  );
  await fn(TRUNCATED, `DELETE FROM ${q(ROW_DELTA_TABLE)} WHERE rel = TG_RELID;`);
  deltaTable.made();
};

/**
 * Starts keeping the count of a table: its triggers, then its current count as the first delta
 * (read after CREATE TRIGGER, whose lock holds writers off until the transaction ends).
 */
export const attachPgRowCount = async (
  db: Knex,
  tableName: string,
  options: { empty: boolean },
): Promise<void> => {
  await ensurePgRowCount(db);
  const names = pgRowCountTriggers(tableName);
  await db.raw(
    `CREATE TRIGGER ?? AFTER INSERT ON ?? REFERENCING NEW TABLE AS cb_new_rows FOR EACH STATEMENT EXECUTE FUNCTION ??()`,
    [names.insert, tableName, ADDED],
  );
  await db.raw(
    `CREATE TRIGGER ?? AFTER DELETE ON ?? REFERENCING OLD TABLE AS cb_old_rows FOR EACH STATEMENT EXECUTE FUNCTION ??()`,
    [names.delete, tableName, REMOVED],
  );
  await db.raw(`CREATE TRIGGER ?? AFTER TRUNCATE ON ?? FOR EACH STATEMENT EXECUTE FUNCTION ??()`, [
    names.truncate,
    tableName,
    TRUNCATED,
  ]);
  await db.raw('DELETE FROM ?? WHERE rel = to_regclass(?)', [
    ROW_DELTA_TABLE,
    db.raw('??', [tableName]).toQuery(),
  ]);
  if (!options.empty) {
    await db.raw(`INSERT INTO ?? (rel, d) SELECT ?::regclass, count(*) FROM ??`, [
      ROW_DELTA_TABLE,
      db.raw('??', [tableName]).toQuery(),
      tableName,
    ]);
  }
};

/**
 * The kept count of a table (`n`) and how many deltas make it (`parts`); no row when the table
 * has no count kept (tables crudboard did not create, or made before counts were kept).
 */
export const pgKeptCount = (db: Knex, tableName: string): Knex.Raw =>
  db.raw(
    `SELECT (SELECT coalesce(sum(d), 0) FROM ?? WHERE rel = c.oid) AS n, ` +
      `(SELECT count(*) FROM ?? WHERE rel = c.oid) AS parts ` +
      `FROM pg_class c WHERE c.oid = to_regclass(?) AND EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = ?)`,
    [
      ROW_DELTA_TABLE,
      ROW_DELTA_TABLE,
      db.raw('??', [tableName]).toQuery(),
      pgRowCountTriggers(tableName).insert,
    ],
  );

/** Folds a table's deltas into one row, when there are many (safe beside writers and other folds). */
export const foldPgRowCount = async (db: Knex, tableName: string, parts: number): Promise<void> => {
  if (parts <= FOLD_AFTER) return;
  await db.raw(
    `WITH gone AS (DELETE FROM ?? WHERE rel = to_regclass(?) RETURNING d) ` +
      `INSERT INTO ?? (rel, d) SELECT to_regclass(?), sum(d) FROM gone HAVING count(*) > 0`,
    [
      ROW_DELTA_TABLE,
      db.raw('??', [tableName]).toQuery(),
      ROW_DELTA_TABLE,
      db.raw('??', [tableName]).toQuery(),
    ],
  );
};

/**
 * Drops the delta table and the trigger functions of the current schema when no table keeps its
 * count with them (a database crudboard only reads); keeps them otherwise. Says whether it dropped.
 */
export const dropPgRowCountIfUnused = async (db: Knex): Promise<boolean> => {
  const { rows } = (await db.raw(
    `SELECT count(*)::int AS n FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE p.pronamespace = current_schema()::regnamespace AND p.proname IN (?, ?, ?)`,
    [ADDED, REMOVED, TRUNCATED],
  )) as { rows: { n: number }[] };
  if ((rows[0]?.n ?? 0) > 0) return false;
  await dropPgOwnerCountIfUnused(db);
  const schema = String(
    ((await db.raw('SELECT current_schema() AS s')) as { rows: { s: string }[] }).rows[0]?.s,
  );
  await db.raw('DROP TABLE IF EXISTS ??.??', [schema, ROW_DELTA_TABLE]);
  for (const name of [ADDED, REMOVED, TRUNCATED])
    await db.raw('DROP FUNCTION IF EXISTS ??.??()', [schema, name]);
  return true;
};

const isView = async (db: Knex, tableName: string): Promise<boolean> => {
  const { rows } = (await db.raw(
    `SELECT c.relkind IN ('v', 'm') AS view FROM pg_class c WHERE c.oid = to_regclass(?)`,
    [db.raw('??', [tableName]).toQuery()],
  )) as { rows: { view: boolean }[] };
  return rows[0]?.view === true;
};

/** PostgreSQL: the statement triggers of pg-row-count on a table another application made. */
export const pgRowCountKeeping: RowCountKeeping = {
  state: async (db, tableName) => {
    const { rows } = (await db.raw(
      `SELECT c.reltuples::bigint AS estimate, c.relkind IN ('v', 'm') AS view,
              EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = ?) AS kept
         FROM pg_class c WHERE c.oid = to_regclass(?)`,
      [pgRowCountTriggers(tableName).insert, db.raw('??', [tableName]).toQuery()],
    )) as { rows: { estimate: unknown; view: boolean; kept: boolean }[] };
    const row = rows[0];
    const estimate = Number(row?.estimate ?? -1);
    return {
      kept: row?.kept === true,
      estimatedRows: estimate >= 0 ? estimate : null,
      notKept: row?.view ? 'view' : null,
    };
  },
  keep: async (db, tableName) => {
    if (await isView(db, tableName)) return 'view';
    // CREATE TRIGGER holds writers off until the count is in: one transaction.
    await db.transaction(async (trx) => {
      const names = pgRowCountTriggers(tableName);
      const { rows } = (await trx.raw(
        'SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass(?) AND tgname = ?',
        [trx.raw('??', [tableName]).toQuery(), names.insert],
      )) as { rows: unknown[] };
      if (rows.length === 0) await attachPgRowCount(trx, tableName, { empty: false });
    });
    return null;
  },
  stop: async (db, tableName) => {
    await db.transaction(async (trx) => {
      const names = pgRowCountTriggers(tableName);
      for (const name of [names.insert, names.delete, names.truncate])
        await trx.raw('DROP TRIGGER IF EXISTS ?? ON ??', [name, tableName]);
      await detachPgOwnerCount(trx, tableName);
      if ((await trx.raw('SELECT to_regclass(?) AS t', [ROW_DELTA_TABLE])).rows[0]?.t)
        await trx.raw('DELETE FROM ?? WHERE rel = to_regclass(?)', [
          ROW_DELTA_TABLE,
          trx.raw('??', [tableName]).toQuery(),
        ]);
    });
    await dropPgRowCountIfUnused(db);
  },
};
