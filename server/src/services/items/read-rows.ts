import type { Knex } from 'knex';
import type { Client } from '../../config';
import { sqlDialect } from '../../dialects/sql/sql-dialects';

/**
 * SELECT the given columns of a table, qualified with its name. On SQLite integers are read as
 * BigInt, so that BIGINT values beyond 2^53 survive (the output conversion narrows them again).
 */
export const readRows = (
  db: Knex,
  dialect: Client,
  tableName: string,
  columns: readonly string[],
): Knex.QueryBuilder => {
  const builder = db(tableName).select(columns.map((column) => `${tableName}.${column}`));
  return sqlDialect(dialect).readRowOptions(builder);
};
