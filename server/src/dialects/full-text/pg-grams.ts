import type { Knex } from 'knex';
import { derivedName } from '../derived-name';
import { charCount } from './full-text';

/**
 * One- and two-character terms on PostgreSQL. A trigram index cannot serve them (it reads every
 * entry), so a search index also gets a GIN index over the column's grams: a `tsvector` whose
 * lexemes are the pairs of adjacent characters of the lower-cased text and its last character,
 * from an immutable SQL function. A pair is then one lexeme (`'物流'`) and a single character a
 * prefix (`'彭':*`), both answered by the index; the plain match beside it keeps the answer exact.
 * A text longer than `LONG_TEXT` characters gets the one lexeme `long` instead (a `tsvector` holds
 * at most 1 MB), which every gram query also asks for: such rows are always checked by the match.
 *
 * The index pays where a term is rare (a name in a few hundred rows: 8 ms instead of a scan of
 * every row). A common term (a word in every sixth row) is found faster by reading rows until the
 * page and the bounded count are full, so the gram condition is only added for terms that the
 * index's statistics do not count among the common ones.
 */
export const GRAMS_FUNCTION = 'cb_grams_v1';
const LONG_TEXT = 16384;
const LONG_LEXEME = 'long';

/** The gram index of a table's search column. */
export const pgGramIndexName = (tableName: string, column: string): string =>
  derivedName('ft', tableName, column, 'grams');

/** A term's estimated share of the rows (0..1) from which it is read by scanning, not through the index. */
export const COMMON_GRAM_SHARE = 0.05;

/**
 * Creates the grams function. Its body never changes under this name: indexes are built from it.
 * Its cost is declared low, since it is only named where the index answers: a higher one makes
 * the planner start parallel workers for a few hundred rows (8 ms of their start for 1 ms of work).
 */
const createGramsFunction = (db: Knex): Knex.Raw =>
  db.raw(
    `CREATE OR REPLACE FUNCTION ??(body text) RETURNS tsvector
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 10 AS $$
        SELECT CASE WHEN char_length(b.s) > ${LONG_TEXT} THEN '${LONG_LEXEME}'::tsvector
          ELSE array_to_tsvector(array(
            SELECT m[1] FROM regexp_matches(b.s, '..', 'g') AS m
            UNION ALL SELECT m[1] FROM regexp_matches(substr(b.s, 2), '..', 'g') AS m
            UNION ALL SELECT right(b.s, 1) WHERE b.s <> ''))
          END
        FROM (SELECT lower(body) AS s) AS b
      $$`,
    [GRAMS_FUNCTION],
  );

/**
 * Adds the gram index to a table's search column, then the statistics that tell common grams from
 * rare ones. In a savepoint: where the account may not create a function in the schema (another
 * application's database), the search keeps its trigram index alone.
 */
export const createGramIndex = async (db: Knex, tableName: string, column: string): Promise<void> => {
  try {
    await db.transaction(async (trx) => {
      await createGramsFunction(trx);
      await trx.raw(`CREATE INDEX ?? ON ?? USING gin (${GRAMS_FUNCTION}(??))`, [
        pgGramIndexName(tableName, column),
        tableName,
        column,
      ]);
    });
  } catch {
    return;
  } finally {
    statisticsOf(db).delete(pgGramIndexName(tableName, column));
  }
  await db.raw('ANALYZE ??', [tableName]);
};

export const dropGramIndex = async (db: Knex, tableName: string, column: string): Promise<void> => {
  await db.raw('DROP INDEX IF EXISTS ??', [pgGramIndexName(tableName, column)]);
  statisticsOf(db).delete(pgGramIndexName(tableName, column));
};

/** Grams the index's statistics count as common, with their share of the rows. */
export type CommonGrams = ReadonlyMap<string, number>;

/** How long the statistics read for an index are used (they move slowly: autovacuum's ANALYZE). */
const STATISTICS_TTL_MS = 60_000;

/** Statistics read, per database (its connection settings) and index: reading them costs 4 ms. */
const readStatistics = new WeakMap<object, Map<string, { at: number; grams: Promise<CommonGrams | null> }>>();

const statisticsOf = (db: Knex) => {
  const config = db.client.config as object;
  let byIndex = readStatistics.get(config);
  if (!byIndex) readStatistics.set(config, (byIndex = new Map()));
  return byIndex;
};

/**
 * The common grams of a table's gram index, from its statistics (`ANALYZE`, kept fresh by
 * autovacuum); null when the table has no gram index or no statistics of it (then no term is sent
 * to it: it may hold the table's commonest characters). Read at most once a minute per index; this
 * server's own changes of the index are seen at once.
 */
export const readCommonGrams = (db: Knex, tableName: string, column: string): Promise<CommonGrams | null> => {
  const byIndex = statisticsOf(db);
  const index = pgGramIndexName(tableName, column);
  const kept = byIndex.get(index);
  if (kept && Date.now() - kept.at < STATISTICS_TTL_MS) return kept.grams;
  const grams = queryCommonGrams(db, index);
  byIndex.set(index, { at: Date.now(), grams });
  grams.catch(() => byIndex.delete(index));
  return grams;
};

const queryCommonGrams = async (db: Knex, index: string): Promise<CommonGrams | null> => {
  const result = (await db.raw(
    `SELECT s.most_common_elems::text::text[] AS elems, s.most_common_elem_freqs AS freqs
       FROM pg_stats AS s
      WHERE s.schemaname = current_schema() AND s.tablename = ?`,
    [index],
  )) as { rows: { elems: string[] | null; freqs: number[] | null }[] };
  const row = result.rows[0];
  if (!row) return null;
  const common = new Map<string, number>();
  (row.elems ?? []).forEach((gram, at) => common.set(gram, Number(row.freqs?.[at] ?? 0)));
  return common;
};

/**
 * A term's estimated share of the rows: a pair's own frequency, a single character's the sum of
 * the common pairs it starts (a lower bound); 0 for what the statistics do not hold (rare).
 */
const estimatedShare = (lowered: string, common: CommonGrams): number => {
  if (charCount(lowered) === 2) return common.get(lowered) ?? 0;
  let share = common.get(lowered) ?? 0;
  for (const [gram, frequency] of common)
    if (charCount(gram) === 2 && gram.startsWith(lowered)) share += frequency;
  return share;
};

/**
 * Whether the gram index should find a term's rows: one or two characters that stay one or two
 * when lowered, and not common by the statistics.
 */
export const servedByGrams = (term: string, common: CommonGrams): boolean => {
  const lowered = term.toLowerCase();
  const length = charCount(term);
  return length <= 2 && charCount(lowered) === length && estimatedShare(lowered, common) < COMMON_GRAM_SHARE;
};

/**
 * Narrows `query` to rows whose gram index holds the term (lowered by the database, as the index
 * lowers): a pair as a lexeme, a single character as a prefix, or the long-text marker. A
 * candidate set: the caller adds the exact match.
 */
export const whereGrams = (query: Knex.QueryBuilder, column: string, term: string): Knex.QueryBuilder =>
  query.whereRaw(
    `${GRAMS_FUNCTION}(??) @@ (? || replace(replace(lower(?), '\\', '\\\\'), '''', '''''') || ?)::tsquery`,
    [column, "'", term, `'${charCount(term) === 1 ? ':*' : ''} | ${LONG_LEXEME}`],
  );
