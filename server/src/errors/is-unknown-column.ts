import { errnoOf } from '../dialects/sql/mysql-errno';

/**
 * Whether the database refused a statement for naming a column its table does not have: MySQL /
 * MariaDB ER_BAD_FIELD_ERROR (1054), PostgreSQL undefined_column (42703). Statements of the
 * business and metadata APIs name only columns the metadata describes, so this means the table's
 * metadata and its physical columns are out of step (a schema change a server did not finish).
 */
export const isUnknownColumn = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  return errnoOf(error) === 1054 || (error as { code?: unknown }).code === '42703';
};
