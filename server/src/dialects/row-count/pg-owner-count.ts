import type { Knex } from 'knex';
import { derivedName } from '../derived-name';
import { PG_CURRENT_SCHEMA_OID, pgCurrentSchema } from '../pg-current-schema';
import { oncePerTable } from './once-per-table';
import { OWNER_COLUMN } from './owner-column';
import { readPgCountRows } from './read-pg-count-rows';
import { tablePresence } from './table-presence';

/**
 * PostgreSQL: exact row counts kept per owner (the value of the `ownerId` column), beside the
 * table's own kept count (pg-row-count.ts), so that the list of a user under the row rule
 * `ownerId = $user.id` counts without reading the owner's rows. Kept only where it is read: the
 * first count under such a rule on a table that keeps its row count starts keeping them, in the
 * background (`pgKeptOwnerCount`), so tables no one reads so pay nothing on writes. Same scheme as
 * the row count: statement triggers add
 * one row per owner and INSERT or DELETE statement to `cb_owner_delta` (rows with no owner are not
 * counted), a row trigger follows a change of a row's owner, TRUNCATE removes the table's rows;
 * the count is the sum of the owner's deltas in the reader's snapshot, folded when they pile up.
 *
 * The triggers name the column: a schema change of `ownerId` takes them off before and puts them
 * back after (`detachPgOwnerCount`, `attachPgOwnerCount`), and the row trigger's column list keeps
 * the column from being dropped or retyped around them (through the SQL console).
 */
export const OWNER_DELTA_TABLE = 'cb_owner_delta';
const ADDED = 'cb_owner_count_added';
const REMOVED = 'cb_owner_count_removed';
const MOVED = 'cb_owner_count_moved';
const TRUNCATED = 'cb_owner_count_truncated';
/** Deltas of one owner beyond which a reader folds them. */
const FOLD_AFTER = 64;

export const pgOwnerCountTriggers = (tableName: string) => ({
  insert: derivedName('rc', tableName, 'owner_ins'),
  delete: derivedName('rc', tableName, 'owner_del'),
  update: derivedName('rc', tableName, 'owner_upd'),
  truncate: derivedName('rc', tableName, 'owner_trunc'),
});

const ownerDeltaTable = tablePresence(async (db) => {
  const { rows } = (await db.raw('SELECT to_regclass(?) IS NOT NULL AS present', [OWNER_DELTA_TABLE])) as {
    rows: { present: boolean }[];
  };
  return rows[0]?.present === true;
});

/** Whether the data source's schema has `cb_owner_delta` (made with the first table that keeps owner counts). */
export const hasPgOwnerDeltaTable = ownerDeltaTable.has;
/** Forgets what is known of the handle's owner delta table (a count found it missing). */
export const forgetPgOwnerDeltaTable = ownerDeltaTable.forget;

const currentSchema = async (db: Knex): Promise<string> => String(await pgCurrentSchema(db));

/** The owner delta table and the trigger functions, in the current schema (as ensurePgRowCount). */
const ensurePgOwnerCount = async (db: Knex): Promise<void> => {
  const schema = await currentSchema(db);
  const q = (name: string) => db.raw('??.??', [schema, name]).toQuery();
  const column = db.raw('??', [OWNER_COLUMN]).toQuery();
  await db.raw(
    `CREATE TABLE IF NOT EXISTS ${q(OWNER_DELTA_TABLE)} (rel oid NOT NULL, owner bigint NOT NULL, d bigint NOT NULL)`,
  );
  await db.raw(`CREATE INDEX IF NOT EXISTS ?? ON ${q(OWNER_DELTA_TABLE)} (rel, owner)`, [
    `${OWNER_DELTA_TABLE}_rel_owner`,
  ]);
  const fn = (name: string, body: string) =>
    db.raw(
      `CREATE OR REPLACE FUNCTION ${q(name)}() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$ BEGIN ${body} RETURN NULL; END $$`,
    );
  const grouped = (rows: string, sign: string) =>
    `INSERT INTO ${q(OWNER_DELTA_TABLE)} (rel, owner, d) SELECT TG_RELID, ${column}, ${sign}count(*) FROM ${rows} WHERE ${column} IS NOT NULL GROUP BY ${column};`;
  await fn(ADDED, grouped('cb_new_owner_rows', ''));
  await fn(REMOVED, grouped('cb_old_owner_rows', '-'));
  await fn(
    MOVED,
    `INSERT INTO ${q(OWNER_DELTA_TABLE)} (rel, owner, d) SELECT TG_RELID, o, d FROM (VALUES (OLD.${column}, -1), (NEW.${column}, 1)) AS m (o, d) WHERE o IS NOT NULL;`,
  );
  await fn(TRUNCATED, `DELETE FROM ${q(OWNER_DELTA_TABLE)} WHERE rel = TG_RELID;`);
  ownerDeltaTable.made();
};

