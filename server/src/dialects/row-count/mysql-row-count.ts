import type { Knex } from 'knex';
import { derivedName } from '../derived-name';
import type { NotKeptReason, RowCountKeeping } from './row-count-keeping';
import { oncePerTable } from './once-per-table';
import { perHandle } from './per-handle';
import { tablePresence } from './table-presence';
import { errnoOf, isNoSuchTable } from '../sql/mysql-errno';
import {
  ensureMysqlOwnerCountTable,
  foldOwnerParts,
  hasMysqlOwnerColumn,
  ownerMoveBody,
  ownerUpsert,
  OWNER_COUNT_TABLE,
  OWNERS_COUNTED,
  writeOwnerBases,
} from './mysql-owner-count';

/**
 * MySQL / MariaDB: exact row counts kept per table, so that counting a large InnoDB table without
 * a filter does not read a whole index.
 *
 * - Row triggers (AFTER INSERT, AFTER DELETE) add +1 / -1 to the writing connection's own row of
 *   `cb_row_count` (`tbl`, `conn` = CONNECTION_ID()). A connection runs one transaction at a time,
 *   so writers of one table never wait on each other's row; the primary-key upsert locks that one
 *   record and no gap. A rollback takes the additions back with the rows.
 * - The row with `conn = 0` is the base: the table's count when it was last counted. Only a table
 *   with a base row has a kept count; its count is the sum of its rows, read in the reader's
 *   snapshot, so it is as exact as `count(*)` under concurrent transactions.
 * - A table without a base row is counted by its next reader, in the background and without
 *   locks (see recountMysqlTable); until then its counts are plain `count(*)`.
 * - Rows are keyed by the table's name (MySQL has no table oid): a rename makes the triggers again
 *   and drops the rows, so the table is counted again.
 * - What fires no trigger (TRUNCATE, a foreign-key cascade, DDL through the SQL console) must not
 *   leave a wrong count: the console drops the base rows of its data source around any statement
 *   other than plain reads and writes, tables that a cascade can empty are not counted, and
 *   MyISAM tables (whose `count(*)` costs nothing) neither. A table dropped and made again by
 *   another program has no triggers: readers look for them every few seconds and fall back to
 *   `count(*)` without them. A TRUNCATE by another program is the one change a reader cannot see.
 */
export const ROW_COUNT_TABLE = 'cb_row_count';
/** Rows of one table beyond which a reader folds them into the base. */
const FOLD_AFTER = 16;
/** How long after finding a table it cannot count (no triggers, MyISAM) a reader looks again (per server, per table). */
const UNCOUNTABLE_RECHECK_MS = 30_000;
/** How long after a recount that failed or met a forgetting a reader tries again. */
const RECOUNT_RETRY_MS = 1000;
/** How long a look-up of a counted table's triggers holds. */
const TRIGGER_CHECK_MS = 2000;

export const mysqlRowCountTriggers = (tableName: string) => ({
  insert: derivedName('rc', tableName, 'ins'),
  delete: derivedName('rc', tableName, 'del'),
  /** Only on a table with an `ownerId` column, whose insert and delete triggers count owners too (mysql-owner-count.ts). */
  update: derivedName('rc', tableName, 'upd'),
});

const rowsOf = <T>(result: unknown): T[] => (result as [T[]])[0];

export const ensureMysqlRowCountTable = async (db: Knex): Promise<void> => {
  await db.raw(
    `CREATE TABLE IF NOT EXISTS ?? (tbl VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, ` +
      `conn BIGINT UNSIGNED NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (tbl, conn)) ENGINE = InnoDB`,
    [ROW_COUNT_TABLE],
  );
  await ensureMysqlOwnerCountTable(db);
  countTable.made();
  ownerTable.made();
};

/** Whether the database has the owner count table (mysql-owner-count.ts). */
const ownerTable = tablePresence(
  async (db) =>
    rowsOf<unknown>(
      await db.raw(
        'SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?',
        [OWNER_COUNT_TABLE],
      ),
    ).length > 0,
);

