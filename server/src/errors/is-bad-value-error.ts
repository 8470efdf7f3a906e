import {
  errnoOf,
  isNarrowCharsetError,
  isValueNotListed,
  MYSQL_BAD_VALUE_ERRNOS,
} from '../dialects/sql/mysql-errno';
import type { FieldMessageKey } from '../i18n/messages';

/**
 * PostgreSQL SQLSTATEs of a value the column's type cannot take: invalid text representation
 * (`invalid input syntax for type uuid`, a malformed array or address, a value an enum does not
 * list), invalid date-time format, date-time field overflow, numeric value out of range, invalid
 * character value for cast.
 */
const PG_STATES = new Set(['22P02', '22007', '22008', '22003', '22018']);

/**
 * Whether the database refused a value because it is not in the form its column's type takes
 * (a bad uuid in a URL or a filter, a malformed address or JSON text, an ENUM value not listed, a
 * character a latin1 column cannot store), and what the 400 says: the request is wrong, not the
 * server, and the statement changed nothing. Undefined for any other error.
 */
export const badValueMessage = (error: unknown): FieldMessageKey | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && PG_STATES.has(code)) return 'badValue';
  if (isNarrowCharsetError(error)) return 'narrowCharset';
  if (isValueNotListed(error)) return 'valueNotListed';
  const errno = errnoOf(error);
  return errno !== undefined && MYSQL_BAD_VALUE_ERRNOS.has(errno) ? 'badValue' : undefined;
};
