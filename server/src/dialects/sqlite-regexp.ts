import type { Knex } from 'knex';

interface SqliteDatabase {
  function(
    name: string,
    options: { deterministic: boolean },
    fn: (pattern: unknown, value: unknown) => number | null,
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

/**
 * Gives SQLite's `x REGEXP y` operator an implementation (JavaScript regular expressions) on the
 * data source's connection. Call it outside a transaction: the pool has one connection.
 */
export const ensureSqliteRegexp = async (knex: Knex): Promise<void> => {
  const client = knex.client as {
    acquireConnection(): Promise<SqliteDatabase>;
    releaseConnection(connection: SqliteDatabase): Promise<unknown>;
  };
  const connection = await client.acquireConnection();
  try {
    connection.function('regexp', { deterministic: true }, regexp);
  } finally {
    await client.releaseConnection(connection);
  }
};