/** Whether the database has the count table (remembered per data source handle). */
const countTable = tablePresence(
  async (db) =>
    rowsOf<unknown>(
      await db.raw(
        'SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?',
        [ROW_COUNT_TABLE],
      ),
    ).length > 0,
);
const hasCountTable = countTable.has;
/** Per data source and table: when a recount may start again (absent: at once), or that one is running. */
const recounts = perHandle<number | 'running'>();

const isInnoDb = async (db: Knex, tableName: string): Promise<boolean> => {
  const rows = rowsOf<{ engine: string | null }>(
    await db.raw(
      'SELECT ENGINE AS engine FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?',
      [tableName],
    ),
  );
  return String(rows[0]?.engine ?? '').toLowerCase() === 'innodb';
};

/** Whether a foreign key can delete rows of the table by cascade (which fires no trigger). */
const cascadesInto = async (db: Knex, tableName: string): Promise<boolean> => {
  const rows = rowsOf<unknown>(
    await db.raw(
      `SELECT 1 FROM information_schema.REFERENTIAL_CONSTRAINTS
        WHERE CONSTRAINT_SCHEMA = DATABASE() AND TABLE_NAME = ? AND DELETE_RULE = 'CASCADE' LIMIT 1`,
      [tableName],
    ),
  );
  return rows.length > 0;
};

const dropTriggers = async (db: Knex, tableName: string): Promise<void> => {
  const names = mysqlRowCountTriggers(tableName);
  await db.raw('DROP TRIGGER IF EXISTS ??', [names.insert]);
  await db.raw('DROP TRIGGER IF EXISTS ??', [names.delete]);
  await db.raw('DROP TRIGGER IF EXISTS ??', [names.update]);
};

/** The key of the row whose `n` counts the forgettings (below): no table is named ''. */
const EPOCH = { tbl: '', conn: 0 };

/** Moves the epoch on (in `trx`, whose lock on it holds recounts off until it ends). */
const nextEpoch = (trx: Knex): Knex.Raw =>
  trx.raw('INSERT INTO ?? (tbl, conn, n) VALUES (?, ?, 1) ON DUPLICATE KEY UPDATE n = n + 1', [
    ROW_COUNT_TABLE,
    EPOCH.tbl,
    EPOCH.conn,
  ]);

/**
 * Makes a table's count-keeping triggers again after a create, a rename or an engine change, and
 * drops its count rows (and those of its old name): its count is kept again once a reader has
 * counted it (`empty`: right after CREATE TABLE, the count is 0 at once). A table that a cascade
 * can empty gets no triggers; a MyISAM table gets them but is never counted from them (they are
 * there if it moves to InnoDB). A database account that may not create
 * triggers (MySQL with binary logging and without `log_bin_trust_function_creators`) leaves the
 * table with plain counts.
 */
export const resetMysqlRowCount = async (
  db: Knex,
  tableName: string,
  options: { empty?: boolean; from?: string; owners?: boolean } = {},
): Promise<void> => {
  await ensureMysqlRowCountTable(db);
  recounts.of(db).delete(tableName);
  triggerChecks.of(db).delete(tableName);
  // Owners stay counted where they were (the update trigger, under the old name after a rename).
  const owners =
    options.owners ??
    (await triggerOn(db, tableName, mysqlRowCountTriggers(options.from ?? tableName).update));
  if (options.from !== undefined) await dropTriggers(db, options.from);
  await dropTriggers(db, tableName);
  const created = (await cascadesInto(db, tableName)) ? false : await createTriggers(db, tableName, owners);
  // After the triggers: a recount that read its snapshot before this is refused by the epoch.
  await db.transaction(async (trx) => {
    await nextEpoch(trx);
    const names = options.from === undefined ? [tableName] : [tableName, options.from];
    await trx(ROW_COUNT_TABLE).whereIn('tbl', names).delete();
    await trx(OWNER_COUNT_TABLE).whereIn('tbl', names).delete();
  });
  if (created && options.empty && (await isInnoDb(db, tableName)))
    await db.raw('INSERT INTO ?? (tbl, conn, n) VALUES (?, 0, 0) ON DUPLICATE KEY UPDATE n = 0', [
      ROW_COUNT_TABLE,
      tableName,
    ]);
};

