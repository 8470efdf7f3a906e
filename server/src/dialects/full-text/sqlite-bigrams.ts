import type { Knex } from 'knex';
import { charCount } from './full-text';

/**
 * Two-character terms on SQLite. The trigram tokenizer cannot index them, so each FULLTEXT table
 * also gets a contentless FTS5 table of the body's bigrams: every pair of adjacent characters, as
 * space-separated tokens of the `ascii` tokenizer (which folds ASCII case like LIKE does and keeps
 * every non-ASCII character inside tokens). The bigrams are computed in plain SQL inside the
 * triggers, from a small table of the numbers 0..1023 joined three times (positions up to 2^30),
 * so writes from any connection keep the index right, with no function to register.
 */
export const NUMBER_TABLE = 'cb_number';
const NUMBERS = 1024;

/**
 * SQL for the space-separated bigrams of `value` (a trigger's `new.col` or `old.col`), NULL when
 * it has fewer than 2 characters. A body of up to 1,025 characters (nearly all) reads the numbers
 * once, which takes half the time of the three-way join longer bodies need.
 */
export const bigramsSql = (db: Knex, value: string): string => {
  const numbers = db.raw('??', [NUMBER_TABLE]).toQuery();
  const last = `(length(${value}) - 2)`;
  const short =
    `(SELECT group_concat(substr(${value}, l.n + 1, 2), ' ') ` + `FROM ${numbers} AS l WHERE l.n <= ${last})`;
  const long =
    `(SELECT group_concat(substr(${value}, (h.n << 20) + (m.n << 10) + l.n + 1, 2), ' ') ` +
    `FROM ${numbers} AS h CROSS JOIN ${numbers} AS m CROSS JOIN ${numbers} AS l ` +
    `WHERE h.n <= ${last} >> 20 ` +
    `AND m.n <= min(${NUMBERS - 1}, (${last} >> 10) - (h.n << 10)) ` +
    `AND l.n <= min(${NUMBERS - 1}, ${last} - (h.n << 20) - (m.n << 10)))`;
  return `CASE WHEN ${last} < ${NUMBERS} THEN ${short} ELSE ${long} END`;
};

/** Creates the numbers table the bigram triggers read, once per database. */
export const ensureNumberTable = async (db: Knex): Promise<void> => {
  await db.raw('CREATE TABLE IF NOT EXISTS ?? (n INTEGER PRIMARY KEY)', [NUMBER_TABLE]);
  const row = (await db(NUMBER_TABLE).count({ c: '*' }).first()) as { c: unknown } | undefined;
  if (Number(row?.c ?? 0) === NUMBERS) return;
  await db(NUMBER_TABLE).delete();
  const all = Array.from({ length: NUMBERS }, (_, n) => ({ n }));
  for (let start = 0; start < all.length; start += 256) {
    await db(NUMBER_TABLE).insert(all.slice(start, start + 256));
  }
};

/** Creates the contentless bigram table `name`. */
export const createBigramTable = (db: Knex, name: string): Knex.Raw =>
  db.raw(
    `CREATE VIRTUAL TABLE ?? USING fts5(b, content='', contentless_delete=1, tokenize='ascii', detail=none)`,
    [name],
  );

const isAsciiSeparator = (char: string): boolean => char.charCodeAt(0) < 128 && !/[A-Za-z0-9]/.test(char);

/**
 * Whether a term is answered by the bigram index: exactly two characters, neither of them ASCII
 * punctuation or space (those split the `ascii` tokenizer's tokens; such terms use LIKE).
 */
export const isBigramTerm = (term: string): boolean =>
  charCount(term) === 2 && ![...term].some(isAsciiSeparator);

/** Whether the bigram table of a full-text index exists (tables indexed by older versions have none). */
export const hasBigramTable = async (db: Knex, name: string): Promise<boolean> => {
  const rows: unknown[] = await db.raw("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [
    name,
  ]);
  return rows.length > 0;
};