/** Whether the table has an integer `ownerId` column (what owner counts are kept of). */
const hasOwnerColumn = async (db: Knex, tableName: string): Promise<boolean> => {
  const { rows } = (await db.raw(
    `SELECT 1 FROM pg_attribute a WHERE a.attrelid = to_regclass(?) AND a.attname = ? AND NOT a.attisdropped
        AND a.atttypid IN ('int2'::regtype, 'int4'::regtype, 'int8'::regtype)`,
    [db.raw('??', [tableName]).toQuery(), OWNER_COLUMN],
  )) as { rows: unknown[] };
  return rows.length > 0;
};

/** The index on (`ownerId`, primary key) a table keeping owner counts has (`ensurePgOwnerKeyIndex`). */
export const pgOwnerKeyIndexName = (tableName: string): string => derivedName('ok', tableName, OWNER_COLUMN);

/**
 * An index on (`ownerId`, the primary key's columns), when the table has a primary key without
 * `ownerId` and the index is not there yet. The first page of a user under the rule
 * `ownerId = $user.id` then walks that owner's rows in key order, as a user without the rule walks
 * the primary key: an index on `ownerId` alone leaves PostgreSQL either filtering the whole table's
 * key order (a hundred rows read per row shown, for an owner of 1 %) or sorting all the owner's
 * rows. (MySQL's and SQLite's indexes on `ownerId` end with the key already.) CREATE INDEX holds
 * writers off until the transaction ends, as the counting does.
 */
const ensurePgOwnerKeyIndex = async (db: Knex, tableName: string): Promise<void> => {
  const name = pgOwnerKeyIndexName(tableName);
  const { rows } = (await db.raw(
    `SELECT a.attname AS name, to_regclass(?) IS NOT NULL AS present
       FROM pg_index i CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k (attnum, n)
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
      WHERE i.indrelid = to_regclass(?) AND i.indisprimary ORDER BY k.n`,
    [db.raw('??', [name]).toQuery(), db.raw('??', [tableName]).toQuery()],
  )) as { rows: { name: string; present: boolean }[] };
  const key = rows.map((row) => row.name);
  if (key.length === 0 || key.includes(OWNER_COLUMN) || rows[0]?.present) return;
  const columns = [OWNER_COLUMN, ...key];
  await db.raw(`CREATE INDEX IF NOT EXISTS ?? ON ?? (${columns.map(() => '??').join(', ')})`, [
    name,
    tableName,
    ...columns,
  ]);
};

/**
 * Starts keeping the table's counts per owner, when it has an integer `ownerId` column: the
 * triggers, then the current counts (read after CREATE TRIGGER, whose lock holds writers off until
 * the transaction ends). For a table whose row count is kept (pg-row-count.ts); run in its transaction.
 */
