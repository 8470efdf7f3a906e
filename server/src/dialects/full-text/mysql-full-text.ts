import type { Knex } from 'knex';
import { derivedName } from '../derived-name';
import { isIntegerType } from '../integer-range';
import { isNoSuchTable } from '../sql/mysql-errno';
import { DEFAULT_LIMIT } from '../../../../contract/index';
import { charCount, likeTerm, termsOf, type FullText, type FullTextTable } from './full-text';
import { sampleKeyword, scanFindsCount, scanFindsPage, scanInKeyOrder } from './mysql-key-order';
import { addSearchKey, dropSearchTable, readSearchTableFirst, SEARCH_KEY } from './mysql-search-table';

/** A term inside a boolean-mode phrase: double quotes cannot be escaped there, so they go. */
const booleanPhrase = (term: string): string => `"${term.replace(/"/g, ' ')}"`;

/**
 * A term inside a Mroonga phrase: double quotes go as in boolean mode, and a backslash, which
 * Mroonga's query syntax reads as an escape, is escaped (else `C:\` finds nothing).
 */
const mroongaPhrase = (term: string): string => booleanPhrase(term.replace(/\\/g, '\\\\'));

export const mysqlFullTextIndexName = (tableName: string, column: string): string =>
  derivedName('ft', tableName, column);

/** MySQL's ngram parser tokenises by ngram_token_size (2 by default): shorter terms scan. */
const NGRAM_SIZE = 2;