/**
 * Creates the table's two triggers, and with `owners` a third when it has an `ownerId` column
 * (then the insert and delete triggers count owners too); false when the account may not.
 */
const createTriggers = async (db: Knex, tableName: string, withOwners: boolean): Promise<boolean> => {
  const names = mysqlRowCountTriggers(tableName);
  const owners = withOwners && (await hasMysqlOwnerColumn(db, tableName));
  const upsert = (delta: 1 | -1) =>
    db
      .raw(
        `INSERT INTO ?? (tbl, conn, n) VALUES (?, CONNECTION_ID(), ${delta}) ON DUPLICATE KEY UPDATE n = n + (${delta})`,
        [ROW_COUNT_TABLE, tableName],
      )
      .toQuery();
  const body = (row: 'NEW' | 'OLD', delta: 1 | -1) =>
    owners ? `BEGIN ${upsert(delta)}; ${ownerUpsert(db, tableName, row, delta)} END` : upsert(delta);
  try {
    await db.raw(`CREATE TRIGGER ?? AFTER INSERT ON ?? FOR EACH ROW ${body('NEW', 1)}`, [
      names.insert,
      tableName,
    ]);
    await db.raw(`CREATE TRIGGER ?? AFTER DELETE ON ?? FOR EACH ROW ${body('OLD', -1)}`, [
      names.delete,
      tableName,
    ]);
    if (owners)
      await db.raw(`CREATE TRIGGER ?? AFTER UPDATE ON ?? FOR EACH ROW ${ownerMoveBody(db, tableName)}`, [
        names.update,
        tableName,
      ]);
    return true;
  } catch (error) {
    await dropTriggers(db, tableName).catch(() => undefined);
    if (isRefusedTrigger(error)) return false;
    throw error;
  }
};

/** Whether the count-keeping triggers made for `named` are there (on the table `named`, or `on` after a rename). */
export const keepsMysqlRowCount = async (db: Knex, named: string, on = named): Promise<boolean> => {
  const names = mysqlRowCountTriggers(named);
  const rows = rowsOf<{ n: unknown }>(
    await db.raw(
      `SELECT count(*) AS n FROM information_schema.TRIGGERS
        WHERE TRIGGER_SCHEMA = DATABASE() AND EVENT_OBJECT_TABLE = ? AND TRIGGER_NAME IN (?, ?)`,
      [on, names.insert, names.delete],
    ),
  );
  return Number(rows[0]?.n) === 2;
};

/** Whether the trigger `name` is on the table. */
const triggerOn = async (db: Knex, tableName: string, name: string): Promise<boolean> =>
  rowsOf<unknown>(
    await db.raw(
      `SELECT 1 FROM information_schema.TRIGGERS
        WHERE TRIGGER_SCHEMA = DATABASE() AND EVENT_OBJECT_TABLE = ? AND TRIGGER_NAME = ?`,
      [tableName, name],
    ),
  ).length > 0;

/** Whether the table's triggers count owners too (it has the update trigger, made with them). */
export const keepsMysqlOwnerCount = (db: Knex, tableName: string): Promise<boolean> =>
  triggerOn(db, tableName, mysqlRowCountTriggers(tableName).update);

/** ER_BINLOG_CREATE_ROUTINE_NEED_SUPER, ER_TABLEACCESS_DENIED_ERROR, ER_SPECIFIC_ACCESS_DENIED_ERROR. */
const REFUSED_TRIGGER_ERRNOS = new Set([1419, 1142, 1227]);
const isRefusedTrigger = (error: unknown): boolean => REFUSED_TRIGGER_ERRNOS.has(errnoOf(error) ?? 0);

