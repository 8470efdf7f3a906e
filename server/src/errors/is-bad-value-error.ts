/**
 * PostgreSQL SQLSTATEs of a value the column's type cannot take: invalid text representation
 * (`invalid input syntax for type uuid`, a malformed array or address), invalid date-time format,
 * date-time field overflow, numeric value out of range, invalid character value for cast.
 */
const PG_STATES = new Set(['22P02', '22007', '22008', '22003', '22018']);

/**
 * MySQL / MariaDB errors of the same kind: incorrect value (1292, e.g. `Incorrect uuid value`),
 * incorrect value for a column (1366), out of range (1264), invalid JSON text (3140).
 */
const MYSQL_ERRNOS = new Set([1292, 1366, 1264, 3140]);

/**
 * Whether the database refused a value because it is not in the form its column's type takes
 * (a bad uuid in a URL or a filter, a malformed address or JSON text). The request is wrong, not
 * the server: such an error is answered 400, and the statement changed nothing.
 */
export const isBadValueError = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  if (typeof code === 'string' && PG_STATES.has(code)) return true;
  return typeof errno === 'number' && MYSQL_ERRNOS.has(errno);
};
