import type { Knex } from 'knex';
import { checkChoicesOf } from './check-in-list';
import { checkChoicesFor, enumMembersOf, rowsOf, textOrNull, type Introspection } from './introspection';

const query = async (db: Knex, sql: string, bindings: readonly unknown[] = []) =>
  rowsOf(await db.raw(sql, bindings as Knex.RawBinding[]));

/**
 * A column default as SQL text. MariaDB reports literals quoted (`'abc'`) and a missing default as
 * `NULL`; MySQL reports the bare value, so it is quoted here unless it is a number or an expression.
 */
const defaultText = (value: unknown, extra: string, mariadb: boolean): string | null => {
  const text = textOrNull(value);
  if (text === null) return null;
  if (mariadb) return text === 'NULL' ? null : text;
  if (/DEFAULT_GENERATED/i.test(extra) || /^[-+]?\d+(\.\d+)?$/.test(text)) return text;
  return `'${text.replace(/'/g, "''")}'`;
};

/**
 * The check expressions of a table (MySQL 8.0.16+, MariaDB 10.2+; none before). MariaDB names a
 * column's check after the column, so its checks are found by table; MySQL's names are the
 * schema's, joined through TABLE_CONSTRAINTS.
 */
const checkClauses = async (db: Knex, table: string, mariadb: boolean): Promise<string[]> => {
  try {
    const rows = await query(
      db,
      mariadb
        ? `SELECT CHECK_CLAUSE AS clause FROM information_schema.CHECK_CONSTRAINTS
           WHERE CONSTRAINT_SCHEMA = database() AND TABLE_NAME = ? ORDER BY CONSTRAINT_NAME`
        : `SELECT c.CHECK_CLAUSE AS clause FROM information_schema.TABLE_CONSTRAINTS t
           JOIN information_schema.CHECK_CONSTRAINTS c
             ON c.CONSTRAINT_SCHEMA = t.CONSTRAINT_SCHEMA AND c.CONSTRAINT_NAME = t.CONSTRAINT_NAME
           WHERE t.TABLE_SCHEMA = database() AND t.TABLE_NAME = ? AND t.CONSTRAINT_TYPE = 'CHECK'
           ORDER BY t.CONSTRAINT_NAME`,
      [table],
    );
    return rows.map((row) => textOrNull(row.clause) ?? '');
  } catch {
    // A server without CHECK_CONSTRAINTS (MySQL before 8.0.16) keeps no checks to read.
    return [];
  }
};

/** MySQL and MariaDB through information_schema, in the connection's current database. */
export const mysqlIntrospection: Introspection = {
  async tables(db) {
    const rows = await query(
      db,
      `SELECT TABLE_NAME AS name, TABLE_COMMENT AS comment, TABLE_TYPE AS type FROM information_schema.TABLES
       WHERE TABLE_SCHEMA = database() AND TABLE_TYPE IN ('BASE TABLE', 'VIEW') ORDER BY TABLE_NAME`,
    );
    const view = (row: Record<string, unknown>) => row.type === 'VIEW';
    return rows.map((row) => ({
      tableName: String(row.name),
      // MySQL says "VIEW" as a view's comment.
      comment: view(row) ? null : textOrNull(row.comment) || null,
      view: view(row),
    }));
  },

  async columns(db, table) {
    const [version] = await query(db, 'SELECT version() AS v');
    const mariadb = /mariadb/i.test(String(version?.v ?? ''));
    const rows = await query(
      db,
      `SELECT COLUMN_NAME AS name, COLUMN_TYPE AS type, IS_NULLABLE AS nullable, COLUMN_DEFAULT AS dflt,
              EXTRA AS extra, COLUMN_COMMENT AS comment
       FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = database() AND TABLE_NAME = ?
       ORDER BY ORDINAL_POSITION`,
      [table],
    );
    const checks = checkChoicesOf(await checkClauses(db, table, mariadb), true);
    return rows.map((row) => {
      const extra = String(row.extra ?? '');
      // `VIRTUAL GENERATED`, `STORED GENERATED` (MariaDB also `PERSISTENT`); not `DEFAULT_GENERATED`.
      const generated = /\b(VIRTUAL|STORED|PERSISTENT)\b/i.test(extra);
      const choices = enumMembersOf(String(row.type));
      return {
        ...(choices ? { choices } : checkChoicesFor(String(row.name), checks)),
        name: String(row.name),
        type: String(row.type),
        nullable: row.nullable === 'YES',
        default: generated ? null : defaultText(row.dflt, extra, mariadb),
        autoIncrement: /auto_increment/i.test(extra),
        comment: textOrNull(row.comment) || null,
        generated,
      };
    });
  },

  async primaryKey(db, table) {
    const rows = await query(
      db,
      `SELECT COLUMN_NAME AS name FROM information_schema.STATISTICS
       WHERE TABLE_SCHEMA = database() AND TABLE_NAME = ? AND INDEX_NAME = 'PRIMARY' ORDER BY SEQ_IN_INDEX`,
      [table],
    );
    return rows.map((row) => String(row.name));
  },

  async indexes(db, table) {
    const rows = await query(
      db,
      `SELECT INDEX_NAME AS name, NON_UNIQUE AS nonUnique, COLUMN_NAME AS col, INDEX_TYPE AS type
       FROM information_schema.STATISTICS
       WHERE TABLE_SCHEMA = database() AND TABLE_NAME = ? AND INDEX_NAME <> 'PRIMARY'
       ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
      [table],
    );
    const byName = new Map<
      string,
      { name: string; unique: boolean; columns: (string | null)[]; type: string }
    >();
    for (const row of rows) {
      const name = String(row.name);
      let index = byName.get(name);
      if (!index) {
        index = { name, unique: Number(row.nonUnique) === 0, columns: [], type: String(row.type) };
        byName.set(name, index);
      }
      index.columns.push(textOrNull(row.col));
    }
    return [...byName.values()];
  },

  async foreignKeys(db, table) {
    const rows = await query(
      db,
      `SELECT CONSTRAINT_NAME AS name, TABLE_NAME AS tbl, COLUMN_NAME AS col,
              REFERENCED_TABLE_NAME AS ref, REFERENCED_COLUMN_NAME AS refcol
       FROM information_schema.KEY_COLUMN_USAGE
       WHERE TABLE_SCHEMA = database() AND REFERENCED_TABLE_SCHEMA = database()
         AND REFERENCED_TABLE_NAME IS NOT NULL ${table === undefined ? '' : 'AND TABLE_NAME = ?'}
       ORDER BY TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION`,
      table === undefined ? [] : [table],
    );
    return rows.map((row) => ({
      constraint: String(row.name),
      table: String(row.tbl),
      column: String(row.col),
      refTable: String(row.ref),
      refColumn: String(row.refcol),
    }));
  },
};
