import type { Knex } from 'knex';
import { insertText, transactionConnection } from './transaction-connection';

interface MysqlConnection {
  execute(sql: string, values: readonly unknown[], done: (error: Error | null) => void): void;
}

const quote = (name: string) => `\`${name.replaceAll('`', '``')}\``;

/** SqlDialect.insertPrepared on MySQL / MariaDB: mysql2's `execute`, prepared once per connection. */
export const mysqlInsertPrepared = async (
  trx: Knex.Transaction,
  _name: string,
  table: string,
  columns: readonly string[],
  values: readonly unknown[],
): Promise<void> => {
  const connection = (await transactionConnection(trx)) as MysqlConnection;
  const sql = insertText(table, columns, quote, () => '?');
  await new Promise<void>((resolve, reject) => {
    connection.execute(sql, values, (error) => (error ? reject(error) : resolve()));
  });
};
