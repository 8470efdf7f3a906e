/**
 * Statements a SQLite read connection may run outside a transaction: queries, the schema pragmas
 * that only read, and the per-connection cache settings of an export (`withLeanReads`), which
 * must reach the connection the export reads on.
 */
const READ_STATEMENT =
  /^\s*(?:select\b|pragma\s+(?:table_x?info|index_list|index_x?info|foreign_key_list|mmap_size|cache_size)\b)/i;

/** Query builder methods that only read. */
const READ_METHODS = new Set(['select', 'first', 'pluck']);

/** What of a Knex query builder or raw statement tells whether it only reads. */
export interface StatementSource {
  _method?: unknown;
  isRawInstance?: unknown;
  sql?: unknown;
}

/**
 * Whether a statement only reads the database (and so may run on a read connection, seeing the
 * last committed state): a select of the query builder, or a raw statement that is a select or a
 * reading pragma. Schema builders and everything else count as writes.
 */
export const isSqliteRead = (source: StatementSource): boolean => {
  if (typeof source._method === 'string') return READ_METHODS.has(source._method);
  return source.isRawInstance === true && typeof source.sql === 'string' && READ_STATEMENT.test(source.sql);
};
