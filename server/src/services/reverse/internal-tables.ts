import type { RawTable } from '../../dialects/introspection/introspection';

/** Migration bookkeeping tables of Knex under their default names. */
const MIGRATION_TABLES = new Set(['knex_migrations', 'knex_migrations_lock']);

/** Shadow tables SQLite keeps for a virtual table (FTS3/4/5, R*Tree). */
const SHADOW_SUFFIXES = [
  '_data',
  '_idx',
  '_content',
  '_docsize',
  '_config',
  '_segments',
  '_segdir',
  '_stat',
  '_node',
  '_parent',
  '_rowid',
];

const VIRTUAL = /^\s*CREATE\s+VIRTUAL\s+TABLE/i;

/**
 * The tables that are not business data and can never be reverse-engineered: crudboard's own
 * (`cb_`), migration tables, SQLite's internal tables, virtual tables and their shadow tables.
 */
export const internalTableNames = (tables: readonly RawTable[]): Set<string> => {
  const virtual = tables
    .filter((table) => table.sql && VIRTUAL.test(table.sql))
    .map((table) => table.tableName);
  const internal = new Set<string>(virtual);
  for (const { tableName } of tables) {
    const lower = tableName.toLowerCase();
    if (
      lower.startsWith('cb_') ||
      lower.startsWith('sqlite_') ||
      MIGRATION_TABLES.has(lower) ||
      virtual.some((name) => SHADOW_SUFFIXES.some((suffix) => tableName === `${name}${suffix}`))
    ) {
      internal.add(tableName);
    }
  }
  return internal;
};
