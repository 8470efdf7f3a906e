/** The part of a better-sqlite3 statement the cache touches. */
interface CachedStatement {
  safeIntegers(toggle?: boolean): unknown;
}

/** The part of a better-sqlite3 connection the cache wraps. */
export interface PreparingConnection {
  prepare: (sql: string) => CachedStatement;
}

/** Distinct statements kept per connection (the API's SQL is a bounded set of shapes). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Makes a better-sqlite3 connection reuse prepared statements by SQL text, least recently used
 * first out: Knex prepares every query afresh, which took about a tenth of a list request.
 * Statements are handed out with `safeIntegers` off (Knex turns it on per query when asked), and
 * SQLite re-prepares a statement itself after a schema change. Knex runs each statement to its
 * end (`all` / `run`) before the next query on the connection, so one is never busy twice.
 */
export const cacheStatements = (connection: PreparingConnection, size = STATEMENT_CACHE_SIZE): void => {
  const prepare = connection.prepare.bind(connection);
  const cache = new Map<string, CachedStatement>();
  connection.prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (statement) {
      cache.delete(sql);
    } else {
      statement = prepare(sql);
      if (cache.size >= size) cache.delete(cache.keys().next().value as string);
    }
    cache.set(sql, statement);
    statement.safeIntegers(false);
    return statement;
  };
};