/**
 * Drops the base rows of every table of the database, and moves the epoch on so that a recount
 * begun before cannot write its base after: each table is counted again by its next reader. Run
 * around SQL console statements that may change rows without firing triggers.
 */
export const forgetMysqlRowCounts = async (db: Knex): Promise<void> => {
  if (!(await hasCountTable(db))) return;
  try {
    // Looked up afresh: an owners' marker left beside a dropped base would be trusted (mysqlKeptOwnerCount).
    ownerTable.forget(db);
    const owners = await ownerTable.has(db);
    await db.transaction(async (trx) => {
      await nextEpoch(trx);
      await trx(ROW_COUNT_TABLE).where('conn', 0).whereNot('tbl', EPOCH.tbl).delete();
      if (owners) await trx(OWNER_COUNT_TABLE).where('conn', 0).delete();
    });
  } catch (error) {
    // The statement dropped the count table itself: no count is kept any more.
    if (!isNoSuchTable(error)) throw error;
    countTable.made();
  }
};

/**
 * Counts a table and makes that its base. Nothing is locked while counting: the rows and the
 * writers' additions are read in one snapshot, and the base is the count less the additions then
 * visible. Every later write moves the rows and its addition together, so base + additions stays
 * the count. The base is written only if no forgetting came in between (the epoch read in the
 * snapshot is still the latest, read under lock); a table without its triggers is not counted.
 */
export const recountMysqlTable = async (
  db: Knex,
  tableName: string,
): Promise<'counted' | 'uncountable' | 'raced'> => {
  if (!(await keepsMysqlRowCount(db, tableName))) return 'uncountable';
  if (!(await isInnoDb(db, tableName)) || (await cascadesInto(db, tableName))) return 'uncountable';
  return db.transaction(
    async (trx) => {
      const epoch = async (locked: boolean) => {
        const rows = rowsOf<{ n: unknown }>(
          await trx.raw(`SELECT n FROM ?? WHERE tbl = ? AND conn = ?${locked ? ' FOR UPDATE' : ''}`, [
            ROW_COUNT_TABLE,
            EPOCH.tbl,
            EPOCH.conn,
          ]),
        );
        return Number(rows[0]?.n ?? 0);
      };
      // The first read takes the snapshot the next two share; the locked one reads the latest.
      const seen = await epoch(false);
      const counted = rowsOf<{ n: unknown }>(await trx.raw('SELECT count(*) AS n FROM ??', [tableName]));
      const added = rowsOf<{ n: unknown }>(
        await trx.raw('SELECT coalesce(sum(n), 0) AS n FROM ?? WHERE tbl = ? AND conn <> 0', [
          ROW_COUNT_TABLE,
          tableName,
        ]),
      );
      const latest = await epoch(true);
      if (latest !== seen) return 'raced';
      const base = Number(counted[0]?.n ?? 0) - Number(added[0]?.n ?? 0);
      await trx.raw('INSERT INTO ?? (tbl, conn, n) VALUES (?, 0, ?) ON DUPLICATE KEY UPDATE n = VALUES(n)', [
        ROW_COUNT_TABLE,
        tableName,
        base,
      ]);
      if (await keepsMysqlOwnerCount(trx, tableName)) await writeOwnerBases(trx, tableName);
      return 'counted';
    },
    { isolationLevel: 'repeatable read' },
  );
};

