import type { Knex } from 'knex';
import { DEFAULT_LIMIT } from '../../../../contract/index';
import { physicalType } from '../column-type';
import { derivedName } from '../derived-name';
import { isIntegerType } from '../integer-range';
import { errnoOf } from '../sql/mysql-errno';
import { charCount, likeTerm, termsOf, type FullText, type FullTextTable } from './full-text';
import { sampleKeyword, scanFindsPage, scanInKeyOrder } from './mysql-key-order';

/**
 * MariaDB without Mroonga: an InnoDB search table of its own. Beside the business table, a table
 * keyed by its single key holds, for each row, the column's bigrams (every pair of adjacent
 * characters) under a FULLTEXT index of InnoDB's own parser. A bigram is written as the hex of
 * both characters' collation weights (`WEIGHT_STRING`) joined by `G`: a plain ASCII word that is
 * never a stop word nor shorter than InnoDB's shortest token, and that two characters the column's
 * `LIKE` equates (`a` and `A`, `2` and `２`) share. A term of two or more characters then needs
 * every one of its bigrams, and `LIKE` checks each row the index finds; a one-character term is
 * matched by `LIKE` alone. The bigrams are made in SQL by a function of the column's collation
 * (one per collation, shared by the tables) called from row triggers, so writes from any
 * connection, the SQL console's included, keep the index right, inside their own transaction.
 * A keyword common among the newest rows is read by a scan in key order instead (mysql-key-order.ts).
 */

/** Column names of the search table. */
const KEY = 'rowKey';
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
});

/** The bigram function of a collation. */
export const bigramFunctionName = (collation: string): string => derivedName('ft', GRAMS, collation);

const COLLATION = /^[A-Za-z0-9_]+$/;

/** Access denied to the database (1044), to a right (1227), to routines with binary logging (1419). */
const ROUTINE_DENIED: ReadonlySet<number> = new Set([1044, 1227, 1419]);

/**
 * The body of the bigram function of `collation`: the space-separated bigrams of `s`, each the hex
 * weights of its two characters joined by `G`; empty below two characters.
 */
