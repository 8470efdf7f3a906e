import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { DEFAULT_LIMIT } from '../../../../contract/index';
import { derivedName } from '../derived-name';
import { isIntegerType } from '../integer-range';
import { errnoOf } from '../sql/mysql-errno';
import { charCount, likeTerm, termsOf, type FullText, type FullTextTable } from './full-text';
import { sampleKeyword, scanFindsPage, scanInKeyOrder } from './mysql-key-order';
import { bigramTokens, stageBigrams } from './mariadb-staged-bigrams';
import { addSearchKey, dropSearchTable, readSearchTableFirst, SEARCH_KEY } from './mysql-search-table';

export { bigramTokens };

/**
 * MariaDB without Mroonga: an InnoDB search table of its own. Beside the business table, a table
 * keyed by its single key holds, for each row, the column's bigrams (every pair of adjacent
 * characters) under a FULLTEXT index of InnoDB's own parser. A bigram is written as the hex of
 * both characters' collation weights (`WEIGHT_STRING`) joined by `G`: a plain ASCII word that is
 * never a stop word nor shorter than InnoDB's shortest token, and that two characters the column's
 * `LIKE` equates (`a` and `A`, `2` and `２`) share. A term of two or more characters then needs
 * every one of its bigrams, and `LIKE` checks each row the index finds; a one-character term is
 * matched by `LIKE` alone. The bigrams are made in SQL by the row triggers themselves (a loop over
 * the text's characters), so writes from any connection, the SQL console's included, keep the
 * index right, inside their own transaction, and nothing else (no routine a dump could leave out)
 * is needed; a keyword's bigrams are made from its characters' weights the same way. A multi-row
 * insert (an import) makes its rows' bigrams at once instead and stages them for the insert trigger
 * (mariadb-staged-bigrams.ts), which then skips its loop. A keyword
 * common among the newest rows is read by a scan in key order instead (mysql-key-order.ts).
 */

/** The column of the search table that holds the bigrams (its key: SEARCH_KEY). */
const GRAMS = 'grams';

/** InnoDB's default token lengths: shorter or longer words are not indexed (a term's too). */
const MIN_TOKEN = 3;
const MAX_TOKEN = 84;

/** Characters the bigram function reads per step (SUBSTRING walks a chunk from its start). */
const CHUNK = 32;

export const mariadbBigramNames = (tableName: string) => ({
  table: derivedName('ft', tableName, GRAMS),
  index: derivedName('ft', tableName, GRAMS, 'ix'),
  afterInsert: derivedName('ft', tableName, 'gi'),
  afterUpdate: derivedName('ft', tableName, 'gu'),
  afterDelete: derivedName('ft', tableName, 'gd'),
  /** Bigrams a multi-row insert made at once, for the insert trigger to take (mariadb-staged-bigrams.ts). */
  staged: derivedName('ft', tableName, 'st'),
});

const COLLATION = /^[A-Za-z0-9_]+$/;

/** Access denied to the database (1044), to a right (1227), to routines with binary logging (1419). */
const ROUTINE_DENIED: ReadonlySet<number> = new Set([1044, 1227, 1419]);

/** A column's character set and collation (both plain names, checked by COLLATION). */
export interface TextCollation {
  charset: string;
  collation: string;
}

/** Declarations of the variables the bigram loop uses (at the start of a BEGIN … END block). */
const bigramDeclarations = ({ charset, collation }: TextCollation): string => `
  DECLARE cb_n INT;
  DECLARE cb_done INT;
  DECLARE cb_i INT;
  DECLARE cb_m INT;
  DECLARE cb_chunk TEXT CHARACTER SET ${charset} COLLATE ${collation};
  DECLARE cb_previous VARCHAR(400) CHARACTER SET ascii;
  DECLARE cb_current VARCHAR(400) CHARACTER SET ascii;
  DECLARE cb_part TEXT CHARACTER SET ascii;
  DECLARE cb_grams LONGTEXT CHARACTER SET ascii;`;

/**
 * Statements that set `cb_grams` to the space-separated bigrams of `source` (a column of NEW, or a
 * parameter): each the hex weights of its two characters (`WEIGHT_STRING` in the column's
 * collation) joined by `G`; empty below two characters. SUBSTRING walks a text from its start, so
 * the text is read in chunks.
 */
