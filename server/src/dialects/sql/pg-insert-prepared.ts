import type { Knex } from 'knex';
import { quotePgIdentifier } from './quote-pg-identifier';
import { insertText, transactionConnection } from './transaction-connection';

interface PgClient {
  query(config: { name: string; text: string; values: readonly unknown[] }): Promise<unknown>;
}

/** SqlDialect.insertPrepared on PostgreSQL: a named statement, which pg prepares once per connection. */
export const pgInsertPrepared = async (
  trx: Knex.Transaction,
  name: string,
  table: string,
  columns: readonly string[],
  values: readonly unknown[],
): Promise<void> => {
  const client = (await transactionConnection(trx)) as PgClient;
  await client.query({
    name: `cb_${name}`,
    text: insertText(table, columns, quotePgIdentifier, (index) => `$${index + 1}`),
    values,
  });
};
