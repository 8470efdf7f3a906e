/** The MySQL / MariaDB error number of a driver error, if it has one. */
export const errnoOf = (error: unknown): number | undefined => {
  const errno = (error as { errno?: unknown }).errno;
  return typeof errno === 'number' ? errno : undefined;
};

/** ER_TABLEACCESS_DENIED_ERROR, ER_COLUMNACCESS_DENIED_ERROR: the account has no right on a table or column. */
export const isTableAccessDenied = (error: unknown): boolean => {
  const errno = errnoOf(error);
  return errno === 1142 || errno === 1143;
};

/** ER_NO_SUCH_TABLE: the statement names a table that does not exist. */
export const isNoSuchTable = (error: unknown): boolean => errnoOf(error) === 1146;

/**
 * A text the column's character set cannot store: written (1366 `Incorrect string value`, e.g. an
 * emoji into a latin1 column) or compared with it (1267, 1270, 1271 `Illegal mix of collations`:
 * the value cannot be converted to the column's character set).
 */
export const isNarrowCharsetError = (error: unknown): boolean => {
  const errno = errnoOf(error);
  if (errno === 1267 || errno === 1270 || errno === 1271) return true;
  const { sqlMessage, message } = error as { sqlMessage?: unknown; message?: unknown };
  return errno === 1366 && /incorrect string value/i.test(String(sqlMessage ?? message));
};

/**
 * A value the column does not allow: one its ENUM or SET does not list, or one cut short to fit
 * (1265 `Data truncated`, strict mode).
 */
export const isValueNotListed = (error: unknown): boolean => errnoOf(error) === 1265;

/**
 * Values a function or type cannot read: incorrect value (1292, e.g. `Incorrect uuid value`),
 * incorrect value for a column (1366), out of range (1264), invalid JSON text (3140), no geometry
 * in the data sent to a GEOMETRY column (1416), invalid GIS data (3037, MySQL).
 */
export const MYSQL_BAD_VALUE_ERRNOS: ReadonlySet<number> = new Set([1292, 1366, 1264, 3140, 1416, 3037]);

/**
 * ER_LOCK_DEADLOCK (1213): the transaction was chosen as a deadlock victim and rolled back; on a
 * Galera cluster also a transaction that lost certification at COMMIT to a concurrent write made
 * through another node. Either way nothing of it was kept.
 */
export const ER_LOCK_DEADLOCK = 1213;

/** Whether `error` is the MySQL / MariaDB error `errno`. */
export const isMysqlErrno = (error: unknown, errno: number): boolean => errnoOf(error) === errno;
