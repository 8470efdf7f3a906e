import type { Knex } from 'knex';
import { derivedName } from '../derived-name';
import { charCount, likeTerm, phrase, termsOf, type FullText, type FullTextTable } from './full-text';
import { bigramsSql, createBigramTable, ensureNumberTable, isBigramTerm } from './sqlite-bigrams';
import {
  inBody,
  MARK_COLUMN,
  markChangedSql,
  markedBigramsSql,
  trigramMarkSql,
  unmarkedBigrams,
  unmarkedTrigrams,
} from './sqlite-deleted-marks';

/** The trigram tokenizer indexes three-character sequences: shorter terms need another way. */
const MIN_TRIGRAM = 3;

export const sqliteFullTextNames = (tableName: string) => ({
  table: derivedName('ft', tableName),
  bigrams: derivedName('ft', tableName, 'bigram'),
  afterInsert: derivedName('ft', tableName, 'ai'),
  afterDelete: derivedName('ft', tableName, 'ad'),
  afterUpdate: derivedName('ft', tableName, 'au'),
});

/** A keyword's terms by the index that answers them. */
interface TermPlan {
  trigram: string[];
  bigram: string[];
  like: string[];
}

const planTerms = (table: FullTextTable, keyword: string): TermPlan => {
  const plan: TermPlan = { trigram: [], bigram: [], like: [] };
  for (const term of termsOf(keyword)) {
    if (charCount(term) >= MIN_TRIGRAM) plan.trigram.push(term);
    else if (table.bigrams && isBigramTerm(term)) plan.bigram.push(term);
    else plan.like.push(term);
  }
  return plan;
};

/** FTS5 query of terms that must all occur: phrases side by side are ANDed. */
const allOf = (terms: readonly string[]): string => terms.map(phrase).join(' ');

/** FTS5 query of the trigram table for terms that must all occur in the body. */
const trigramQuery = (table: FullTextTable, terms: readonly string[]): string =>
  table.flag ? inBody(allOf(terms)) : allOf(terms);

const inIndex = (query: Knex.QueryBuilder, tableName: string, index: string, match: string) =>
  query.whereRaw('??.rowid IN (SELECT rowid FROM ?? WHERE ?? MATCH ?)', [tableName, index, index, match]);

/**
 * SQLite: an FTS5 external-content table with the trigram tokenizer (substring search, CJK
 * included) over the column, keyed by rowid, plus a contentless table of the column's bigrams for
 * two-character terms (see sqlite-bigrams.ts); three triggers keep both in sync. Single
 * characters, and two-character terms with ASCII punctuation or space, fall back to LIKE.
 */
