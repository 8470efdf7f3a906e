import { derivedName } from '../derived-name';
import { containsPattern, termsOf, type FullText } from './full-text';

export const pgFullTextIndexName = (tableName: string, column: string): string =>
  derivedName('ft', tableName, column);

/**
 * PostgreSQL: a GIN index with pg_trgm's gin_trgm_ops on the column, which answers ILIKE
 * '%term%' (substring search, CJK included; very short terms scan the index).
 */
export const pgFullText: FullText = {
  method: 'pg-trgm',

  async createIndex(db, { tableName, column }) {
    await db.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await db.raw('CREATE INDEX ?? ON ?? USING gin (?? gin_trgm_ops)', [
      pgFullTextIndexName(tableName, column.name),
      tableName,
      column.name,
    ]);
  },

  async dropIndex(db, { tableName, column }) {
    await db.raw('DROP INDEX IF EXISTS ??', [pgFullTextIndexName(tableName, column.name)]);
  },

  matchCondition(query, table, keyword) {
    for (const term of termsOf(keyword)) {
      query.whereRaw('?? ILIKE ? ESCAPE ?', [
        `${table.tableName}.${table.column.name}`,
        containsPattern(term),
        '\\',
      ]);
    }
    return query;
  },
};