/** MySQL 8: a FULLTEXT index WITH PARSER ngram, queried in boolean mode with each term as a phrase. */
export const mysqlNgramFullText: FullText = {
  method: 'mysql-ngram',

  async createIndex(db, { tableName, column }) {
    await db.raw('ALTER TABLE ?? ADD FULLTEXT INDEX ?? (??) WITH PARSER ngram', [
      tableName,
      mysqlFullTextIndexName(tableName, column.name),
      column.name,
    ]);
  },

  async dropIndex(db, { tableName, column }) {
    await db.raw('ALTER TABLE ?? DROP INDEX ??', [tableName, mysqlFullTextIndexName(tableName, column.name)]);
  },

  matchCondition(query, table, keyword) {
    for (const term of termsOf(keyword)) {
      if (charCount(term) < NGRAM_SIZE || term.replace(/"/g, '').trim() === '') likeTerm(query, table, term);
      else query.whereRaw('MATCH(??) AGAINST(? IN BOOLEAN MODE)', [table.column.name, booleanPhrase(term)]);
    }
    return query;
  },
};

/** Column names of the Mroonga search table. */
const BODY = 'body';

export const mroongaNames = (tableName: string) => ({
  table: derivedName('ft', tableName),
  index: derivedName('ft', tableName, 'body'),
  afterInsert: derivedName('ft', tableName, 'ai'),
  afterUpdate: derivedName('ft', tableName, 'au'),
  afterDelete: derivedName('ft', tableName, 'ad'),
});

/**
 * MariaDB with the Mroonga engine: a separate search table (ENGINE=Mroonga) holding the key and
 * the column's text, with a FULLTEXT index using the TokenBigramSplitSymbolAlphaDigit tokenizer
 * (bigram substring search of any length, CJK included), kept in sync by triggers. The business
 * table stays InnoDB; the search table is not transactional, so a rolled-back insert can leave a
 * row there, which matches no business row. A table without a single key column gets no index and
 * is searched by LIKE. Each term is also matched with LIKE: the index only narrows (it ignores
 * characters the collation does not, such as U+200B). A keyword common among the newest rows is
 * read by a scan in key order instead, for a page and for a bounded count (mysql-key-order.ts).
 */
export const mroongaFullText: FullText = {
  method: 'mroonga-bigram',

  async createIndex(db, { tableName, column, key }) {
    if (!key) return;
    // What a table of this name left behind (dropped by hand through the console) goes first.
    await mroongaFullText.dropIndex(db, { tableName, column, key });
    const names = mroongaNames(tableName);
    await db.schema.createTable(names.table, (t) => {
      t.engine('Mroonga');
      t.charset('utf8mb4');
      t.collate('utf8mb4_unicode_ci');
      addSearchKey(t, key);
      t.specificType(BODY, 'longtext');
    });
    await db.raw(
      `ALTER TABLE ?? ADD FULLTEXT INDEX ?? (??) COMMENT 'tokenizer "TokenBigramSplitSymbolAlphaDigit"'`,
      [names.table, names.index, BODY],
    );
    await db.raw(
      'CREATE TRIGGER ?? AFTER INSERT ON ?? FOR EACH ROW REPLACE INTO ?? (??, ??) VALUES (NEW.??, NEW.??)',
      [names.afterInsert, tableName, names.table, SEARCH_KEY, BODY, key.name, column.name],
    );
    await db.raw(
      'CREATE TRIGGER ?? AFTER UPDATE ON ?? FOR EACH ROW BEGIN DELETE FROM ?? WHERE ?? = OLD.??; ' +
        'REPLACE INTO ?? (??, ??) VALUES (NEW.??, NEW.??); END',
      [
        names.afterUpdate,
        tableName,
        names.table,
        SEARCH_KEY,
        key.name,
        names.table,
        SEARCH_KEY,
        BODY,
        key.name,
        column.name,
      ],
    );
    await db.raw('CREATE TRIGGER ?? AFTER DELETE ON ?? FOR EACH ROW DELETE FROM ?? WHERE ?? = OLD.??', [
      names.afterDelete,
      tableName,
      names.table,
      SEARCH_KEY,
      key.name,
    ]);
    await db(names.table).insert(db(tableName).select({ [SEARCH_KEY]: key.name, [BODY]: column.name }));
  },

  async dropIndex(db, { tableName }) {
    await dropSearchTable(db, mroongaNames(tableName));
  },

  matchCondition(query: Knex.QueryBuilder, table: FullTextTable, keyword: string, bound?: number) {
    if (table.missing) return likeFullText.matchCondition(query, table, keyword, bound);
    if (bound !== undefined && scanFindsCount(table, bound) && scanInKeyOrder(query, table, keyword, 'desc'))
      return query;
    const names = mroongaNames(table.tableName);
    for (const term of termsOf(keyword)) {
      if (table.key && term.replace(/"/g, '').trim() !== '') {
        query.whereRaw('?? IN (SELECT ?? FROM ?? WHERE MATCH(??) AGAINST(? IN BOOLEAN MODE))', [
          `${table.tableName}.${table.key.name}`,
          SEARCH_KEY,
          names.table,
          BODY,
          mroongaPhrase(term),
        ]);
      }
      likeTerm(query, table, term);
    }
    return query;
  },

  async inspect(db, table, keyword) {
    // The search table is keyed by the single key: an integer key orders it like the table.
    const rowidKey = table.key && isIntegerType(table.key.dataType) ? table.key.name : null;
    try {
      const sample = keyword
        ? await sampleKeyword(db, table, keyword, mroongaNames(table.tableName).table)
        : null;
      return { ...table, rowidKey, sample };
    } catch (error) {
      if (!table.key || !isNoSuchTable(error)) throw error;
      // Made while InnoDB bigrams answered (MARIADB_SEARCH_INDEX): scanned until made again.
      return {
        ...table,
        rowidKey,
        missing: true,
        sample: keyword ? await sampleKeyword(db, table, keyword, null) : null,
      };
    }
  },

  driveInRowidOrder(db, query, table, keyword, direction, rows = DEFAULT_LIMIT) {
    if (table.missing) return scanInKeyOrder(query, table, keyword, direction);
    if (scanFindsPage(table, rows) && scanInKeyOrder(query, table, keyword, direction)) return true;
    const names = mroongaNames(table.tableName);
    const terms = termsOf(keyword);
    const indexed = terms.filter((term) => term.replace(/"/g, '').trim() !== '');
    if (!table.key || !table.rowidKey || indexed.length === 0) return false;
    // The search table first, read in key order: the page stops after its rows instead of joining
    // every match to the table and sorting them.
    const against = indexed.map((term) => `+${mroongaPhrase(term)}`).join(' ');
    readSearchTableFirst(
      db,
      query,
      { ...table, key: table.key },
      names.table,
      BODY,
      against,
      keyword,
      direction,
    );
    return true;
  },
};

/**
 * MariaDB without Mroonga: no index; search scans with LIKE '%term%', a page and a bounded count
 * in key order, newest first for the count (mysql-key-order.ts).
 */
export const likeFullText: FullText = {
  method: 'like',
  createIndex: async () => undefined,
  dropIndex: async () => undefined,
  matchCondition(query, table, keyword, bound) {
    // No index: a bounded count reads the newest rows first, which a page has just read.
    if (bound !== undefined && scanInKeyOrder(query, table, keyword, 'desc')) return query;
    for (const term of termsOf(keyword)) likeTerm(query, table, term);
    return query;
  },
  async inspect(db, table, keyword) {
    return {
      ...table,
      rowidKey: table.key && isIntegerType(table.key.dataType) ? table.key.name : null,
      // Only whether the key is the PRIMARY KEY: without an index every keyword scans.
      sample: keyword ? await sampleKeyword(db, table, null, null) : null,
    };
  },
  driveInRowidOrder(_db, query, table, keyword, direction) {
    return scanInKeyOrder(query, table, keyword, direction);
  },
};
