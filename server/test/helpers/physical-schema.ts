import type { Knex } from 'knex';
import { dialectOf } from '../../src/db/dialect';
import { META } from '../../src/db/table-names';

const rowsOf = (result: unknown): Record<string, unknown>[] => {
  if (Array.isArray(result))
    return (Array.isArray(result[0]) ? result[0] : result) as Record<string, unknown>[];
  return ((result as { rows?: unknown[] }).rows ?? []) as Record<string, unknown>[];
};

/** Column name → the type the database reports (lower case), in column order. */
export const physicalColumns = async (knex: Knex, table: string): Promise<Record<string, string>> => {
  let rows: { name: string; type: string; notnull?: unknown }[];
  switch (dialectOf(knex)) {
    case 'sqlite':
      rows = rowsOf(await knex.raw('PRAGMA table_info(??)', [table])).map((row) => ({
        name: String(row.name),
        type: String(row.type),
      }));
      break;
    case 'pg':
      rows = rowsOf(
        await knex.raw(
          `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a
           JOIN pg_class c ON c.oid = a.attrelid
           WHERE c.relname = ? AND c.relnamespace = current_schema()::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
           ORDER BY a.attnum`,
          [table],
        ),
      ).map((row) => ({ name: String(row.name), type: String(row.type) }));
      break;
    case 'mysql':
      rows = rowsOf(
        await knex.raw(
          `SELECT COLUMN_NAME AS name, COLUMN_TYPE AS type FROM information_schema.COLUMNS
           WHERE TABLE_SCHEMA = database() AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
          [table],
        ),
      ).map((row) => ({ name: String(row.name), type: String(row.type) }));
      break;
  }
  return Object.fromEntries(rows.map((row) => [row.name, row.type.toLowerCase()]));
};

/** Names of the indexes on a table (without the primary key's), sorted. */
export const physicalIndexNames = async (knex: Knex, table: string): Promise<string[]> => {
  switch (dialectOf(knex)) {
    case 'sqlite':
      return rowsOf(await knex.raw('PRAGMA index_list(??)', [table]))
        .filter((row) => row.origin === 'c')
        .map((row) => String(row.name))
        .sort();
    case 'pg':
      return rowsOf(
        await knex.raw(
          `SELECT i.relname AS name FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
           WHERE t.relname = ? AND t.relnamespace = current_schema()::regnamespace AND NOT x.indisprimary`,
          [table],
        ),
      )
        .map((row) => String(row.name))
        .sort();
    case 'mysql':
      return [
        ...new Set(
          rowsOf(
            await knex.raw(
              `SELECT INDEX_NAME AS name FROM information_schema.STATISTICS
               WHERE TABLE_SCHEMA = database() AND TABLE_NAME = ? AND INDEX_NAME <> 'PRIMARY'`,
              [table],
            ),
          ).map((row) => String(row.name)),
        ),
      ].sort();
  }
};

/** Every table of the database (crudboard's own included). */
export const physicalTables = async (knex: Knex): Promise<string[]> => {
  switch (dialectOf(knex)) {
    case 'sqlite':
      return (await knex('sqlite_master').select('name').where('type', 'table'))
        .map((row) => String(row.name))
        .sort();
    case 'pg':
      return (
        await knex('information_schema.tables')
          .select('table_name as name')
          .whereRaw('table_schema = current_schema()')
      )
        .map((row) => String(row.name))
        .sort();
    case 'mysql':
      return (
        await knex('information_schema.TABLES')
          .select('TABLE_NAME as name')
          .whereRaw('TABLE_SCHEMA = database()')
      )
        .map((row) => String(row.name))
        .sort();
  }
};

/**
 * Everything a refused change must leave as it was: the rows of the table (in key order), its
 * physical columns and indexes, and every metadata row.
 */
export const snapshot = async (knex: Knex, table: string, orderBy = 'id') => ({
  rows: JSON.stringify(await knex(table).select('*').orderBy(orderBy)),
  columns: await physicalColumns(knex, table),
  indexes: await physicalIndexNames(knex, table),
  metadata: JSON.stringify({
    tables: await knex(META.table).select('*').orderBy('id'),
    columns: await knex(META.column).select('*').orderBy('id'),
    indexes: await knex(META.index).select('*').orderBy('id'),
    lines: await knex(META.indexLine).select('*').orderBy('id'),
    relations: await knex(META.relation).select('*').orderBy('id'),
  }),
});

/** Empties a test database of business tables and metadata (crudboard's own tables stay). */
export const clearTables = async (knex: Knex): Promise<void> => {
  const dialect = dialectOf(knex);
  const ours = /^cb_(?!ft_|del_|tmp_)/;
  const doomed = (await physicalTables(knex)).filter(
    (name) => !ours.test(name) && !name.startsWith('sqlite_'),
  );
  await knex.transaction(
    async (trx) => {
      if (dialect === 'mysql') await trx.raw('SET FOREIGN_KEY_CHECKS = 0');
      for (const table of doomed) {
        if (dialect === 'mysql') {
          const triggers = rowsOf(await trx.raw('SHOW TRIGGERS WHERE `Table` = ?', [table]));
          for (const trigger of triggers)
            await trx.raw('DROP TRIGGER IF EXISTS ??', [String(trigger.Trigger)]);
        }
        await trx.raw(dialect === 'pg' ? 'DROP TABLE IF EXISTS ?? CASCADE' : 'DROP TABLE IF EXISTS ??', [
          table,
        ]);
      }
      if (dialect === 'mysql') await trx.raw('SET FOREIGN_KEY_CHECKS = 1');
      for (const table of [
        META.relation,
        META.indexLine,
        META.index,
        META.column,
        META.table,
        META.sequence,
      ]) {
        await trx(table).delete();
      }
    },
    dialect === 'sqlite' ? { enforceForeignCheck: false } : {},
  );
};
