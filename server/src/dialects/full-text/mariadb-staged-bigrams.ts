import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Bigrams of a multi-row INSERT made at once instead of by the insert trigger's loop (MariaDB
 * InnoDB search tables, mariadb-bigrams.ts). The loop runs a few statements per character in
 * MariaDB's stored-program interpreter: an import of texts of 65 characters wrote a twentieth as
 * many rows per second as into a table without the index. Here the weights of the batch's
 * distinct characters are read in one statement (each character once, then remembered), the
 * bigrams are joined in JavaScript exactly as the loop joins them, and put in the staging table
 * under the connection's id and the MD5 of their text; the trigger takes a text's bigrams from
 * there when they are staged, and makes them itself otherwise. A staged row is only ever a
 * text's true bigrams: one left behind (it is not, the writer deletes its own in its
 * transaction) could only spare a later trigger its loop.
 */

/** Texts longer than this are left to the trigger's loop (their bigrams would make large statements). */
export const MAX_STAGED_CHARACTERS = 4000;

/** Characters whose weights one statement reads. */
const WEIGHTS_PER_STATEMENT = 200;

/** Staged rows per INSERT: a statement stays far below max_allowed_packet (16 MB by default). */
const STAGED_PER_STATEMENT = 200;

/** Character sets whose stored bytes are the UTF-8 that JavaScript hashes (others are left to the loop). */
const UTF8: ReadonlySet<string> = new Set(['utf8mb4', 'utf8mb3', 'utf8']);

/** Weights already read, by collation then character (a collation's weights never change). */
const known = new Map<string, Map<string, string>>();
const MAX_KNOWN = 100_000;

export interface StagedBigramsTable {
  /** The staging table (conn, hash, grams). */
  staged: string;
  charset: string;
  collation: string;
  /** The writing connection's id (CONNECTION_ID()), which its rows are staged under. */
  conn: number;
}

/** The hex weight of every character of `characters` in the collation, read once each. */
const weightsOf = async (
  db: Knex,
  { charset, collation }: StagedBigramsTable,
  characters: Iterable<string>,
): Promise<Map<string, string>> => {
  const name = `${charset} ${collation}`;
  let weights = known.get(name);
  if (!weights || weights.size > MAX_KNOWN) known.set(name, (weights = new Map()));
  const missing = [...new Set(characters)].filter((character) => !weights.has(character));
  for (let i = 0; i < missing.length; i += WEIGHTS_PER_STATEMENT) {
    const part = missing.slice(i, i + WEIGHTS_PER_STATEMENT);
    const [rows] = (await db.raw(
      `SELECT ${part.map((_, n) => `HEX(WEIGHT_STRING(CONVERT(? USING ${charset}) COLLATE ${collation})) AS w${n}`).join(', ')}`,
      part,
    )) as unknown as [Record<string, unknown>[]];
    part.forEach((character, n) => weights.set(character, String(rows[0]?.[`w${n}`] ?? '')));
  }
  return weights;
};

/**
 * The bigram tokens of a text from the hex weights of its characters in order, as the triggers'
 * loop joins them: `<weight>G<weight> ` for each pair of adjacent characters.
 */
export const bigramTokens = (weights: readonly string[]): string =>
  weights
    .slice(1)
    .map((weight, i) => `${weights[i] ?? ''}G${weight} `)
    .join('');

/**
 * Stages the bigrams of `texts` (the indexed column's values of the rows about to be inserted) in
 * the transaction `db`, and returns what removes them once the INSERT has run, in the same
 * transaction. Texts of fewer than two characters, longer than MAX_STAGED_CHARACTERS or in a
 * character set other than UTF-8 are left to the trigger.
 */
export const stageBigrams = async (
  db: Knex.Transaction,
  table: StagedBigramsTable,
  texts: readonly unknown[],
): Promise<() => Promise<void>> => {
  const nothing = async () => {};
  if (!UTF8.has(table.charset.toLowerCase())) return nothing;
  const split = new Map<string, string[]>();
  for (const text of texts) {
    if (typeof text !== 'string' || split.has(text) || text.length > MAX_STAGED_CHARACTERS * 2) continue;
    const characters = [...text];
    if (characters.length >= 2 && characters.length <= MAX_STAGED_CHARACTERS) split.set(text, characters);
  }
  if (split.size === 0) return nothing;
  const weights = await weightsOf(db, table, [...split.values()].flat());
  const rows = [...split].map(([text, characters]) => [
    table.conn,
    createHash('md5').update(text, 'utf8').digest(),
    bigramTokens(characters.map((character) => weights.get(character) ?? '')),
  ]);
  for (let i = 0; i < rows.length; i += STAGED_PER_STATEMENT) {
    const part = rows.slice(i, i + STAGED_PER_STATEMENT);
    await db.raw(
      `INSERT IGNORE INTO ?? (conn, hash, grams) VALUES ${part.map(() => '(?, ?, ?)').join(', ')}`,
      [table.staged, ...part.flat()],
    );
  }
  return async () => {
    await db.raw('DELETE FROM ?? WHERE conn = ?', [table.staged, table.conn]);
  };
};