export const attachPgOwnerCount = async (
  db: Knex,
  tableName: string,
  options: { empty: boolean },
): Promise<void> => {
  if (!(await hasOwnerColumn(db, tableName))) return;
  await ensurePgOwnerCount(db);
  const names = pgOwnerCountTriggers(tableName);
  // Made again when there (a table's row count kept anew: an upgrade, the designer's 行数统计).
  for (const name of [names.insert, names.delete, names.update, names.truncate])
    await db.raw('DROP TRIGGER IF EXISTS ?? ON ??', [name, tableName]);
  await db.raw(
    `CREATE TRIGGER ?? AFTER INSERT ON ?? REFERENCING NEW TABLE AS cb_new_owner_rows FOR EACH STATEMENT EXECUTE FUNCTION ??()`,
    [names.insert, tableName, ADDED],
  );
  await db.raw(
    `CREATE TRIGGER ?? AFTER DELETE ON ?? REFERENCING OLD TABLE AS cb_old_owner_rows FOR EACH STATEMENT EXECUTE FUNCTION ??()`,
    [names.delete, tableName, REMOVED],
  );
  await db.raw(
    `CREATE TRIGGER ?? AFTER UPDATE OF ?? ON ?? FOR EACH ROW WHEN (OLD.?? IS DISTINCT FROM NEW.??) EXECUTE FUNCTION ??()`,
    [names.update, OWNER_COLUMN, tableName, OWNER_COLUMN, OWNER_COLUMN, MOVED],
  );
  await db.raw(`CREATE TRIGGER ?? AFTER TRUNCATE ON ?? FOR EACH STATEMENT EXECUTE FUNCTION ??()`, [
    names.truncate,
    tableName,
    TRUNCATED,
  ]);
  await ensurePgOwnerKeyIndex(db, tableName);
  await db.raw('DELETE FROM ?? WHERE rel = to_regclass(?)', [
    OWNER_DELTA_TABLE,
    db.raw('??', [tableName]).toQuery(),
  ]);
  if (!options.empty) {
    await db.raw(
      `INSERT INTO ?? (rel, owner, d) SELECT ?::regclass, ??, count(*) FROM ?? WHERE ?? IS NOT NULL GROUP BY ??`,
      [
        OWNER_DELTA_TABLE,
        db.raw('??', [tableName]).toQuery(),
        OWNER_COLUMN,
        tableName,
        OWNER_COLUMN,
        OWNER_COLUMN,
      ],
    );
  }
};

/** Whether the table keeps its counts per owner. */
export const keepsPgOwnerCount = async (db: Knex, tableName: string): Promise<boolean> => {
  const { rows } = (await db.raw('SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass(?) AND tgname = ?', [
    db.raw('??', [tableName]).toQuery(),
    pgOwnerCountTriggers(tableName).insert,
  ])) as { rows: unknown[] };
  return rows.length > 0;
};

/** Stops keeping the table's counts per owner: its triggers and deltas go (nothing when it kept none). */
export const detachPgOwnerCount = async (db: Knex, tableName: string): Promise<void> => {
  if (!(await keepsPgOwnerCount(db, tableName))) return;
  const names = pgOwnerCountTriggers(tableName);
  for (const name of [names.insert, names.delete, names.update, names.truncate])
    await db.raw('DROP TRIGGER IF EXISTS ?? ON ??', [name, tableName]);
  await db.raw('DELETE FROM ?? WHERE rel = to_regclass(?)', [
    OWNER_DELTA_TABLE,
    db.raw('??', [tableName]).toQuery(),
  ]);
};

/**
 * The kept count of one owner's rows (`n`) and how many deltas make it (`parts`); no row when the
 * table keeps no counts per owner.
 */
export const pgOwnerKeptCount = (db: Knex, tableName: string, owner: number): Knex.Raw =>
  db.raw(
    `SELECT (SELECT coalesce(sum(d), 0) FROM ?? WHERE rel = c.oid AND owner = ?) AS n, ` +
      `(SELECT count(*) FROM ?? WHERE rel = c.oid AND owner = ?) AS parts ` +
      `FROM pg_class c WHERE c.oid = to_regclass(?) AND EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = ?)`,
    [
      OWNER_DELTA_TABLE,
      owner,
      OWNER_DELTA_TABLE,
      owner,
      db.raw('??', [tableName]).toQuery(),
      pgOwnerCountTriggers(tableName).insert,
    ],
  );

/** Folds one owner's deltas into one row, when there are many (safe beside writers and other folds). */
export const foldPgOwnerCount = async (
  db: Knex,
  tableName: string,
  owner: number,
  parts: number,
): Promise<void> => {
  if (parts <= FOLD_AFTER) return;
  const rel = db.raw('??', [tableName]).toQuery();
  await db.raw(
    `WITH gone AS (DELETE FROM ?? WHERE rel = to_regclass(?) AND owner = ? RETURNING d) ` +
      `INSERT INTO ?? (rel, owner, d) SELECT to_regclass(?), ?, sum(d) FROM gone HAVING count(*) > 0`,
    [OWNER_DELTA_TABLE, rel, owner, OWNER_DELTA_TABLE, rel, owner],
  );
};

