import type { Knex } from 'knex';
import { quotePgIdentifier } from './quote-pg-identifier';
import { insertChunks } from './insert-chunks';
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

/**
 * SqlDialect.insertMany on PostgreSQL: `insert … select * from unnest($1::text[], …)`, one array
 * per column, a named statement (prepared once per connection) for each run of rows.
 */
export const pgInsertMany = async (
  trx: Knex.Transaction,
  name: string,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  integers: ReadonlySet<string>,
): Promise<void> => {
  const client = (await transactionConnection(trx)) as PgClient;
  const arrays = columns.map(
    (column, index) => `$${index + 1}::${integers.has(column) ? 'bigint' : 'text'}[]`,
  );
  const text = `insert into ${quotePgIdentifier(table)} (${columns.map(quotePgIdentifier).join(', ')}) select * from unnest(${arrays.join(', ')})`;
  for (const chunk of insertChunks(rows)) {
    await client.query({
      name: `cb_${name}_many`,
      text,
      values: columns.map((_, index) => chunk.map((row) => row[index] ?? null)),
    });
  }
};
