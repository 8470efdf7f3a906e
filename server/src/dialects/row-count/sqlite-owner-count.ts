import type { Knex } from 'knex';
import { derivedName } from '../derived-name';
import { oncePerTable } from './once-per-table';
import { OWNER_COLUMN } from './owner-column';
import { perHandle } from './per-handle';
import { tablePresence } from './table-presence';

/**
 * SQLite: row counts kept per owner (the value of `ownerId`), so that a list under the rule
 * `ownerId = $user.id` reads its total from one row instead of stepping through the owner's index
 * entries (a user owning most of a million rows took 33 ms to count).
 *
 * - `cb_owner_count` (`tbl`, `owner`, `n`) holds one row per table and owner. Three row triggers
 *   on the table keep it: +1 on insert, -1 on delete, and a move from one owner to the other when
 *   a row's owner changes. Rows without an owner are not counted. SQLite has one writer at a
 *   time and the triggers run in the writing transaction, so a count is exact in every snapshot.
 * - Counting starts with the first count under an owner rule (writers of other tables pay
 *   nothing): one transaction makes the triggers, counts every owner's rows and writes the marker
 *   row (`OWNERS_COUNTED`). An owner's count is trusted only beside the marker, read in the same
 *   statement.
 * - What could leave a count wrong drops the marker or is seen: a SQL console statement other than
 *   a plain read drops every marker of its file (`forgetSqliteOwnerCounts`), and a schema change
 *   that took the triggers away (a table rebuilt, dropped and made again) moves SQLite's schema
 *   version, read in the same statement: the reader then looks the triggers up again and, when
 *   they are gone, counts the rows and starts keeping again.
 */
const SQLITE_OWNER_COUNT_TABLE = 'cb_owner_count';
/** The owner of the row that marks a table's owners as counted (no user has this id; its `n` stays 0). */
const OWNERS_COUNTED = '-9223372036854775807';
/** How long after a start that failed (no integer `ownerId`, no such table) a reader tries again. */
const RETRY_MS = 30_000;

const sqliteOwnerCountTriggers = (tableName: string) => ({
  insert: derivedName('oc', tableName, 'ins'),
  delete: derivedName('oc', tableName, 'del'),
  update: derivedName('oc', tableName, 'upd'),
});

const ownerTable = tablePresence(
  async (db) =>
    (
      await db.raw("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [
        SQLITE_OWNER_COUNT_TABLE,
      ])
    ).length > 0,
);

const isNoSuchTable = (error: unknown): boolean =>
  error instanceof Error && error.message.includes(`no such table: ${SQLITE_OWNER_COUNT_TABLE}`);

/** Per data source handle and table: the schema version at which its triggers were last seen whole. */
const triggersSeen = perHandle<number>();

/** Whether the table has its three triggers, looked up in the same statement as the schema version. */
const triggersAt = async (db: Knex, tableName: string): Promise<{ version: number; whole: boolean }> => {
  const names = sqliteOwnerCountTriggers(tableName);
  const [row] = (await db.raw(
    `SELECT (SELECT schema_version FROM pragma_schema_version) AS version, count(*) AS n FROM sqlite_master
      WHERE type = 'trigger' AND tbl_name = ? AND name IN (?, ?, ?)`,
    [tableName, names.insert, names.delete, names.update],
  )) as { version: number; n: number }[];
  return { version: Number(row?.version), whole: Number(row?.n) === 3 };
};

/** The statements a trigger runs: `delta` added to the count of the owner in `row` (NEW or OLD), if it has one. */
const upsert = (db: Knex, tableName: string, row: 'NEW' | 'OLD', delta: 1 | -1): string =>
  db
    .raw(
      `INSERT INTO ?? (tbl, owner, n) SELECT ?, ${row}.??, ${delta} WHERE ${row}.?? IS NOT NULL ` +
        `ON CONFLICT (tbl, owner) DO UPDATE SET n = n + (${delta});`,
      [SQLITE_OWNER_COUNT_TABLE, tableName, OWNER_COLUMN, OWNER_COLUMN],
    )
    .toQuery();