/** Folds the rows of the table's writers into its base (rows of open transactions are left). */
const foldMysqlRowCount = async (db: Knex, tableName: string): Promise<void> => {
  await db.transaction(
    async (trx) => {
      const parts = rowsOf<{ conn: unknown; n: unknown }>(
        await trx.raw('SELECT conn, n FROM ?? WHERE tbl = ? AND conn <> 0 FOR UPDATE SKIP LOCKED', [
          ROW_COUNT_TABLE,
          tableName,
        ]),
      );
      if (parts.length === 0) return;
      const sum = parts.reduce((total, part) => total + Number(part.n), 0);
      const based = await trx(ROW_COUNT_TABLE)
        .where({ tbl: tableName, conn: 0 })
        .update({ n: trx.raw('n + ?', [sum]) });
      if (based !== 1) return;
      const conns = parts.map((part) => String(part.conn));
      await trx(ROW_COUNT_TABLE).where('tbl', tableName).whereIn('conn', conns).delete();
      // The owners' rows of the same writers, whose table rows are locked here (writers take those first).
      if (await ownerTable.has(trx)) await foldOwnerParts(trx, tableName, conns);
    },
    { isolationLevel: 'read committed' },
  );
};

/** Starts counting the table again in the background, at most once in a while per table. */
const recountLater = (sourceKnex: Knex, tableName: string): void => {
  const tried = recounts.of(sourceKnex);
  const next = tried.get(tableName);
  if (next === 'running' || (next !== undefined && Date.now() < next)) return;
  tried.set(tableName, 'running');
  recountMysqlTable(sourceKnex, tableName).then(
    (outcome) => {
      if (outcome === 'counted') tried.delete(tableName);
      else
        tried.set(
          tableName,
          Date.now() + (outcome === 'uncountable' ? UNCOUNTABLE_RECHECK_MS : RECOUNT_RETRY_MS),
        );
    },
    () => tried.set(tableName, Date.now() + RECOUNT_RETRY_MS),
  );
};

const ownersInBackground = oncePerTable(UNCOUNTABLE_RECHECK_MS);

/**
 * Starts counting the table's owners, in the background and at most once in a while per table:
 * its triggers are made again with the owners' parts (when it has an integer `ownerId`), and its
 * next reader counts it anew. Owners are counted only on tables read under an owner rule, so that
 * the writes of others do not pay for it (a second upsert per row).
 */
const countOwnersLater = (sourceKnex: Knex, tableName: string): void =>
  ownersInBackground(sourceKnex, tableName, async () => {
    if (!(await hasMysqlOwnerColumn(sourceKnex, tableName))) return false;
    if (!(await keepsMysqlRowCount(sourceKnex, tableName))) return false;
    // With the owners' triggers already there, the next recount counts them.
    if (!(await keepsMysqlOwnerCount(sourceKnex, tableName)))
      await resetMysqlRowCount(sourceKnex, tableName, { owners: true });
    return keepsMysqlOwnerCount(sourceKnex, tableName);
  });

/** Per data source and table: until when its triggers are taken to be there, or not. */
const triggerChecks = perHandle<TriggerCheck>();
interface TriggerCheck {
  present: boolean;
  until: number;
}

/**
 * Whether the table still has its triggers: a table dropped and made again without crudboard (by
 * another program) has a new, untriggered table under a base row of the old one. Looked up at
 * most once per TRIGGER_CHECK_MS per table (a look-up costs about a millisecond and a half).
 */
const triggersStillThere = async (db: Knex, tableName: string): Promise<TriggerCheck> => {
  const checks = triggerChecks.of(db);
  const known = checks.get(tableName);
  if (known && Date.now() < known.until) return known;
  const present = await keepsMysqlRowCount(db, tableName);
  const check = { present, until: Date.now() + TRIGGER_CHECK_MS };
  checks.set(tableName, check);
  return check;
};

/**
 * The kept count of a table, or null when it has none (no base row: never counted, or counted
 * again by a background recount started here). `db` may be a transaction: the sum is read in
 * its snapshot. With `owner`: the kept count of that owner's rows, in the same statement.
 */