export const sqliteFullText: FullText = {
  method: 'fts5-trigram',

  async createIndex(db, { tableName, column, flag }) {
    const names = sqliteFullTextNames(tableName);
    // What a table of this name left behind (dropped by hand through the console) goes first.
    await sqliteFullText.dropIndex(db, { tableName, column, key: null });
    await ensureNumberTable(db);
    const q = (name: string) => db.raw('??', [name]).toQuery();
    const [ft, fb, col, table] = [q(names.table), q(names.bigrams), q(column.name), q(tableName)];
    const mark = flag ? q(MARK_COLUMN) : null;
    const flagOf = (row: string) => `${row}.${q(flag?.name ?? '')}`;
    await db.raw(
      `CREATE VIRTUAL TABLE ${ft} USING fts5(${col}${mark ? `, ${mark}` : ''}, content=${table}, tokenize='trigram')`,
    );
    await createBigramTable(db, names.bigrams);
    // What one row puts in each index: the body, its bigrams, and the soft-delete marks.
    const columns = mark ? `rowid, ${col}, ${mark}` : `rowid, ${col}`;
    const values = (row: string) =>
      mark ? `${row}.rowid, ${row}.${col}, ${trigramMarkSql(flagOf(row))}` : `${row}.rowid, ${row}.${col}`;
    const bigrams = (row: string) =>
      mark ? markedBigramsSql(bigramsSql(db, `${row}.${col}`), flagOf(row)) : bigramsSql(db, `${row}.${col}`);
    const indexNew = `INSERT INTO ${ft} (${columns}) VALUES (${values('new')}); INSERT INTO ${fb} (rowid, b) VALUES (new.rowid, ${bigrams('new')});`;
    const unindexOld = `INSERT INTO ${ft} (${ft}, ${columns}) VALUES ('delete', ${values('old')}); DELETE FROM ${fb} WHERE rowid = old.rowid;`;
    await db.raw(`CREATE TRIGGER ?? AFTER INSERT ON ${table} BEGIN ${indexNew} END`, [names.afterInsert]);
    await db.raw(`CREATE TRIGGER ?? AFTER DELETE ON ${table} BEGIN ${unindexOld} END`, [names.afterDelete]);
    // Updates that leave the body, the rowid and the mark alone (other columns) leave the index alone.
    const changed = [
      `old.${col} IS NOT new.${col}`,
      'old.rowid IS NOT new.rowid',
      ...(mark ? [markChangedSql(flagOf('old'), flagOf('new'))] : []),
    ].join(' OR ');
    await db.raw(
      `CREATE TRIGGER ?? AFTER UPDATE ON ${table} WHEN ${changed} BEGIN ${unindexOld} ${indexNew} END`,
      [names.afterUpdate],
    );
    // The table's rows as 'rebuild' would index them (which cannot: the mark column is not the table's).
    await db.raw(`INSERT INTO ${ft} (${columns}) SELECT ${values('t')} FROM ${table} AS t`);
    await db.raw(
      `INSERT INTO ${fb} (rowid, b) SELECT t.rowid, ${bigrams('t')} FROM ${table} AS t WHERE t.${col} IS NOT NULL`,
    );
  },

  async dropIndex(db, { tableName }) {
    const names = sqliteFullTextNames(tableName);
    for (const trigger of [names.afterInsert, names.afterDelete, names.afterUpdate]) {
      await db.raw('DROP TRIGGER IF EXISTS ??', [trigger]);
    }
    await db.raw('DROP TABLE IF EXISTS ??', [names.table]);
    await db.raw('DROP TABLE IF EXISTS ??', [names.bigrams]);
  },

  async inspect(db, table) {
    const names = sqliteFullTextNames(table.tableName);
    // One statement: the key columns, whether the bigram table exists and whether the index has marks.
    const [facts] = (await db.raw(
      `SELECT (SELECT json_group_array(json_object('name', name, 'type', type)) FROM pragma_table_info(?) WHERE pk > 0) AS keys,
        EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?) AS bigrams,
        EXISTS (SELECT 1 FROM pragma_table_info(?) WHERE name = ?) AS marks`,
      [table.tableName, names.bigrams, names.table, MARK_COLUMN],
    )) as { keys: string; bigrams: number; marks: number }[];
    const keys = JSON.parse(facts?.keys ?? '[]') as { name: string; type: string }[];
    const only = keys.length === 1 ? keys[0] : undefined;
    const bigrams = facts?.bigrams === 1;
    return {
      ...table,
      bigrams,
      // Indexes built by older versions have no marks (nor, older still, bigrams: rebuilt together).
      flag: bigrams && facts?.marks === 1 ? (table.flag ?? null) : null,
      // Only a column declared exactly INTEGER PRIMARY KEY is the rowid.
      rowidKey: only && only.type.toUpperCase() === 'INTEGER' ? only.name : null,
    };
  },

  matchCondition(query: Knex.QueryBuilder, table: FullTextTable, keyword: string) {
    const names = sqliteFullTextNames(table.tableName);
    const plan = planTerms(table, keyword);
    if (plan.trigram.length > 0)
      inIndex(query, table.tableName, names.table, trigramQuery(table, plan.trigram));
    if (plan.bigram.length > 0) inIndex(query, table.tableName, names.bigrams, allOf(plan.bigram));
    for (const term of plan.like) likeTerm(query, table, term);
    return query;
  },

  driveInRowidOrder(db, query, table, keyword, direction) {
    const names = sqliteFullTextNames(table.tableName);
    const plan = planTerms(table, keyword);
    const driver = plan.trigram.length > 0 ? names.table : plan.bigram.length > 0 ? names.bigrams : null;
    if (!driver || !table.rowidKey) return false;
    query.from(
      db.raw('?? CROSS JOIN ?? ON ??.rowid = ??.rowid', [driver, table.tableName, table.tableName, driver]),
    );
    if (driver === names.table) {
      query.whereRaw('?? MATCH ?', [names.table, trigramQuery(table, plan.trigram)]);
      if (plan.bigram.length > 0) inIndex(query, table.tableName, names.bigrams, allOf(plan.bigram));
    } else {
      query.whereRaw('?? MATCH ?', [names.bigrams, allOf(plan.bigram)]);
    }
    for (const term of plan.like) likeTerm(query, table, term);
    query.orderBy(`${driver}.rowid`, direction);
    return true;
  },

  countMatches(db, table, keyword, unflagged) {
    const plan = planTerms(table, keyword);
    if (plan.like.length > 0 || (plan.trigram.length === 0 && plan.bigram.length === 0)) return null;
    const names = sqliteFullTextNames(table.tableName);
    // Each index holds exactly the table's rows (kept by its triggers).
    const byTrigrams = plan.trigram.length > 0;
    const index = byTrigrams ? names.table : names.bigrams;
    const marked = unflagged !== undefined && table.flag?.name === unflagged.flag;
    let match = byTrigrams ? trigramQuery(table, plan.trigram) : allOf(plan.bigram);
    if (marked) match = byTrigrams ? unmarkedTrigrams(match) : unmarkedBigrams(match);
    const count = db(index).whereRaw('?? MATCH ?', [index, match]);
    if (byTrigrams && plan.bigram.length > 0) inIndex(count, names.table, names.bigrams, allOf(plan.bigram));
    // NOT IN: the index yields its matches and each is looked up in the (small) set left out, the
    // rows whose flag is true or NULL (read from the flag's index).
    if (unflagged && !marked) {
      const flagged = `${table.tableName}.${unflagged.flag}`;
      const except = db(table.tableName)
        .select(db.raw('??.rowid', [table.tableName]))
        .where(flagged, '=', true)
        .orWhereNull(flagged);
      count.whereRaw('??.rowid NOT IN (?)', [index, except]);
    }
    return count.count({ n: '*' }).first();
  },
};