const bigramFunctionSql = (name: string, collation: string, charset: string): string => `
CREATE FUNCTION IF NOT EXISTS \`${name}\`(s LONGTEXT CHARACTER SET ${charset} COLLATE ${collation})
RETURNS LONGTEXT CHARACTER SET ascii DETERMINISTIC NO SQL
BEGIN
  DECLARE n INT DEFAULT CHAR_LENGTH(s);
  DECLARE done INT DEFAULT 1;
  DECLARE i INT;
  DECLARE m INT;
  DECLARE chunk TEXT CHARACTER SET ${charset} COLLATE ${collation};
  DECLARE previous VARCHAR(400) CHARACTER SET ascii;
  DECLARE current VARCHAR(400) CHARACTER SET ascii;
  DECLARE part TEXT CHARACTER SET ascii;
  DECLARE result LONGTEXT CHARACTER SET ascii DEFAULT '';
  IF s IS NULL OR n < 2 THEN RETURN ''; END IF;
  SET previous = HEX(WEIGHT_STRING(LEFT(s, 1)));
  WHILE done < n DO
    SET chunk = SUBSTRING(s, done + 1, ${CHUNK});
    SET m = CHAR_LENGTH(chunk);
    SET i = 0;
    SET part = '';
    WHILE i < m DO
      SET i = i + 1;
      SET current = HEX(WEIGHT_STRING(SUBSTRING(chunk, i, 1)));
      SET part = CONCAT(part, previous, 'G', current, ' ');
      SET previous = current;
    END WHILE;
    SET result = CONCAT(result, part);
    SET done = done + m;
  END WHILE;
  RETURN result;
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

export const mariadbBigramFullText: FullText = {
  method: 'innodb-bigram',

  async createIndex(db, { tableName, column, key }) {
    if (!key) return;
    await mariadbBigramFullText.dropIndex(db, { tableName, column, key });
    const collation = await collationOf(db, tableName, column.name);
    if (!collation) return;
    const fn = bigramFunctionName(collation.collation);
    try {
      await db.raw(bigramFunctionSql(fn, collation.collation, collation.charset));
    } catch (error) {
      // An account without CREATE ROUTINE (or, with binary logging, SUPER or
      // log_bin_trust_function_creators) gets no index: its keyword searches scan.
      if (ROUTINE_DENIED.has(errnoOf(error) ?? 0)) return;
      throw error;
    }
    const names = mariadbBigramNames(tableName);
    await db.schema.createTable(names.table, (t) => {
      t.engine('InnoDB');
      t.charset('ascii');
      t.collate('ascii_general_ci');
      const keyColumn = t.specificType(KEY, physicalType('mysql', key)).notNullable().primary();
      if (isIntegerType(key.dataType) && (key.unsigned || key.autoIncrement)) keyColumn.unsigned();
      t.specificType(GRAMS, 'longtext').notNullable();
    });
    // Filled first, indexed after: InnoDB builds a FULLTEXT index over rows by sorting them.
    await db.raw('INSERT INTO ?? (??, ??) SELECT ??, ??(??) FROM ??', [
      names.table,
      KEY,
      GRAMS,
      key.name,
      fn,
      column.name,
      tableName,
    ]);
    await db.raw('ALTER TABLE ?? ADD FULLTEXT INDEX ?? (??)', [names.table, names.index, GRAMS]);
    await db.raw(
      'CREATE TRIGGER ?? AFTER INSERT ON ?? FOR EACH ROW REPLACE INTO ?? (??, ??) VALUES (NEW.??, ??(NEW.??))',
      [names.afterInsert, tableName, names.table, KEY, GRAMS, key.name, fn, column.name],
    );
    // Only a change of the text or the key makes bigrams again (a soft delete, say, makes none).
    await db.raw(
      'CREATE TRIGGER ?? AFTER UPDATE ON ?? FOR EACH ROW ' +
        'IF NOT (BINARY NEW.?? <=> BINARY OLD.??) OR NOT (NEW.?? <=> OLD.??) THEN ' +
        'DELETE FROM ?? WHERE ?? = OLD.??; REPLACE INTO ?? (??, ??) VALUES (NEW.??, ??(NEW.??)); END IF',
      [
        names.afterUpdate,
        tableName,
        column.name,
        column.name,
        key.name,
        key.name,
        names.table,
        KEY,
        key.name,
        names.table,
        KEY,
        GRAMS,
        key.name,
        fn,
        column.name,
      ],
    );
    await db.raw('CREATE TRIGGER ?? AFTER DELETE ON ?? FOR EACH ROW DELETE FROM ?? WHERE ?? = OLD.??', [
      names.afterDelete,
      tableName,
      names.table,
      KEY,
      key.name,
    ]);
  },

  async dropIndex(db, { tableName }) {
    const names = mariadbBigramNames(tableName);
    for (const trigger of [names.afterInsert, names.afterUpdate, names.afterDelete]) {
      await db.raw('DROP TRIGGER IF EXISTS ??', [trigger]);
    }
    await db.schema.dropTableIfExists(names.table);
  },

  matchCondition(query, table, keyword, bound) {
    if (bound !== undefined && !indexAnswers(table, true) && scanInKeyOrder(query, table, keyword, 'desc'))
      return query;
    const names = mariadbBigramNames(table.tableName);
    if (table.key && table.tokens && indexAnswers(table, false)) {
      for (const against of indexedQueries(table, keyword)) {
        query.whereRaw('?? IN (SELECT ?? FROM ?? WHERE MATCH(??) AGAINST(? IN BOOLEAN MODE))', [
          `${table.tableName}.${table.key.name}`,
          KEY,
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
      presentCollation(db, table, names.table),
    ]);
    if (!sample || !collation) return { ...table, rowidKey, sample, tokens: null, missing: !collation };
    // The sample's estimate of the rows: the search table's, from the table statistics.
    const withRows = { ...sample, indexed: collation.rows };
    const terms = [...new Set(termsOf(keyword))].filter((term) => charCount(term) >= 2);
    if (terms.length === 0) {
      return { ...table, rowidKey, sample: withRows, tokens: null };
    }
    const fn = bigramFunctionName(collation.collation);
    const [rows] = (await db.raw(`SELECT ${terms.map(() => '??(?)').join(', ')}`, [
      ...terms.flatMap((term) => [fn, term]),
    ])) as unknown as [Record<string, unknown>[]];
    const values = Object.values(rows[0] ?? {});
    const tokens = new Map(terms.map((term, i) => [term, String(values[i] ?? '')]));
    return { ...table, rowidKey, sample: withRows, tokens };
  },

  driveInRowidOrder(db, query, table, keyword, direction, rows = DEFAULT_LIMIT) {
    if (scanFindsPage(table, rows) && scanInKeyOrder(query, table, keyword, direction)) return true;
    const against = indexedQueries(table, keyword);
    if (!table.key || !table.rowidKey || against.length === 0 || !indexAnswers(table, true)) {
      return scanInKeyOrder(query, table, keyword, direction);
    }
    const names = mariadbBigramNames(table.tableName);
    // The search table's matches first (STRAIGHT_JOIN), sorted by key: the rows of the page are
    // then read by their keys.
    query.from(
      db.raw('?? STRAIGHT_JOIN ?? ON ?? = ??', [
        names.table,
        table.tableName,
        `${table.tableName}.${table.key.name}`,
        `${names.table}.${KEY}`,
      ]),
    );
    query.whereRaw('MATCH(??) AGAINST(? IN BOOLEAN MODE)', [`${names.table}.${GRAMS}`, against.join(' ')]);
    for (const term of termsOf(keyword)) likeTerm(query, table, term);
    query.orderBy(`${names.table}.${KEY}`, direction);
    return true;
  },
};

/**
 * The collation of the column the search table indexes, with the search table's estimated rows;
 * null when the search table is missing (the table was made while Mroonga answered, say): then
 * every keyword is read by a scan.
 */
const presentCollation = async (
  db: Knex,
  table: FullTextTable,
  searchTable: string,
): Promise<{ collation: string; rows: number } | null> => {
  const [rows] = (await db.raw(
    `SELECT c.COLLATION_NAME AS collation, t.TABLE_ROWS AS n
     FROM information_schema.COLUMNS c JOIN information_schema.TABLES t
       ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND t.TABLE_NAME = ?
     WHERE c.TABLE_SCHEMA = DATABASE() AND c.TABLE_NAME = ? AND c.COLUMN_NAME = ?`,
    [searchTable, table.tableName, table.column.name],
  )) as unknown as [{ collation: unknown; n: unknown }[]];
  const row = rows[0];
  if (!row || !COLLATION.test(String(row.collation ?? ''))) return null;
  return { collation: String(row.collation), rows: Number(row.n ?? 0) };
};
