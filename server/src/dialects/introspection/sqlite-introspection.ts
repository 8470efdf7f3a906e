import type { Knex } from 'knex';
import { checkChoicesOf, sqliteCheckClauses } from './check-in-list';
import { checkChoicesFor, rowsOf, textOrNull, type Introspection, type RawForeignKey } from './introspection';

type Pragma = 'foreign_key_list' | 'table_xinfo' | 'index_list' | 'index_info';

/**
 * A PRAGMA's rows for one table or index, through its table-valued function with the name bound as
 * a value: a name holding a dot or quotes is read as it is, never split or spliced into SQL.
 */
const pragma = async (db: Knex, name: Pragma, table: string) =>
  rowsOf(await db.raw(`SELECT * FROM pragma_${name}(?)`, [table]));

const foreignKeysOf = async (db: Knex, table: string): Promise<RawForeignKey[]> =>
  (await pragma(db, 'foreign_key_list', table)).map((row) => ({
    constraint: `${table}#${String(row.id)}`,
    table,
    column: String(row.from),
    refTable: String(row.table),
    refColumn: textOrNull(row.to),
  }));

/** SQLite through its PRAGMAs (table_xinfo, index_list, index_info, foreign_key_list). */
export const sqliteIntrospection: Introspection = {
  async tables(db) {
    const rows: Record<string, unknown>[] = await db('sqlite_master')
      .select('name', 'sql', 'type')
      .whereIn('type', ['table', 'view'])
      .orderBy('name');
    return rows.map((row) => ({
      tableName: String(row.name),
      comment: null,
      sql: textOrNull(row.sql),
      view: row.type === 'view',
    }));
  },

  async columns(db, table) {
    const rows = await pragma(db, 'table_xinfo', table);
    const keys = rows.filter((row) => Number(row.pk) > 0);
    // A single INTEGER primary key is the rowid: SQLite numbers new rows itself.
    const rowid = keys.length === 1 && String(keys[0]?.type).toUpperCase() === 'INTEGER';
    const [created] = rowsOf(
      await db.raw(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?`, [table]),
    );
    const checks = checkChoicesOf(sqliteCheckClauses(textOrNull(created?.sql) ?? ''));
    return rows
      .filter((row) => Number(row.hidden) !== 1)
      .map((row) => ({
        ...checkChoicesFor(String(row.name), checks),
        name: String(row.name),
        type: String(row.type ?? ''),
        nullable: Number(row.notnull) === 0 && Number(row.pk) === 0,
        default: textOrNull(row.dflt_value),
        autoIncrement: rowid && Number(row.pk) > 0,
        comment: null,
        generated: Number(row.hidden) >= 2,
      }));
  },

  async primaryKey(db, table) {
    return (await pragma(db, 'table_xinfo', table))
      .filter((row) => Number(row.pk) > 0)
      .sort((a, b) => Number(a.pk) - Number(b.pk))
      .map((row) => String(row.name));
  },

  async indexes(db, table) {
    const list = (await pragma(db, 'index_list', table)).filter((row) => row.origin !== 'pk');
    const indexes = [];
    for (const row of list) {
      const name = String(row.name);
      const parts = (await pragma(db, 'index_info', name)).sort((a, b) => Number(a.seqno) - Number(b.seqno));
      indexes.push({
        name,
        unique: Number(row.unique) === 1,
        columns: parts.map((part) => textOrNull(part.name)),
        type: 'btree',
      });
    }
    return indexes;
  },

  async foreignKeys(db, table) {
    if (table !== undefined) return foreignKeysOf(db, table);
    const all: RawForeignKey[] = [];
    for (const { tableName } of await this.tables(db)) {
      if (!tableName.startsWith('sqlite_')) all.push(...(await foreignKeysOf(db, tableName)));
    }
    return all;
  },
};
