import type { Knex } from 'knex';
import { OWNER_COLUMN } from './owner-column';

/**
 * MySQL / MariaDB: row counts kept per owner (the value of `ownerId`) beside the table's own
 * (mysql-row-count.ts), in `cb_owner_count` (`tbl`, `owner`, `conn`, `n`) by the same scheme: the
 * table's row triggers add +1 / -1 to the writing connection's row of the owner (rows without an
 * owner are not counted), an update trigger follows a change of a row's owner, and the rows with
 * `conn = 0` are the owners' bases, written by the recount that writes the table's base, in its
 * snapshot, and dropped with it, beside a row that marks the owners as counted (`OWNERS_COUNTED`):
 * an owner's count is valid exactly when the table's is and that row is there.
 * Owners are counted only on tables read under an owner rule: the first such count starts it
 * (mysql-row-count.ts, `countOwnersLater`), since it costs every inserted and deleted row a
 * second upsert.
 */
export const OWNER_COUNT_TABLE = 'cb_owner_count';
/**
 * The owner of the row (`conn = 0`, `n = 0`) that marks a table's owners as counted: written by the
 * recount with their bases, dropped with them. Readers trust an owner's count only beside it, in
 * the same statement. Its `n` is 0, so an owner of this id (none is) would still count right.
 */
export const OWNERS_COUNTED = '-9223372036854775808';

const rowsOf = <T>(result: unknown): T[] => (result as [T[]])[0];

export const ensureMysqlOwnerCountTable = (db: Knex): Knex.Raw =>
  db.raw(
    `CREATE TABLE IF NOT EXISTS ?? (tbl VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, ` +
      `owner BIGINT NOT NULL, conn BIGINT UNSIGNED NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (tbl, owner, conn)) ENGINE = InnoDB`,
    [OWNER_COUNT_TABLE],
  );

/** Whether the table has an integer `ownerId` column (what owner counts are kept of). */
export const hasMysqlOwnerColumn = async (db: Knex, tableName: string): Promise<boolean> =>
  rowsOf<unknown>(
    await db.raw(
      `SELECT 1 FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND COLUMN_NAME = ?
          AND DATA_TYPE IN ('tinyint', 'smallint', 'mediumint', 'int', 'bigint')`,
      [tableName, OWNER_COLUMN],
    ),
  ).length > 0;

/**
 * The trigger statements that count owners: `row` is NEW or OLD, `delta` +1 or -1 (with the
 * table name and the column bound in by the caller's `db.raw(…).toQuery()`).
 */
export const ownerUpsert = (db: Knex, tableName: string, row: 'NEW' | 'OLD', delta: 1 | -1): string =>
  db
    .raw(
      `IF ${row}.?? IS NOT NULL THEN INSERT INTO ?? (tbl, owner, conn, n) VALUES (?, ${row}.??, CONNECTION_ID(), ${delta}) ON DUPLICATE KEY UPDATE n = n + (${delta}); END IF;`,
      [OWNER_COLUMN, OWNER_COUNT_TABLE, tableName, OWNER_COLUMN],
    )
    .toQuery();

/** The body of the update trigger: a row whose owner changed moves from one owner's count to the other's. */
export const ownerMoveBody = (db: Knex, tableName: string): string =>
  `BEGIN IF NOT (${db.raw('OLD.?? <=> NEW.??', [OWNER_COLUMN, OWNER_COLUMN]).toQuery()}) THEN ` +
  `${ownerUpsert(db, tableName, 'OLD', -1)} ${ownerUpsert(db, tableName, 'NEW', 1)} END IF; END`;

/**
 * Writes the owners' bases of a recount, in its transaction: each owner's rows counted in the
 * snapshot less the writers' additions then visible.
 */
export const writeOwnerBases = async (trx: Knex, tableName: string): Promise<void> => {
  const counted = rowsOf<{ owner: unknown; n: unknown }>(
    await trx.raw('SELECT ?? AS owner, count(*) AS n FROM ?? WHERE ?? IS NOT NULL GROUP BY ??', [
      OWNER_COLUMN,
      tableName,
      OWNER_COLUMN,
      OWNER_COLUMN,
    ]),
  );
  const added = rowsOf<{ owner: unknown; n: unknown }>(
    await trx.raw('SELECT owner, sum(n) AS n FROM ?? WHERE tbl = ? AND conn <> 0 GROUP BY owner', [
      OWNER_COUNT_TABLE,
      tableName,
    ]),
  );
  const bases = new Map<string, number>();
  for (const row of counted) bases.set(String(row.owner), Number(row.n));
  for (const row of added) bases.set(String(row.owner), (bases.get(String(row.owner)) ?? 0) - Number(row.n));
  await trx(OWNER_COUNT_TABLE).where({ tbl: tableName, conn: 0 }).delete();
  bases.set(OWNERS_COUNTED, 0);
  const rows = [...bases].map(([owner, n]) => ({ tbl: tableName, owner, conn: 0, n }));
  for (let first = 0; first < rows.length; first += 1000)
    await trx(OWNER_COUNT_TABLE).insert(rows.slice(first, first + 1000));
};

/**
 * Folds the owner rows of the writers `conns` (whose table rows the caller holds locked, in its
 * transaction) into the owners' bases.
 */
export const foldOwnerParts = async (
  trx: Knex,
  tableName: string,
  conns: readonly string[],
): Promise<void> => {
  if (conns.length === 0) return;
  const parts = rowsOf<{ owner: unknown; n: unknown }>(
    await trx.raw(
      `SELECT owner, n FROM ?? WHERE tbl = ? AND conn IN (${conns.map(() => '?').join(', ')}) FOR UPDATE`,
      [OWNER_COUNT_TABLE, tableName, ...conns],
    ),
  );
  if (parts.length === 0) return;
  const sums = new Map<string, number>();
  for (const part of parts)
    sums.set(String(part.owner), (sums.get(String(part.owner)) ?? 0) + Number(part.n));
  for (const [owner, n] of sums)
    await trx.raw(
      'INSERT INTO ?? (tbl, owner, conn, n) VALUES (?, ?, 0, ?) ON DUPLICATE KEY UPDATE n = n + VALUES(n)',
      [OWNER_COUNT_TABLE, tableName, owner, n],
    );
  await trx(OWNER_COUNT_TABLE).where('tbl', tableName).whereIn('conn', conns).delete();
};
