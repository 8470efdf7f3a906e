import type { Client } from '../../config';
import { mysqlDialect } from './mysql-dialect';
import { pgDialect } from './pg-dialect';
import type { SqlDialect } from './sql-dialect';
import { sqliteDialect } from './sqlite-dialect';

const DIALECTS: Readonly<Record<Client, SqlDialect>> = {
  sqlite: sqliteDialect,
  pg: pgDialect,
  mysql: mysqlDialect,
};

/** The SqlDialect of a kind of database. */
export const sqlDialect = (client: Client): SqlDialect => DIALECTS[client];

/** Stops what every database's SQL console keeps between statements (when the server closes). */
export const closeConsoles = (): void => {
  for (const dialect of Object.values(DIALECTS)) dialect.closeConsole();
};
