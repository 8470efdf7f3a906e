import type { Knex } from 'knex';
import { insertText, transactionConnection } from './transaction-connection';

interface Statement {
  run(values: readonly unknown[]): unknown;
}
interface Database {
  prepare(sql: string): Statement;
}

const statements = new WeakMap<Database, Map<string, Statement>>();
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

const prepared = async (
  trx: Knex.Transaction,
  name: string,
  table: string,
  columns: readonly string[],
): Promise<Statement> => {
  const database = (await transactionConnection(trx)) as Database;
  let byName = statements.get(database);
  if (!byName) {
    byName = new Map();
    statements.set(database, byName);
  }
  let statement = byName.get(name);
  if (!statement) {
    statement = database.prepare(insertText(table, columns, quote, () => '?'));
    byName.set(name, statement);
  }
  return statement;
};

/** SqlDialect.insertPrepared on SQLite: better-sqlite3 statements kept per connection. */
export const sqliteInsertPrepared = async (
  trx: Knex.Transaction,
  name: string,
  table: string,
  columns: readonly string[],
  values: readonly unknown[],
): Promise<void> => {
  (await prepared(trx, name, table, columns)).run(values);
};

/** SqlDialect.insertMany on SQLite: the same prepared statement run for each row (no round trips). */
export const sqliteInsertMany = async (
  trx: Knex.Transaction,
  name: string,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> => {
  const statement = await prepared(trx, name, table, columns);
  for (const row of rows) statement.run(row);
};