const keptCount = async (
  db: Knex,
  tableName: string,
  sourceKnex: Knex,
  owner?: number,
): Promise<number | null> => {
  if (!(await hasCountTable(db))) return null;
  let rows: { n: unknown; parts: unknown; based: unknown; owned: unknown; owners: unknown }[];
  try {
    rows = rowsOf(
      await db.raw(
        'SELECT coalesce(sum(n), 0) AS n, count(*) AS parts, coalesce(max(conn = 0), 0) AS based, ' +
          (owner === undefined
            ? 'NULL AS owned, 0 AS owners '
            : '(SELECT coalesce(sum(o.n), 0) FROM ?? o WHERE o.tbl = ? AND o.owner = ?) AS owned, ' +
              'EXISTS (SELECT 1 FROM ?? m WHERE m.tbl = ? AND m.owner = ? AND m.conn = 0) AS owners ') +
          'FROM ?? WHERE tbl = ?',
        [
          ...(owner === undefined
            ? []
            : [OWNER_COUNT_TABLE, tableName, owner, OWNER_COUNT_TABLE, tableName, OWNERS_COUNTED]),
          ROW_COUNT_TABLE,
          tableName,
        ],
      ),
    );
  } catch (error) {
    if (isNoSuchTable(error)) {
      countTable.forget(db);
      ownerTable.forget(db);
      return null;
    }
    throw error;
  }
  const [row] = rows;
  if (!row || Number(row.based) !== 1) {
    recountLater(sourceKnex, tableName);
    return null;
  }
  const triggers = await triggersStillThere(db, tableName);
  if (!triggers.present) return null;
  // Owners not counted (yet): the marker the recount writes with their bases is missing.
  if (owner !== undefined && Number(row.owners) !== 1) {
    countOwnersLater(sourceKnex, tableName);
    return null;
  }
  if (Number(row.parts) > FOLD_AFTER) foldMysqlRowCount(sourceKnex, tableName).catch(() => undefined);
  return Number(owner === undefined ? row.n : row.owned);
};

/** The kept count of a table, or null when it has none (SqlDialect.keptRowCount). */
export const mysqlKeptRowCount = (db: Knex, tableName: string, sourceKnex: Knex): Promise<number | null> =>
  keptCount(db, tableName, sourceKnex);

/**
 * The kept count of one owner's rows of a table, or null when none is kept (SqlDialect.keptOwnerCount).
 * Read from the owner's rows alone when the owners are counted: the marker is written with the
 * table's base and dropped with it (every path that drops a base drops the owners' bases in the
 * same transaction), so it stands for both, and one range of one index answers (a subquery per
 * check cost MariaDB about 30 µs each). Without the marker, keptCount decides what to count again.
 */
export const mysqlKeptOwnerCount = async (
  db: Knex,
  tableName: string,
  owner: number,
  sourceKnex: Knex,
): Promise<number | null> => {
  if (!(await hasCountTable(db)) || !(await ownerTable.has(db))) return null;
  let rows: { owned: unknown; parts: unknown; owners: unknown }[];
  try {
    rows = rowsOf(
      await db.raw(
        `SELECT coalesce(sum(CASE WHEN owner = ? THEN n END), 0) AS owned, count(*) AS parts, ` +
          `coalesce(max(owner = ${OWNERS_COUNTED} AND conn = 0), 0) AS owners ` +
          `FROM ?? WHERE tbl = ? AND owner IN (?, ${OWNERS_COUNTED})`,
        [owner, OWNER_COUNT_TABLE, tableName, owner],
      ),
    );
  } catch (error) {
    if (!isNoSuchTable(error)) throw error;
    countTable.forget(db);
    ownerTable.forget(db);
    return null;
  }
  const [row] = rows;
  if (!row || Number(row.owners) !== 1) return keptCount(db, tableName, sourceKnex, owner);
  if (!(await triggersStillThere(db, tableName)).present) return null;
  if (Number(row.parts) > FOLD_AFTER) foldMysqlRowCount(sourceKnex, tableName).catch(() => undefined);
  return Number(row.owned);
};

