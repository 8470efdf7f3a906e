/**
 * The first words of console statements that neither change a table's shape nor change rows but
 * through triggers. MySQL's read-only mode refuses any other word up front (DDL, GRANT, LOCK TABLES,
 * SET, CALL, LOAD DATA… may commit on their own; writes among these fail on the read-only
 * transaction). After any other (TRUNCATE, DDL, CALL…) the kept counts are brought in step: MySQL
 * drops them (they are counted again by their next readers), PostgreSQL takes the per-owner
 * triggers off a table whose `ownerId` column went.
 */
export const PLAIN_WORDS: ReadonlySet<string> = new Set([
  'SELECT',
  'WITH',
  'VALUES',
  'TABLE',
  'SHOW',
  'DESCRIBE',
  'DESC',
  'EXPLAIN',
  'HELP',
  'INSERT',
  'UPDATE',
  'DELETE',
  'REPLACE',
]);
