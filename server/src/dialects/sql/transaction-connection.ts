import type { Knex } from 'knex';

interface TransactionClient {
  acquireConnection(): Promise<unknown>;
}

/**
 * The driver's connection a Knex transaction runs on (better-sqlite3's Database, a pg Client, a
 * mysql2 Connection): statements sent on it directly are part of the transaction.
 */
export const transactionConnection = (trx: Knex.Transaction): Promise<unknown> =>
  (trx.client as TransactionClient).acquireConnection();

/** `insert into <table> (<columns>) values (<marks>)` with the dialect's quotes and placeholders. */
export const insertText = (
  table: string,
  columns: readonly string[],
  quote: (name: string) => string,
  mark: (index: number) => string,
): string =>
  `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values (${columns.map((_, index) => mark(index)).join(', ')})`;