/** Drops the triggers that count the table's owners, and any count trigger of another name left on it by a rename. */
const dropTriggers = async (db: Knex, tableName: string): Promise<void> => {
  const names = sqliteOwnerCountTriggers(tableName);
  const left = (await db.raw(
    `SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? AND name LIKE 'cb\\_oc\\_%' ESCAPE '\\'`,
    [tableName],
  )) as { name: string }[];
  for (const name of new Set([names.insert, names.delete, names.update, ...left.map((row) => row.name)]))
    await db.raw('DROP TRIGGER IF EXISTS ??', [name]);
};

/** Whether the table has an `ownerId` column of an integer type (what owner counts are kept of). */
const hasOwnerColumn = async (db: Knex, tableName: string): Promise<boolean> => {
  const columns = (await db.raw('SELECT name, type FROM pragma_table_info(?)', [tableName])) as {
    name: string;
    type: string;
  }[];
  return columns.some((column) => column.name === OWNER_COLUMN && /INT/i.test(column.type));
};

/**
 * Starts keeping the table's owner counts, in one transaction: its triggers, every owner's count
 * and the marker. False when the table has no integer `ownerId` (or is gone).
 */
const startSqliteOwnerCount = async (knex: Knex, tableName: string): Promise<boolean> => {
  const started = await knex.transaction(async (trx) => {
    if (!(await hasOwnerColumn(trx, tableName))) return false;
    await trx.raw(
      'CREATE TABLE IF NOT EXISTS ?? (tbl TEXT NOT NULL, owner INTEGER NOT NULL, n INTEGER NOT NULL, ' +
        'PRIMARY KEY (tbl, owner)) WITHOUT ROWID',
      [SQLITE_OWNER_COUNT_TABLE],
    );
    await dropTriggers(trx, tableName);
    const names = sqliteOwnerCountTriggers(tableName);
    await trx.raw(`CREATE TRIGGER ?? AFTER INSERT ON ?? BEGIN ${upsert(trx, tableName, 'NEW', 1)} END`, [
      names.insert,
      tableName,
    ]);
    await trx.raw(`CREATE TRIGGER ?? AFTER DELETE ON ?? BEGIN ${upsert(trx, tableName, 'OLD', -1)} END`, [
      names.delete,
      tableName,
    ]);
    await trx.raw(
      `CREATE TRIGGER ?? AFTER UPDATE OF ?? ON ?? WHEN OLD.?? IS NOT NEW.?? BEGIN ` +
        `${upsert(trx, tableName, 'OLD', -1)} ${upsert(trx, tableName, 'NEW', 1)} END`,
      [names.update, OWNER_COLUMN, tableName, OWNER_COLUMN, OWNER_COLUMN],
    );
    await trx(SQLITE_OWNER_COUNT_TABLE).where('tbl', tableName).delete();
    await trx.raw(
      'INSERT INTO ?? (tbl, owner, n) SELECT ?, ??, count(*) FROM ?? WHERE ?? IS NOT NULL GROUP BY ??',
      [SQLITE_OWNER_COUNT_TABLE, tableName, OWNER_COLUMN, tableName, OWNER_COLUMN, OWNER_COLUMN],
    );
    await trx.raw(`INSERT INTO ?? (tbl, owner, n) VALUES (?, ${OWNERS_COUNTED}, 0)`, [
      SQLITE_OWNER_COUNT_TABLE,
      tableName,
    ]);
    return true;
  });
  ownerTable.made();
  return started;
};

const startLater = oncePerTable(RETRY_MS);

/**
 * The kept count of one owner's rows of a table, or null when none is kept (SqlDialect.keptOwnerCount):
 * then the first call starts keeping them, beside this read (on `sourceKnex`: `db` may be the
 * transaction that holds the data source's one connection, which the start then waits for).
 */
