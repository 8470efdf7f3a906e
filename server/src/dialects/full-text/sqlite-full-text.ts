import type { Knex } from 'knex';
import { derivedName } from '../derived-name';
import { charCount, likeTerm, phrase, termsOf, type FullText, type FullTextTable } from './full-text';
import {
  bigramsSql,
  createBigramTable,
  ensureNumberTable,
  hasBigramTable,
  isBigramTerm,
} from './sqlite-bigrams';

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

const inIndex = (query: Knex.QueryBuilder, tableName: string, index: string, terms: readonly string[]) =>
  query.whereRaw('??.rowid IN (SELECT rowid FROM ?? WHERE ?? MATCH ?)', [
    tableName,
    index,
    index,
    allOf(terms),
  ]);

/**
 * SQLite: an FTS5 external-content table with the trigram tokenizer (substring search, CJK
 * included) over the column, keyed by rowid, plus a contentless table of the column's bigrams for
 * two-character terms (see sqlite-bigrams.ts); three triggers keep both in sync. Single
 * characters, and two-character terms with ASCII punctuation or space, fall back to LIKE.
 */
export const sqliteFullText: FullText = {
  method: 'fts5-trigram',

  async createIndex(db, { tableName, column }) {
    const names = sqliteFullTextNames(tableName);
    await ensureNumberTable(db);
    await db.raw(`CREATE VIRTUAL TABLE ?? USING fts5(??, content=??, tokenize='trigram')`, [
      names.table,
      column.name,
      tableName,
    ]);
    await createBigramTable(db, names.bigrams);
    const q = (name: string) => db.raw('??', [name]).toQuery();
    const [ft, fb, col] = [q(names.table), q(names.bigrams), q(column.name)];
    const indexNew = `INSERT INTO ${ft} (rowid, ${col}) VALUES (new.rowid, new.${col}); INSERT INTO ${fb} (rowid, b) VALUES (new.rowid, ${bigramsSql(db, `new.${col}`)});`;
    const unindexOld = `INSERT INTO ${ft} (${ft}, rowid, ${col}) VALUES ('delete', old.rowid, old.${col}); DELETE FROM ${fb} WHERE rowid = old.rowid;`;
    await db.raw(`CREATE TRIGGER ?? AFTER INSERT ON ?? BEGIN ${indexNew} END`, [
      names.afterInsert,
      tableName,
    ]);
    await db.raw(`CREATE TRIGGER ?? AFTER DELETE ON ?? BEGIN ${unindexOld} END`, [
      names.afterDelete,
      tableName,
    ]);
    // Updates that leave the body and the rowid alone (flags, other columns) leave the index alone.
    await db.raw(
      `CREATE TRIGGER ?? AFTER UPDATE ON ?? WHEN old.${col} IS NOT new.${col} OR old.rowid IS NOT new.rowid ` +
        `BEGIN ${unindexOld} ${indexNew} END`,
      [names.afterUpdate, tableName],
    );
    await db.raw(`INSERT INTO ?? (??) VALUES ('rebuild')`, [names.table, names.table]);
    await db.raw(
      `INSERT INTO ?? (rowid, b) SELECT t.rowid, ${bigramsSql(db, `t.${col}`)} FROM ?? AS t WHERE t.${col} IS NOT NULL`,
      [names.bigrams, tableName],
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
    const columns: { name: string; type: string; pk: number }[] = await db.raw(
      'SELECT name, type, pk FROM pragma_table_info(?)',
      [table.tableName],
    );
    const keys = columns.filter((column) => column.pk > 0);
    const only = keys.length === 1 ? keys[0] : undefined;
    return {
      ...table,
      bigrams: await hasBigramTable(db, names.bigrams),
      // Only a column declared exactly INTEGER PRIMARY KEY is the rowid.
      rowidKey: only && only.type.toUpperCase() === 'INTEGER' ? only.name : null,
    };
  },

  matchCondition(query: Knex.QueryBuilder, table: FullTextTable, keyword: string) {
    const names = sqliteFullTextNames(table.tableName);
    const plan = planTerms(table, keyword);
    if (plan.trigram.length > 0) inIndex(query, table.tableName, names.table, plan.trigram);
    if (plan.bigram.length > 0) inIndex(query, table.tableName, names.bigrams, plan.bigram);
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
      query.whereRaw('?? MATCH ?', [names.table, allOf(plan.trigram)]);
      if (plan.bigram.length > 0) inIndex(query, table.tableName, names.bigrams, plan.bigram);
    } else {
      query.whereRaw('?? MATCH ?', [names.bigrams, allOf(plan.bigram)]);
    }
    for (const term of plan.like) likeTerm(query, table, term);
    query.orderBy(`${driver}.rowid`, direction);
    return true;
  },

  countMatches(db, table, keyword, except) {
    const plan = planTerms(table, keyword);
    if (plan.like.length > 0 || (plan.trigram.length === 0 && plan.bigram.length === 0)) return null;
    const names = sqliteFullTextNames(table.tableName);
    // Each index holds exactly the table's rows (kept by its triggers).
    const index = plan.trigram.length > 0 ? names.table : names.bigrams;
    const count = db(index).whereRaw('?? MATCH ?', [
      index,
      allOf(plan.trigram.length > 0 ? plan.trigram : plan.bigram),
    ]);
    if (index === names.table && plan.bigram.length > 0)
      inIndex(count, names.table, names.bigrams, plan.bigram);
    // NOT IN: the index yields its matches and each is looked up in the (small) set left out.
    if (except) count.whereRaw('??.rowid NOT IN (?)', [index, except]);
    return count.count({ n: '*' }).first();
  },
};