const bigramStatements = (source: string): string => `
  SET cb_grams = '';
  SET cb_n = CHAR_LENGTH(${source});
  IF cb_n >= 2 THEN
    SET cb_previous = HEX(WEIGHT_STRING(LEFT(${source}, 1)));
    SET cb_done = 1;
    WHILE cb_done < cb_n DO
      SET cb_chunk = SUBSTRING(${source}, cb_done + 1, ${CHUNK});
      SET cb_m = CHAR_LENGTH(cb_chunk);
      SET cb_i = 0;
      SET cb_part = '';
      WHILE cb_i < cb_m DO
        SET cb_i = cb_i + 1;
        SET cb_current = HEX(WEIGHT_STRING(SUBSTRING(cb_chunk, cb_i, 1)));
        SET cb_part = CONCAT(cb_part, cb_previous, 'G', cb_current, ' ');
        SET cb_previous = cb_current;
      END WHILE;
      SET cb_grams = CONCAT(cb_grams, cb_part);
      SET cb_done = cb_done + cb_m;
    END WHILE;
  END IF;`;

/**
 * A function that fills a search table once, made for that and dropped after: the triggers carry
 * the same loop themselves, so nothing the index needs later lives outside its table's triggers
 * (a dump without routines restores it whole).
 */
const fillFunctionSql = (name: string, text: TextCollation): string => `
CREATE FUNCTION \`${name}\`(cb_source LONGTEXT CHARACTER SET ${text.charset} COLLATE ${text.collation})
RETURNS LONGTEXT CHARACTER SET ascii DETERMINISTIC NO SQL
BEGIN${bigramDeclarations(text)}${bigramStatements('cb_source')}
  RETURN cb_grams;
END`;

/** The column's character set and collation, as the search table's triggers see it. */
const collationOf = async (db: Knex, tableName: string, column: string) => {
  const [rows] = (await db.raw(
    `SELECT CHARACTER_SET_NAME AS charset, COLLATION_NAME AS collation FROM information_schema.COLUMNS
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND COLUMN_NAME = ?`,
    [tableName, column],
  )) as unknown as [{ charset: unknown; collation: unknown }[]];
  const charset = String(rows[0]?.charset ?? '');
  const collation = String(rows[0]?.collation ?? '');
  return COLLATION.test(charset) && COLLATION.test(collation) ? { charset, collation } : null;
};

/**
 * Columns of a SELECT that read a search table's collation (`text`: its comment) and whether its
 * staging table exists (`staged`: 1 or 0); bound to the search table's name, then the staging table's.
 */
const STAGING_STATE = `(SELECT TABLE_COMMENT FROM information_schema.TABLES
    WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?) AS text,
  (SELECT COUNT(*) FROM information_schema.TABLES
    WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?) AS staged`;

/** The table where a multi-row insert stages its rows' bigrams for the insert trigger. */
const createStagingTable = (db: Knex, names: ReturnType<typeof mariadbBigramNames>) =>
  db.raw(
    `CREATE TABLE IF NOT EXISTS ?? (conn BIGINT UNSIGNED NOT NULL, hash BINARY(16) NOT NULL,
       grams LONGTEXT CHARACTER SET ascii NOT NULL, PRIMARY KEY (conn, hash)) ENGINE=InnoDB`,
    [names.staged],
  );

/**
 * The insert trigger, which takes a text's bigrams from the staging table when a multi-row insert
 * put them there, and makes them with the loop otherwise (bound by insertTriggerBindings).
 */
const insertTriggerSql = (verb: 'CREATE' | 'CREATE OR REPLACE', text: TextCollation): string =>
  `${verb} TRIGGER ?? AFTER INSERT ON ?? FOR EACH ROW BEGIN${bigramDeclarations(text)}\n` +
  '  SET cb_grams = (SELECT grams FROM ?? WHERE conn = CONNECTION_ID() AND hash = UNHEX(MD5(NEW.??)));\n' +
  `  IF cb_grams IS NULL THEN${bigramStatements('NEW.??')}\n  END IF;\n` +
  '  REPLACE INTO ?? (??, ??) VALUES (NEW.??, cb_grams);\nEND';

