import type { Knex } from 'knex';

/** A base table or a (plain) view of the data source as the database lists it. */
export interface RawTable {
  tableName: string;
  comment: string | null;
  /** SQLite only: the CREATE statement, to recognise virtual tables and their shadow tables. */
  sql?: string | null;
  /** A view (its records are read only; its structure is the database's query). */
  view?: boolean;
}

export interface RawColumn {
  name: string;
  /** The declared type as the database reports it, e.g. `varchar(40)`, `NVARCHAR(40)`, `int unsigned`. */
  type: string;
  nullable: boolean;
  /** The default as SQL text (`'abc'`, `0`, `CURRENT_TIMESTAMP`, `nextval(...)`), or null. */
  default: string | null;
  autoIncrement: boolean;
  comment: string | null;
  /** A computed column: read-only. */
  generated: boolean;
  /**
   * The values the column's type lists, in the database's order: a MySQL/MariaDB ENUM
   * (`multiple: false`) or SET (`multiple: true`), a PostgreSQL enum type; or the values a
   * `CHECK (col IN (...))` constraint allows (`fromCheck`, single choice, `check-in-list.ts`).
   * Absent for other columns.
   */
  choices?: { values: string[]; multiple: boolean; fromCheck?: boolean };
}

export interface RawIndex {
  name: string;
  unique: boolean;
  /** Column names in index order; null for an expression part. */
  columns: (string | null)[];
  /** Access method / storage as the database names it (`btree`, `hash`, `FULLTEXT`...), if known. */
  type: string | null;
}

export interface RawForeignKey {
  constraint: string;
  table: string;
  column: string;
  refTable: string;
  /** Null when SQLite leaves it to the referenced table's primary key. */
  refColumn: string | null;
}

/** What crudboard reads of a database's catalogue to reverse-engineer its tables (no DDL, no writes). */
export interface Introspection {
  tables(db: Knex): Promise<RawTable[]>;
  columns(db: Knex, table: string): Promise<RawColumn[]>;
  /** Primary key columns in key order; empty when the table has none. */
  primaryKey(db: Knex, table: string): Promise<string[]>;
  /** Indexes other than the primary key's. */
  indexes(db: Knex, table: string): Promise<RawIndex[]>;
  /** Foreign keys of one table, or of every table of the data source. */
  foreignKeys(db: Knex, table?: string): Promise<RawForeignKey[]>;
}

/** The rows of a raw query's result, whatever the driver's shape. */
export const rowsOf = (result: unknown): Record<string, unknown>[] => {
  if (Array.isArray(result))
    return (Array.isArray(result[0]) ? result[0] : result) as Record<string, unknown>[];
  return ((result as { rows?: unknown[] }).rows ?? []) as Record<string, unknown>[];
};

export const textOrNull = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : Buffer.isBuffer(value)
      ? value.toString('utf8')
      : String(value);

/**
 * The members of a MySQL/MariaDB `enum('a','b')` or `set('a','b')` column type (quotes doubled
 * inside a member, as information_schema writes them); undefined for any other type.
 */
export const enumMembersOf = (type: string): { values: string[]; multiple: boolean } | undefined => {
  const match = /^\s*(enum|set)\s*\(([\s\S]*)\)\s*$/i.exec(type);
  if (!match) return undefined;
  const values: string[] = [];
  const members = /'((?:[^']|'')*)'/g;
  for (let found = members.exec(match[2] ?? ''); found; found = members.exec(match[2] ?? ''))
    values.push((found[1] ?? '').replace(/''/g, "'"));
  return { values, multiple: (match[1] ?? '').toLowerCase() === 'set' };
};

/** `choices` of a column a `CHECK (col IN (...))` constraint limits (found by name in any case). */
export const checkChoicesFor = (
  name: string,
  checks: ReadonlyMap<string, string[]>,
): { choices: { values: string[]; multiple: false; fromCheck: true } } | Record<string, never> => {
  const values = checks.get(name.toLowerCase());
  return values ? { choices: { values, multiple: false, fromCheck: true } } : {};
};
