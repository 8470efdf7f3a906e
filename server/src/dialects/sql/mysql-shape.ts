import type { Knex } from 'knex';
import { rowsOf } from '../introspection/introspection';

const any = async (db: Knex, sql: string, bindings: readonly string[]): Promise<boolean> =>
  rowsOf(await db.raw(sql, [...bindings])).length > 0;

/**
 * What a MySQL / MariaDB table physically is right now, read from information_schema of the
 * connection's database: what recovering a schema change a server left half-applied goes by
 * (each DDL statement there either happened or did not).
 */
export const mysqlShape = {
  hasTable: (db: Knex, table: string): Promise<boolean> =>
    any(db, 'SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = database() AND TABLE_NAME = ?', [
      table,
    ]),
  hasColumn: (db: Knex, table: string, column: string): Promise<boolean> =>
    any(
      db,
      `SELECT 1 FROM information_schema.COLUMNS
       WHERE TABLE_SCHEMA = database() AND TABLE_NAME = ? AND COLUMN_NAME = ?`,
      [table, column],
    ),
  hasIndex: (db: Knex, table: string, index: string): Promise<boolean> =>
    any(
      db,
      `SELECT 1 FROM information_schema.STATISTICS
       WHERE TABLE_SCHEMA = database() AND TABLE_NAME = ? AND INDEX_NAME = ?`,
      [table, index],
    ),
};

const DDL_WAIT_STEP_MS = 200;

/**
 * Waits (up to `limitMs`) until no other session of the database runs an ALTER, RENAME or DROP
 * naming one of `tables`. A server killed in the middle of an ALTER leaves its statement running
 * in the database until it completes (the database notices the lost client only afterwards), so
 * the table's shape is read once such a statement has ended. Returns whether they all ended.
 */
export const waitForTableDdl = async (
  db: Knex,
  tables: readonly string[],
  limitMs: number,
): Promise<boolean> => {
  if (tables.length === 0) return true;
  const deadline = Date.now() + limitMs;
  const clauses = tables.map(() => 'INFO LIKE ?').join(' OR ');
  const bindings = tables.map((table) => `%\`${table.replace(/[\\%_]/g, (c) => `\\${c}`)}\`%`);
  for (;;) {
    const running = await any(
      db,
      `SELECT 1 FROM information_schema.PROCESSLIST
       WHERE ID <> CONNECTION_ID() AND DB = database() AND COMMAND = 'Query'
       AND (INFO LIKE 'alter %' OR INFO LIKE 'rename %' OR INFO LIKE 'drop %') AND (${clauses})`,
      bindings,
    );
    if (!running) return true;
    if (Date.now() > deadline) return false;
    await new Promise((wait) => setTimeout(wait, DDL_WAIT_STEP_MS));
  }
};