const insertTriggerBindings = (tableName: string, column: string, key: string): string[] => {
  const names = mariadbBigramNames(tableName);
  return [
    names.afterInsert,
    tableName,
    names.staged,
    column,
    column,
    column,
    column,
    names.table,
    SEARCH_KEY,
    GRAMS,
    key,
  ];
};

/**
 * Gives a search table made before imports staged their bigrams its staging table and the insert
 * trigger that reads it (replaced in one statement, so rows are never written without one): until
 * then its imports make every row's bigrams in the trigger's loop, at about half the speed. Nothing
 * for a table without an InnoDB search table, one that has its staging table already, or one
 * without a single-column primary key. True when the table was upgraded.
 */
export const addBigramStaging = async (db: Knex, tableName: string, column: string): Promise<boolean> => {
  const names = mariadbBigramNames(tableName);
  const [rows] = (await db.raw(
    `SELECT ${STAGING_STATE},
            (SELECT COUNT(*) FROM information_schema.KEY_COLUMN_USAGE
              WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND CONSTRAINT_NAME = 'PRIMARY') AS keyCount,
            (SELECT MIN(COLUMN_NAME) FROM information_schema.KEY_COLUMN_USAGE
              WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND CONSTRAINT_NAME = 'PRIMARY') AS keyName`,
    [names.table, names.staged, tableName, tableName],
  )) as unknown as [{ text: unknown; staged: unknown; keyCount: unknown; keyName: unknown }[]];
  const row = rows[0];
  const text = textCollation(row?.text);
  if (!row || !text || Number(row.staged) !== 0 || Number(row.keyCount) !== 1) return false;
  await createStagingTable(db, names);
  await db.raw(
    insertTriggerSql('CREATE OR REPLACE', text),
    insertTriggerBindings(tableName, column, String(row.keyName)),
  );
  return true;
};

/**
 * A term's bigram tokens as a boolean-mode query (`+a +b`), or null when the index cannot answer
 * it: fewer than two characters, or a token InnoDB would not index.
 */
export const bigramQuery = (tokens: string | null | undefined): string | null => {
  const words = [...new Set((tokens ?? '').split(' ').filter((word) => word !== ''))];
  if (words.length === 0) return null;
  if (words.some((word) => word.length < MIN_TOKEN || word.length > MAX_TOKEN)) return null;
  return words.map((word) => `+${word}`).join(' ');
};

/**
 * The share of the newest rows below which a keyword goes to the index. InnoDB reads every posting
 * of each of a term's bigrams, however few rows hold the term: on 1,000,000 rows a term in 6 % of
 * them (`杭州市`, `urgent`) took 1.1–2.0 s for the list view's bounded total through the index,
 * against 0.2 s for a scan of the newest rows that stops at the bound; a rare name, 23 ms through
 * the index against a scan of the whole table (2 s).
 */
export const INDEX_SHARE = 0.01;

/**
 * Whether the index should find the keyword's rows: rarer than INDEX_SHARE among the newest rows.
 * `stops`: for a page or a bounded total, which a scan of a table no larger than the sample
 * finds at once.
 */
const indexAnswers = (table: FullTextTable, stops: boolean): boolean => {
  const sample = table.sample;
  if (!sample) return true;
  if (stops && sample.whole) return false;
  return sample.share < INDEX_SHARE;
};

/** The boolean queries of the keyword's terms the index answers (inspect sets `tokens`). */
const indexedQueries = (table: FullTextTable, keyword: string): string[] =>
  termsOf(keyword)
    .map((term) => bigramQuery(table.tokens?.get(term)))
    .filter((query): query is string => query !== null);

/**
 * Fills the search table of a table that already holds rows, through a function made for that and
 * dropped after (triggers carry the same loop themselves). False when the account may not make a
 * function: without CREATE ROUTINE (or, with binary logging, SUPER or
 * log_bin_trust_function_creators) such a table gets no index and its keyword searches scan.
 */
