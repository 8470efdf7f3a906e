import { errnoOf } from '../dialects/sql/mysql-errno';

/**
 * Whether the database refused a statement for naming a column its table does not have: MySQL /
 * MariaDB ER_BAD_FIELD_ERROR (1054), PostgreSQL undefined_column (42703), SQLite `no such column`.
 * Statements of the business and metadata APIs name only columns the metadata describes, so this
 * means the table's metadata and its physical columns are out of step (a schema change a server
 * did not finish, a column dropped by hand).
 */
export const isUnknownColumn = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 'SQLITE_ERROR') return typeof message === 'string' && message.includes('no such column');
  return errnoOf(error) === 1054 || code === '42703';
};
