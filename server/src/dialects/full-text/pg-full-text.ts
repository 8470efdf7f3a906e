import { likeIgnoringCase } from '../caseless-text';
import { pgDialect } from '../sql/pg-dialect';
import { derivedName } from '../derived-name';
import { containsPattern, termsOf, type FullText } from './full-text';
import { createGramIndex, dropGramIndex, readCommonGrams, servedByGrams, whereGrams } from './pg-grams';

export const pgFullTextIndexName = (tableName: string, column: string): string =>
  derivedName('ft', tableName, column);

/**
 * PostgreSQL: a GIN index with pg_trgm's gin_trgm_ops on the column, which answers ILIKE
 * '%term%' for terms of three characters or more (CJK included), and a GIN index of the column's
 * grams for rare terms of one or two (pg-grams.ts). Every term is also matched exactly; a term
 * without cased letters by LIKE, which the trigram index serves as well and which does not lower
 * each row's text first.
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
    await createGramIndex(db, tableName, column.name);
  },

  async dropIndex(db, { tableName, column }) {
    await db.raw('DROP INDEX IF EXISTS ??', [pgFullTextIndexName(tableName, column.name)]);
    await dropGramIndex(db, tableName, column.name);
  },

  async inspect(db, table) {
    return { ...table, grams: await readCommonGrams(db, table.tableName, table.column.name) };
  },

  matchCondition(query, table, keyword) {
    const column = `${table.tableName}.${table.column.name}`;
    for (const term of termsOf(keyword)) {
      if (table.grams && servedByGrams(term, table.grams)) whereGrams(query, column, term);
      query.whereRaw(likeIgnoringCase(pgDialect, '??', term), [column, containsPattern(term), '\\']);
    }
    return query;
  },
};
