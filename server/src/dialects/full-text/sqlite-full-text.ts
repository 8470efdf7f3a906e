import type { Knex } from 'knex';
import { derivedName } from '../derived-name';
import { charCount, likeTerm, phrase, termsOf, type FullText, type FullTextTable } from './full-text';

/** The trigram tokenizer indexes three-character sequences: shorter terms need a scan. */
const MIN_TRIGRAM = 3;

export const sqliteFullTextNames = (tableName: string) => ({
  table: derivedName('ft', tableName),
  afterInsert: derivedName('ft', tableName, 'ai'),
  afterDelete: derivedName('ft', tableName, 'ad'),
  afterUpdate: derivedName('ft', tableName, 'au'),
});

/**
 * SQLite: an FTS5 external-content table with the trigram tokenizer (substring search, CJK
 * included) over the column, keyed by rowid and kept in sync by three triggers. Terms shorter than
 * three characters fall back to LIKE.
 */
export const sqliteFullText: FullText = {
  method: 'fts5-trigram',

  async createIndex(db, { tableName, column }) {
    const names = sqliteFullTextNames(tableName);
    await db.raw(`CREATE VIRTUAL TABLE ?? USING fts5(??, content=??, tokenize='trigram')`, [
      names.table,
      column.name,
      tableName,
    ]);
    await db.raw(
      'CREATE TRIGGER ?? AFTER INSERT ON ?? BEGIN INSERT INTO ?? (rowid, ??) VALUES (new.rowid, new.??); END',
      [names.afterInsert, tableName, names.table, column.name, column.name],
    );
    await db.raw(
      `CREATE TRIGGER ?? AFTER DELETE ON ?? BEGIN INSERT INTO ?? (??, rowid, ??) VALUES ('delete', old.rowid, old.??); END`,
      [names.afterDelete, tableName, names.table, names.table, column.name, column.name],
    );
    await db.raw(
      `CREATE TRIGGER ?? AFTER UPDATE ON ?? BEGIN ` +
        `INSERT INTO ?? (??, rowid, ??) VALUES ('delete', old.rowid, old.??); ` +
        `INSERT INTO ?? (rowid, ??) VALUES (new.rowid, new.??); END`,
      [
        names.afterUpdate,
        tableName,
        names.table,
        names.table,
        column.name,
        column.name,
        names.table,
        column.name,
        column.name,
      ],
    );
    await db.raw(`INSERT INTO ?? (??) VALUES ('rebuild')`, [names.table, names.table]);
  },

  async dropIndex(db, { tableName }) {
    const names = sqliteFullTextNames(tableName);
    for (const trigger of [names.afterInsert, names.afterDelete, names.afterUpdate]) {
      await db.raw('DROP TRIGGER IF EXISTS ??', [trigger]);
    }
    await db.raw('DROP TABLE IF EXISTS ??', [names.table]);
  },

  matchCondition(query: Knex.QueryBuilder, table: FullTextTable, keyword: string) {
    const names = sqliteFullTextNames(table.tableName);
    for (const term of termsOf(keyword)) {
      if (charCount(term) < MIN_TRIGRAM) {
        likeTerm(query, table, term);
        continue;
      }
      query.whereRaw('??.rowid IN (SELECT rowid FROM ?? WHERE ?? MATCH ?)', [
        table.tableName,
        names.table,
        names.table,
        phrase(term),
      ]);
    }
    return query;
  },

  countMatches(db, table, keyword) {
    const terms = termsOf(keyword);
    if (terms.length === 0 || terms.some((term) => charCount(term) < MIN_TRIGRAM)) return null;
    const names = sqliteFullTextNames(table.tableName);
    // The index holds exactly the table's rows (kept by its triggers); phrases side by side are ANDed.
    return db(names.table)
      .whereRaw('?? MATCH ?', [names.table, terms.map(phrase).join(' ')])
      .count({ n: '*' })
      .first();
  },
};