const fillSearchTable = async (
  db: Knex,
  tableName: string,
  column: string,
  key: string,
  text: TextCollation,
): Promise<boolean> => {
  const fill = `${derivedName('ft', tableName, 'fill')}_${randomBytes(4).toString('hex')}`.slice(-64);
  try {
    await db.raw(fillFunctionSql(fill, text));
  } catch (error) {
    if (ROUTINE_DENIED.has(errnoOf(error) ?? 0)) return false;
    throw error;
  }
  try {
    const names = mariadbBigramNames(tableName);
    await db.raw('INSERT IGNORE INTO ?? (??, ??) SELECT ??, ??(??) FROM ??', [
      names.table,
      SEARCH_KEY,
      GRAMS,
      key,
      fill,
      column,
      tableName,
    ]);
    return true;
  } finally {
    await db.raw('DROP FUNCTION IF EXISTS ??', [fill]);
  }
};

export const mariadbBigramFullText: FullText = {
  method: 'innodb-bigram',

  async createIndex(db, { tableName, column, key }) {
    if (!key) return;
    await mariadbBigramFullText.dropIndex(db, { tableName, column, key });
    const text = await collationOf(db, tableName, column.name);
    if (!text) return;
    const names = mariadbBigramNames(tableName);
    await db.schema.createTable(names.table, (t) => {
      t.engine('InnoDB');
      t.charset('ascii');
      t.collate('ascii_general_ci');
      addSearchKey(t, key);
      t.specificType(GRAMS, 'longtext').notNullable();
      // The text's collation, whose weights the bigrams are: a keyword's are made the same way.
      t.comment(`${text.charset} ${text.collation}`);
    });
    // Where a multi-row insert stages its rows' bigrams (insertPreparer), before the trigger that reads it.
    await createStagingTable(db, names);
    // The triggers first, so that rows written meanwhile are kept; the fill skips them.
    await db.raw(insertTriggerSql('CREATE', text), insertTriggerBindings(tableName, column.name, key.name));
    // Only a change of the text or the key makes bigrams again (a soft delete, say, makes none).
    await db.raw(
      `CREATE TRIGGER ?? AFTER UPDATE ON ?? FOR EACH ROW BEGIN${bigramDeclarations(text)}\n` +
        '  IF NOT (BINARY NEW.?? <=> BINARY OLD.??) OR NOT (NEW.?? <=> OLD.??) THEN' +
        `${bigramStatements('NEW.??')}\n` +
        '    DELETE FROM ?? WHERE ?? = OLD.??;\n    REPLACE INTO ?? (??, ??) VALUES (NEW.??, cb_grams);\n  END IF;\nEND',
      [
        names.afterUpdate,
        tableName,
        column.name,
        column.name,
        key.name,
        key.name,
        column.name,
        column.name,
        column.name,
        names.table,
        SEARCH_KEY,
        key.name,
        names.table,
        SEARCH_KEY,
        GRAMS,
        key.name,
      ],
    );
    await db.raw('CREATE TRIGGER ?? AFTER DELETE ON ?? FOR EACH ROW DELETE FROM ?? WHERE ?? = OLD.??', [
      names.afterDelete,
      tableName,
      names.table,
      SEARCH_KEY,
      key.name,
    ]);
    // A new table holds no rows: the triggers are all it needs.
    if ((await db(tableName).select(db.raw('1')).limit(1)).length > 0) {
      const filled = await fillSearchTable(db, tableName, column.name, key.name, text);
      if (!filled) {
        await mariadbBigramFullText.dropIndex(db, { tableName, column, key });
        return;
      }
    }
    await db.raw('ALTER TABLE ?? ADD FULLTEXT INDEX ?? (??)', [names.table, names.index, GRAMS]);
  },

  async dropIndex(db, { tableName }) {
    const names = mariadbBigramNames(tableName);
    await dropSearchTable(db, names);
    await db.schema.dropTableIfExists(names.staged);
  },

  upgradeIndex: (db, table) => addBigramStaging(db, table.tableName, table.column.name),

  async insertPreparer(db, table) {
    const names = mariadbBigramNames(table.tableName);
    const [rows] = (await db.raw(`SELECT ${STAGING_STATE}, CONNECTION_ID() AS conn`, [
      names.table,
      names.staged,
    ])) as unknown as [{ text: unknown; staged: unknown; conn: unknown }[]];
    const row = rows[0];
    const text = textCollation(row?.text);
    // A search table made before the staging table existed: its trigger makes every row's bigrams.
    if (!row || Number(row.staged) !== 1 || !text) return null;
    const staged = { staged: names.staged, ...text, conn: Number(row.conn) };
    return (texts) => stageBigrams(db, staged, texts);
  },

  matchCondition(query, table, keyword, bound) {
    if (bound !== undefined && !indexAnswers(table, true) && scanInKeyOrder(query, table, keyword, 'desc'))
      return query;
    const names = mariadbBigramNames(table.tableName);
    if (table.key && table.tokens && indexAnswers(table, false)) {
      for (const against of indexedQueries(table, keyword)) {
        query.whereRaw('?? IN (SELECT ?? FROM ?? WHERE MATCH(??) AGAINST(? IN BOOLEAN MODE))', [
          `${table.tableName}.${table.key.name}`,
          SEARCH_KEY,
          names.table,
          GRAMS,
          against,
        ]);
      }
    }
    for (const term of termsOf(keyword)) likeTerm(query, table, term);
    return query;
  },

  async inspect(db, table, keyword) {
    const rowidKey = table.key && isIntegerType(table.key.dataType) ? table.key.name : null;
    if (!keyword || !table.key) return { ...table, rowidKey, sample: null, tokens: null };
    const names = mariadbBigramNames(table.tableName);
    const [sample, collation] = await Promise.all([
      sampleKeyword(db, table, keyword, null),
      searchTableText(db, names.table),
    ]);
    if (!sample || !collation) return { ...table, rowidKey, sample, tokens: null, missing: !collation };
    const terms = [...new Set(termsOf(keyword))].filter((term) => charCount(term) >= 2);
    // A keyword the index will not be asked for (too common, or one character) needs no bigrams.
    if (terms.length === 0 || !indexAnswers({ ...table, sample }, false)) {
      return { ...table, rowidKey, sample, tokens: null };
    }
    // Each character's weight in the text's collation, as the triggers read them.
    const characters = [...new Set(terms.flatMap((term) => [...term]))];
    const [rows] = (await db.raw(
      `SELECT ${characters.map((_, i) => `HEX(WEIGHT_STRING(CONVERT(? USING ${collation.charset}) COLLATE ${collation.collation})) AS w${i}`).join(', ')}`,
      characters,
    )) as unknown as [Record<string, unknown>[]];
    const weightOf = new Map(characters.map((character, i) => [character, String(rows[0]?.[`w${i}`] ?? '')]));
    const tokens = new Map(
      terms.map((term) => [term, bigramTokens([...term].map((character) => weightOf.get(character) ?? ''))]),
    );
    return { ...table, rowidKey, sample, tokens };
  },

  driveInRowidOrder(db, query, table, keyword, direction, rows = DEFAULT_LIMIT) {
    if (scanFindsPage(table, rows) && scanInKeyOrder(query, table, keyword, direction)) return true;
    const against = indexedQueries(table, keyword);
    if (!table.key || !table.rowidKey || against.length === 0 || !indexAnswers(table, true)) {
      return scanInKeyOrder(query, table, keyword, direction);
    }
    // The search table's matches first, sorted by key: the rows of the page are then read by their keys.
    const names = mariadbBigramNames(table.tableName);
    const keyed = { ...table, key: table.key };
    readSearchTableFirst(db, query, keyed, names.table, GRAMS, against.join(' '), keyword, direction);
    return true;
  },
};

/**
 * The character set and collation of the text the search table holds bigrams of (its comment);
 * null when the search table is missing (the table was made while Mroonga answered, say): then
 * every keyword is read by a scan.
 */
const searchTableText = async (db: Knex, searchTable: string): Promise<TextCollation | null> => {
  const [rows] = (await db.raw(
    `SELECT TABLE_COMMENT AS text FROM information_schema.TABLES
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?`,
    [searchTable],
  )) as unknown as [{ text: unknown }[]];
  return rows[0] ? textCollation(rows[0].text) : null;
};

/** The collation a search table's comment names (`<charset> <collation>`), or null when it names none. */
const textCollation = (comment: unknown): TextCollation | null => {
  const [charset = '', collation = ''] = String(comment ?? '').split(' ');
  return COLLATION.test(charset) && COLLATION.test(collation) ? { charset, collation } : null;
};
