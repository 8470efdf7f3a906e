import type { Knex } from 'knex';
import { dialectOf } from '../db/dialect';
import { PG_CURRENT_SCHEMA_OID } from './pg-current-schema';

const rowsOf = (result: unknown): Record<string, unknown>[] => {
  if (Array.isArray(result))
    return (Array.isArray(result[0]) ? result[0] : result) as Record<string, unknown>[];
  return ((result as { rows?: unknown[] }).rows ?? []) as Record<string, unknown>[];
};

/**
 * Which of `names` the database has as a table or view, ignoring case: their lower-case names,
 * in one question.
 */
export const physicalTablesAmong = async (db: Knex, names: readonly string[]): Promise<Set<string>> => {
  const lower = [...new Set(names.map((name) => name.toLowerCase()))];
  if (lower.length === 0) return new Set();
  const marks = lower.map(() => '?').join(', ');
  const rows: Record<string, unknown>[] =
    dialectOf(db) === 'sqlite'
      ? await db('sqlite_master')
          .select({ name: 'name' })
          .whereIn('type', ['table', 'view'])
          .whereRaw(`lower(name) IN (${marks})`, lower)
      : dialectOf(db) === 'pg'
        ? await db('information_schema.tables')
            .select({ name: 'table_name' })
            .whereRaw('table_schema = current_schema()')
            .whereRaw(`lower(table_name) IN (${marks})`, lower)
        : await db('information_schema.TABLES')
            .select({ name: 'TABLE_NAME' })
            .whereRaw('TABLE_SCHEMA = database()')
            .whereRaw(`lower(TABLE_NAME) IN (${marks})`, lower);
  return new Set(rows.map((row) => String(row.name).toLowerCase()));
};

/** Whether the database has a table or view of this name, ignoring case (as metadata names do). */
export const physicalTableExists = async (db: Knex, name: string): Promise<boolean> =>
  (await physicalTablesAmong(db, [name])).has(name.toLowerCase());

/** Whether `name` (ignoring case) is a view of the database rather than a table. */
export const physicalViewExists = async (db: Knex, name: string): Promise<boolean> => {
  const lower = name.toLowerCase();
  switch (dialectOf(db)) {
    case 'sqlite':
      return !!(await db('sqlite_master').where('type', 'view').whereRaw('lower(name) = ?', [lower]).first());
    case 'pg':
      return !!(await db('information_schema.views')
        .whereRaw('table_schema = current_schema()')
        .whereRaw('lower(table_name) = ?', [lower])
        .first());
    case 'mysql':
      return !!(await db('information_schema.VIEWS')
        .whereRaw('TABLE_SCHEMA = database()')
        .whereRaw('lower(TABLE_NAME) = ?', [lower])
        .first());
  }
};

/** Names of the other tables whose foreign keys reference `name`. */
export const referencingTables = async (db: Knex, name: string): Promise<string[]> => {
  const lower = name.toLowerCase();
  switch (dialectOf(db)) {
    case 'sqlite': {
      const tables: { name: string }[] = await db('sqlite_master').select('name').where('type', 'table');
      const found: string[] = [];
      for (const table of tables) {
        if (table.name.toLowerCase() === lower || table.name.startsWith('sqlite_')) continue;
        const keys = rowsOf(await db.raw('PRAGMA foreign_key_list(??)', [table.name]));
        if (keys.some((key) => String(key.table).toLowerCase() === lower)) found.push(table.name);
      }
      return found;
    }
    case 'pg': {
      const result = await db.raw(
        `SELECT DISTINCT r.relname AS name FROM pg_constraint c
         JOIN pg_class r ON r.oid = c.conrelid JOIN pg_class t ON t.oid = c.confrelid
         WHERE c.contype = 'f' AND lower(t.relname) = ? AND t.relnamespace = ${PG_CURRENT_SCHEMA_OID}
           AND c.conrelid <> c.confrelid`,
        [lower],
      );
      return rowsOf(result).map((row) => String(row.name));
    }
    case 'mysql': {
      const result = await db.raw(
        `SELECT DISTINCT TABLE_NAME AS name FROM information_schema.KEY_COLUMN_USAGE
         WHERE REFERENCED_TABLE_SCHEMA = database() AND lower(REFERENCED_TABLE_NAME) = ? AND lower(TABLE_NAME) <> ?`,
        [lower, lower],
      );
      return rowsOf(result).map((row) => String(row.name));
    }
  }
};
