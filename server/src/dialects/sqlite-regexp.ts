import type { Knex } from 'knex';

/** The part of a better-sqlite3 connection that defines SQL functions. */
export interface SqliteFunctions {
  function(
    name: string,
    options: { deterministic: boolean },
    fn: (...args: unknown[]) => number | string | null,
  ): void;
}

const patterns = new Map<string, RegExp>();

const regexp = (pattern: unknown, value: unknown): number | null => {
  if (value === null || value === undefined) return null;
  const source = String(pattern);
  let compiled = patterns.get(source);
  if (!compiled) {
    compiled = new RegExp(source, 'u');
    patterns.set(source, compiled);
  }
  return compiled.test(String(value)) ? 1 : 0;
};

/** Gives SQLite's `x REGEXP y` operator an implementation (JavaScript regular expressions) on a connection. */
export const addSqliteRegexp = (connection: SqliteFunctions): void => {
  connection.function('regexp', { deterministic: true }, regexp);
};

/**
 * Gives SQLite's `x REGEXP y` operator an implementation on the data source's write connection
 * (every connection crudboard opens has it already). Call it outside a transaction: the write
 * pool has one connection.
 */
export const ensureSqliteRegexp = async (knex: Knex): Promise<void> => {
  const client = knex.client as {
    acquireConnection(): Promise<SqliteFunctions>;
    releaseConnection(connection: SqliteFunctions): Promise<unknown>;
  };
  const connection = await client.acquireConnection();
  try {
    addSqliteRegexp(connection);
  } finally {
    await client.releaseConnection(connection);
  }
};
