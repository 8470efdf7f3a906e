import type { Knex } from 'knex';
import type { ColumnDef } from '../../model/table-def';

/** What the keyword search of a table's FULLTEXT column needs to know. */
export interface FullTextTable {
  tableName: string;
  column: Pick<ColumnDef, 'name' | 'dataType' | 'length'>;
  /** The single key column, when the table has one. */
  key: Pick<
    ColumnDef,
    'name' | 'dataType' | 'length' | 'precision' | 'scale' | 'unsigned' | 'autoIncrement'
  > | null;
  /** SQLite, set by `inspect`: whether the index has its table of bigrams (two-character terms). */
  bigrams?: boolean;
  /** SQLite, set by `inspect`: the key column that is the table's rowid, if one is. */
  rowidKey?: string | null;
  /**
   * SQLite: the soft-delete BOOL column whose rows not `false` the index marks (see
   * sqlite-deleted-marks.ts). Given to `createIndex`: the column to mark, if any; after `inspect`:
   * the column the index marks, null when it marks none (built by an older version).
   */
  flag?: Pick<ColumnDef, 'name'> | null;
  /**
   * PostgreSQL, set by `inspect`: the common grams of the column's gram index with their share of
   * the rows (see pg-grams.ts); null when it has none, or no statistics of it yet.
   */
  grams?: ReadonlyMap<string, number> | null;
  /**
   * MySQL / MariaDB, set by `inspect` for the request's keyword: how common it is among the
   * newest rows, which tells a scan in key order from the index (mysql-key-order.ts).
   */
  sample?: KeywordSample | null;
  /**
   * MariaDB's InnoDB bigrams, set by `inspect` for the request's keyword: each term's bigram
   * tokens as the index holds them (mariadb-bigrams.ts); null when the index answers none.
   */
  tokens?: ReadonlyMap<string, string> | null;
  /**
   * MariaDB, set by `inspect`: the index's search table is missing (the table was made while
   * another method answered), so every keyword is read by a scan.
   */
  missing?: boolean;
}

/** How common a keyword is among a table's newest rows (MySQL / MariaDB). */
export interface KeywordSample {
  /** The share of the sampled rows that hold every term (0..1). */
  share: number;
  /** Whether the sample read the whole table (it holds fewer rows than a sample). */
  whole: boolean;
  /** Rows of the search table (all the table's rows), null without one. */
  indexed: number | null;
  /** Whether the single key is the table's PRIMARY KEY. */
  primaryKey: boolean;
}

/** Rows to leave out of a count of matches: those where BOOL column `flag` is not `false`. */
export interface Unflagged {
  flag: string;
}

export type FullTextMethod =
  'fts5-trigram' | 'pg-trgm' | 'mysql-ngram' | 'mroonga-bigram' | 'innodb-bigram' | 'like';

/**
 * The keyword-search index of one data source (docs/api.md §3 `search`): created and dropped with the
 * FULLTEXT column, and the condition that business search adds to its query.
 */
export interface FullText {
  readonly method: FullTextMethod;
  createIndex(db: Knex, table: FullTextTable): Promise<void>;
  dropIndex(db: Knex, table: FullTextTable): Promise<void>;
  /**
   * Narrows `query` (which selects from `table.tableName`, unaliased) to rows whose column contains
   * every whitespace-separated term of `keyword` as a substring, case-insensitively for ASCII.
   * With `bound`, the query reads at most `bound + 1` rows (a bounded count) and nothing orders
   * it: the method may order it so that they are found soonest (MariaDB: newest first).
   */
  matchCondition(
    query: Knex.QueryBuilder,
    table: FullTextTable,
    keyword: string,
    bound?: number,
  ): Knex.QueryBuilder;
  /**
   * A statement answering one row whose `n` tells how many rows `matchCondition` alone would select, read from
   * the index without visiting the table; null (or absent) when the index cannot answer it.
   * With `unflagged`, only the rows where its flag is `false` are counted.
   */
  countMatches?(
    db: Knex,
    table: FullTextTable,
    keyword: string,
    unflagged?: Unflagged,
  ): Knex.QueryBuilder | null;
  /**
   * What the methods above need to know of the table's index beyond its metadata, and of the
   * request's `keyword` (once per request).
   */
  inspect?(db: Knex, table: FullTextTable, keyword?: string | null): Promise<FullTextTable>;
  /**
   * What readies the index for multi-row INSERTs into the table in the transaction `db`, asked
   * once per batch of inserts; null when the index needs nothing. Given the indexed column's
   * `texts` of one INSERT's rows, it does for all of them at once the work the index's triggers
   * would do row by row, and returns what to call after that INSERT, in the same transaction.
   */
  insertPreparer?(
    db: Knex.Transaction,
    table: FullTextTable,
  ): Promise<((texts: readonly unknown[]) => Promise<() => Promise<void>>) | null>;
  /**
   * Brings an index an earlier release made to this release's shape, at start-up (`table.key` may
   * be null: the method reads what it needs from the database). True when it changed something.
   */
  upgradeIndex?(db: Knex, table: FullTextTable): Promise<boolean>;
  /**
   * Makes `query` (which selects from `table.tableName`) read the keyword's matches from the index
   * in the order of the table's rowid (`table.rowidKey`), so that a page stops after its rows
   * instead of collecting every match first; also adds the keyword's condition. False (and `query`
   * untouched) when the index cannot drive this keyword. `rows`: how many rows the page reads
   * (its offset and limit; a first page when absent).
   */
  driveInRowidOrder?(
    db: Knex,
    query: Knex.QueryBuilder,
    table: FullTextTable,
    keyword: string,
    direction: 'asc' | 'desc',
    rows?: number,
  ): boolean;
}

/** The whitespace-separated terms of a keyword. */
export const termsOf = (keyword: string): string[] => keyword.split(/\s+/u).filter((term) => term !== '');

/** A term with LIKE's wildcards escaped by `\`. */
export const escapeLikeText = (term: string): string => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%term%` with LIKE's wildcards escaped by `\`. */
export const containsPattern = (term: string): string => `%${escapeLikeText(term)}%`;

/** A condition `column LIKE %term%` (escape `\`): the scan used where no index can answer. */
export const likeTerm = (query: Knex.QueryBuilder, table: FullTextTable, term: string): Knex.QueryBuilder =>
  query.whereRaw('?? LIKE ? ESCAPE ?', [
    `${table.tableName}.${table.column.name}`,
    containsPattern(term),
    '\\',
  ]);

/** A term as one phrase of an FTS5 or boolean-mode query: double quotes around, inner ones doubled. */
export const phrase = (term: string): string => `"${term.replace(/"/g, '""')}"`;

/** Number of characters (code points), as the tokenizers count them. */
export const charCount = (term: string): number => [...term].length;
