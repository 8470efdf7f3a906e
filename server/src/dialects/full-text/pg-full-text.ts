import type { Knex } from 'knex';
import { ApiException } from '../../errors/api-exception';
import { metadataMessage } from '../../i18n/metadata-messages';
import { likeIgnoringCase } from '../caseless-text';
import { pgDialect } from '../sql/pg-dialect';
import { derivedName } from '../derived-name';
import { containsPattern, termsOf, type FullText } from './full-text';
import { createGramIndex, dropGramIndex, readCommonGrams, servedByGrams, whereGrams } from './pg-grams';

/**
 * Installs pg_trgm unless the database has it. An account that may not (not the database's owner
 * and without CREATE on it, or the contrib files missing) gets a refusal that says what the
 * database lacks and how to give it, instead of the driver's error: the schema change is rolled
 * back whole.
 */
const ensureTrigrams = async (db: Knex): Promise<void> => {
  const { rows } = (await db.raw("SELECT 1 FROM pg_catalog.pg_extension WHERE extname = 'pg_trgm'")) as {
    rows: unknown[];
  };
  if (rows.length > 0) return;
  try {
    await db.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^.* - /, '') : String(error);
    throw new ApiException('CONFLICT', metadataMessage('searchNeedsTrgm', { reason }));
  }
};

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
    await ensureTrigrams(db);
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