/** The kept owner count as a subquery; only for a table that has one. */
export const mysqlKeptOwnerCountQuery = (db: Knex, tableName: string, owner: number): Knex.QueryBuilder =>
  db(OWNER_COUNT_TABLE).where({ tbl: tableName, owner }).sum({ n: 'n' });

/**
 * A schema change of the table's `ownerId` column: the table's count is dropped and its triggers
 * taken off before (they name the column), and made again after as the columns then are; its
 * next reader counts it again.
 */
export const changeMysqlOwnerColumn = async (
  db: Knex,
  tableName: string,
  change: () => Promise<void>,
): Promise<void> => {
  const kept = await keepsMysqlRowCount(db, tableName);
  const owners = kept && (await keepsMysqlOwnerCount(db, tableName));
  if (kept) {
    await db.transaction(async (trx) => {
      await nextEpoch(trx);
      await trx(ROW_COUNT_TABLE).where('tbl', tableName).delete();
      await trx(OWNER_COUNT_TABLE).where('tbl', tableName).delete();
    });
    await dropTriggers(db, tableName);
  }
  await change();
  if (kept) await resetMysqlRowCount(db, tableName, { owners });
};

/** The kept count as a subquery (for one statement beside other counts); only for a table that has one. */
export const mysqlKeptCountQuery = (db: Knex, tableName: string): Knex.QueryBuilder =>
  db(ROW_COUNT_TABLE).where('tbl', tableName).sum({ n: 'n' });

/** MySQL / MariaDB: the row triggers of mysql-row-count on a table another application made. */
export const mysqlRowCountKeeping: RowCountKeeping = {
  state: async (db, tableName) => {
    const rows = rowsOf<{ engine: string | null; estimate: unknown; type: string }>(
      await db.raw(
        `SELECT ENGINE AS engine, TABLE_ROWS AS estimate, TABLE_TYPE AS type FROM information_schema.TABLES
          WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?`,
        [tableName],
      ),
    );
    const row = rows[0];
    const notKept: NotKeptReason | null =
      row?.type === 'VIEW'
        ? 'view'
        : String(row?.engine ?? '').toLowerCase() !== 'innodb'
          ? 'engine'
          : (await cascadesInto(db, tableName))
            ? 'cascade'
            : null;
    return {
      kept: notKept === null && (await keepsMysqlRowCount(db, tableName)),
      estimatedRows: row?.estimate === null || row?.estimate === undefined ? null : Number(row.estimate),
      notKept,
    };
  },
  keep: async (db, tableName) => {
    const { notKept } = await mysqlRowCountKeeping.state(db, tableName);
    if (notKept) return notKept;
    if (!(await keepsMysqlRowCount(db, tableName))) await resetMysqlRowCount(db, tableName);
    if (!(await keepsMysqlRowCount(db, tableName))) return 'privilege';
    // A forgetting from the SQL console may race the first count: a few tries.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if ((await recountMysqlTable(db, tableName)) === 'counted') return null;
    }
    return null;
  },
  stop: async (db, tableName) => {
    await dropTriggers(db, tableName);
    // A database where no table keeps its count any more (one crudboard only reads) keeps nothing of it.
    const rows = rowsOf<unknown>(
      await db.raw(
        "SELECT 1 FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME LIKE 'cb\\_rc\\_%' LIMIT 1",
      ),
    );
    if (rows.length === 0) {
      await db.schema.dropTableIfExists(ROW_COUNT_TABLE);
      await db.schema.dropTableIfExists(OWNER_COUNT_TABLE);
      countTable.made();
      ownerTable.made();
      return;
    }
    ownerTable.forget(db);
    const owners = await ownerTable.has(db);
    await db.transaction(async (trx) => {
      await trx(ROW_COUNT_TABLE).where('tbl', tableName).delete();
      if (owners) await trx(OWNER_COUNT_TABLE).where('tbl', tableName).delete();
    });
  },
};
