import type { Knex } from 'knex';
import { insertChunks } from './insert-chunks';
import { insertText, transactionConnection } from './transaction-connection';

interface MysqlConnection {
  execute(sql: string, values: readonly unknown[], done: (error: Error | null) => void): void;
  query(sql: string, values: readonly unknown[], done: (error: Error | null) => void): void;
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

/**
 * SqlDialect.insertMany on MySQL / MariaDB: multi-row VALUES, which mysql2 writes out from the
 * nested rows (`values ?`), chunked under the packet size.
 */
export const mysqlInsertMany = async (
  trx: Knex.Transaction,
  _name: string,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> => {
  const connection = (await transactionConnection(trx)) as MysqlConnection;
  const sql = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ?`;
  for (const chunk of insertChunks(rows, 1000)) {
    await new Promise<void>((resolve, reject) => {
      connection.query(sql, [chunk], (error) => (error ? reject(error) : resolve()));
    });
  }
};