/** Drops the owner delta table and its functions when no table keeps owner counts; says whether it did. */
export const dropPgOwnerCountIfUnused = async (db: Knex): Promise<boolean> => {
  const { rows } = (await db.raw(
    `SELECT count(*)::int AS n FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE p.pronamespace = current_schema()::regnamespace AND p.proname IN (?, ?, ?, ?)`,
    [ADDED, REMOVED, MOVED, TRUNCATED],
  )) as { rows: { n: number }[] };
  if ((rows[0]?.n ?? 0) > 0) return false;
  const schema = await currentSchema(db);
  await db.raw('DROP TABLE IF EXISTS ??.??', [schema, OWNER_DELTA_TABLE]);
  for (const name of [ADDED, REMOVED, MOVED, TRUNCATED])
    await db.raw('DROP FUNCTION IF EXISTS ??.??()', [schema, name]);
  ownerDeltaTable.made();
  return true;
};

/**
 * The kept count of one owner's rows of a table, or null when the table keeps none
 * (SqlDialect.keptOwnerCount); then the table starts keeping them in the background, if it can.
 * `rowCountTrigger`: the name of the table's row-count insert trigger (pg-row-count.ts).
 */
export const pgKeptOwnerCount = async (
  db: Knex,
  tableName: string,
  owner: number,
  sourceKnex: Knex,
  rowCountTrigger: string,
): Promise<number | null> => {
  if (!(await hasPgOwnerDeltaTable(db))) {
    startLater(sourceKnex, tableName, rowCountTrigger);
    return null;
  }
  const rows = await readPgCountRows<{ n: unknown; parts: unknown }>(
    db,
    (on) => pgOwnerKeptCount(on, tableName, owner),
    () => forgetPgOwnerDeltaTable(db),
  );
  if (rows === null) return null;
  const [row] = rows;
  if (!row) {
    startLater(sourceKnex, tableName, rowCountTrigger);
    return null;
  }
  foldPgOwnerCount(sourceKnex, tableName, owner, Number(row.parts)).catch(() => undefined);
  return Number(row.n);
};

/**
 * A schema change of the table's `ownerId` column, in the change's transaction: the owner triggers
 * off before (they name the column), and back after when the table kept them and still has an
 * integer `ownerId`, counted afresh.
 */
export const changePgOwnerColumn = async (
  db: Knex,
  tableName: string,
  change: () => Promise<void>,
): Promise<void> => {
  const kept = await keepsPgOwnerCount(db, tableName);
  await detachPgOwnerCount(db, tableName);
  await change();
  if (kept) await attachPgOwnerCount(db, tableName, { empty: false });
};

/** How long after a start that did not happen (no row count kept, no owner column, a failure) to try again. */
const START_RETRY_MS = 30_000;
const inBackground = oncePerTable(START_RETRY_MS);

/**
 * Starts keeping the table's owner counts in the background, at most once in a while per table:
 * when its row count is kept (its row-count insert trigger is there) and it has an integer
 * `ownerId`. CREATE TRIGGER holds the table's writers off until the owners are counted.
 */
const startLater = (sourceKnex: Knex, tableName: string, rowCountTrigger: string): void =>
  inBackground(sourceKnex, tableName, () =>
    sourceKnex.transaction(async (trx) => {
      const { rows } = (await trx.raw(
        'SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass(?) AND tgname = ?',
        [trx.raw('??', [tableName]).toQuery(), rowCountTrigger],
      )) as { rows: unknown[] };
      if (rows.length === 0) return false;
      if (!(await keepsPgOwnerCount(trx, tableName)))
        await attachPgOwnerCount(trx, tableName, { empty: false });
      // Not kept after all (no integer `ownerId`): tried again only after a while.
      return keepsPgOwnerCount(trx, tableName);
    }),
  );

/**
 * At start-up: takes the owner triggers off tables whose `ownerId` is no longer an integer column
 * (renamed or retyped through the SQL console, where the triggers would make every later write
 * fail), and gives the others their index on (`ownerId`, key) when they have none yet.
 */
export const reconcilePgOwnerCounts = async (db: Knex): Promise<void> => {
  if (!(await hasPgOwnerDeltaTable(db))) return;
  const { rows } = (await db.raw(
    `SELECT c.relname AS name,
            EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = ? AND NOT a.attisdropped
                      AND a.atttypid IN ('int2'::regtype, 'int4'::regtype, 'int8'::regtype)) AS counted
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE p.proname = ? AND p.pronamespace = ${PG_CURRENT_SCHEMA_OID}`,
    [OWNER_COLUMN, ADDED],
  )) as { rows: { name: string; counted: boolean }[] };
  for (const { name, counted } of rows) {
    if (counted) await ensurePgOwnerKeyIndex(db, name);
    else await db.transaction((trx) => detachPgOwnerCount(trx, name));
  }
};