export const sqliteKeptOwnerCount = async (
  db: Knex,
  tableName: string,
  owner: number,
  sourceKnex: Knex,
): Promise<number | null> => {
  const start = () => startLater(sourceKnex, tableName, () => startSqliteOwnerCount(sourceKnex, tableName));
  if (!(await ownerTable.has(db))) {
    start();
    return null;
  }
  let row: { version: unknown; owned: unknown; counted: unknown } | undefined;
  try {
    [row] = (await db.raw(
      `SELECT (SELECT schema_version FROM pragma_schema_version) AS version, ` +
        `coalesce(sum(CASE WHEN owner = ? THEN n END), 0) AS owned, coalesce(max(owner = ${OWNERS_COUNTED}), 0) AS counted ` +
        `FROM ?? WHERE tbl = ? AND owner IN (?, ${OWNERS_COUNTED})`,
      [owner, SQLITE_OWNER_COUNT_TABLE, tableName, owner],
    )) as { version: unknown; owned: unknown; counted: unknown }[];
  } catch (error) {
    if (!isNoSuchTable(error)) throw error;
    ownerTable.forget(db);
    return null;
  }
  if (!row || Number(row.counted) !== 1) {
    start();
    return null;
  }
  const version = Number(row.version);
  const seen = triggersSeen.of(db);
  if (seen.get(tableName) !== version) {
    const triggers = await triggersAt(db, tableName);
    if (!triggers.whole) {
      seen.delete(tableName);
      start();
      return null;
    }
    // The schema moved again between the two statements: count the rows this time.
    if (triggers.version !== version) return null;
    seen.set(tableName, version);
  }
  return Number(row.owned);
};

/** The kept owner count as a subquery; only for a table that has one. */
export const sqliteKeptOwnerCountQuery = (db: Knex, tableName: string, owner: number): Knex.QueryBuilder =>
  db(SQLITE_OWNER_COUNT_TABLE).where({ tbl: tableName, owner }).sum({ n: 'n' });

/** Whether the table's owner counts are kept (its marker and its triggers are there). */
export const keepsSqliteOwnerCount = async (db: Knex, tableName: string): Promise<boolean> => {
  if (!(await ownerTable.has(db))) return false;
  const marked = await db(SQLITE_OWNER_COUNT_TABLE)
    .where({ tbl: tableName })
    .where(db.raw(`owner = ${OWNERS_COUNTED}`))
    .first();
  return marked !== undefined && (await triggersAt(db, tableName)).whole;
};

/**
 * Drops every marker of the data source's file, so that no count is trusted until its next reader
 * has counted it again: around SQL console statements, which may rename or rebuild a table, or
 * replace rows without the delete trigger firing.
 */
export const forgetSqliteOwnerCounts = async (knex: Knex): Promise<void> => {
  try {
    await knex.raw(`DELETE FROM ?? WHERE owner = ${OWNERS_COUNTED}`, [SQLITE_OWNER_COUNT_TABLE]);
  } catch (error) {
    if (!isNoSuchTable(error)) throw error;
  }
  triggersSeen.forget(knex);
};

/**
 * A schema change of the table's `ownerId` column: its counts and triggers go before the change
 * (a renamed column would otherwise go on being counted under its new name), and its next reader
 * under an owner rule starts keeping them again.
 */
export const changeSqliteOwnerColumn = async (
  db: Knex,
  tableName: string,
  change: () => Promise<void>,
): Promise<void> => {
  if (await ownerTable.has(db)) {
    await db.transaction(async (trx) => {
      await dropTriggers(trx, tableName);
      await trx(SQLITE_OWNER_COUNT_TABLE).where('tbl', tableName).delete();
    });
    triggersSeen.of(db).delete(tableName);
  }
  await change();
};
