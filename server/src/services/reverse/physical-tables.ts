import type { Knex } from 'knex';
import { introspectionFor } from '../../dialects/introspection/introspection-for';
import type {
  RawColumn,
  RawForeignKey,
  RawIndex,
  RawTable,
} from '../../dialects/introspection/introspection';
import { metaOf } from '../../db/metadata-home';
import { tablesOf } from '../scoped-meta';
import { ApiException } from '../../errors/api-exception';
import { internalTableNames } from './internal-tables';
import { recordKeyOf } from './record-key';
import type { ColumnKey, PhysicalTableDescription, PhysicalTableSummary } from '../../../../contract/index';

/** Everything read of one physical table, as the database reports it. */
export interface IntrospectedTable {
  tableName: string;
  comment: string | null;
  /** A view: it has no key of its own and is reversed read-only. */
  view?: boolean;
  columns: RawColumn[];
  primaryKey: string[];
  indexes: RawIndex[];
  foreignKeys: RawForeignKey[];
}

export interface PhysicalCatalogue {
  tables: RawTable[];
  internal: Set<string>;
}

export const readCatalogue = async (db: Knex): Promise<PhysicalCatalogue> => {
  const tables = await introspectionFor(db).tables(db);
  return { tables, internal: internalTableNames(tables) };
};

/** Physical names of the tables metadata already describes, lower case. */
export const managedTableNames = async (db: Knex): Promise<Set<string>> => {
  const rows: { tableName: string }[] = await tablesOf(metaOf(db)).select('tableName');
  return new Set(rows.map((row) => String(row.tableName).toLowerCase()));
};

/** A table of the catalogue by its exact name, else by a name that matches it alone ignoring case. */
export const findTable = (catalogue: PhysicalCatalogue, name: string): RawTable | undefined => {
  const exact = catalogue.tables.find((table) => table.tableName === name);
  if (exact) return exact;
  const lower = name.toLowerCase();
  const matches = catalogue.tables.filter((table) => table.tableName.toLowerCase() === lower);
  return matches.length === 1 ? matches[0] : undefined;
};

/** GET /metadatas: business tables of the data source that no metadata describes yet, by name. */
export const listUnmanagedTables = async (db: Knex): Promise<Required<PhysicalTableSummary>[]> => {
  const catalogue = await readCatalogue(db);
  const managed = await managedTableNames(db);
  return catalogue.tables
    .filter(
      (table) => !catalogue.internal.has(table.tableName) && !managed.has(table.tableName.toLowerCase()),
    )
    .map((table) => ({ tableName: table.tableName, comment: table.comment, view: table.view === true }));
};

export const introspectTable = async (db: Knex, table: RawTable): Promise<IntrospectedTable> => {
  const reader = introspectionFor(db);
  const { tableName } = table;
  return {
    tableName,
    comment: table.comment,
    view: table.view === true,
    columns: await reader.columns(db, tableName),
    primaryKey: await reader.primaryKey(db, tableName),
    indexes: await reader.indexes(db, tableName),
    foreignKeys: await reader.foreignKeys(db, tableName),
  };
};

/** MySQL's notion of a key column: in the primary key, alone in a unique index, or leading an index. */
const keyOf = (table: IntrospectedTable, column: string): ColumnKey => {
  if (table.primaryKey.includes(column)) return 'PRI';
  if (
    table.indexes.some((index) => index.unique && index.columns.length === 1 && index.columns[0] === column)
  )
    return 'UNI';
  if (table.indexes.some((index) => index.columns[0] === column)) return 'MUL';
  return '';
};

/** The wire description of an introspected table (docs/api.md §2.1). */
export const toDescription = (table: IntrospectedTable): PhysicalTableDescription => ({
  tableName: table.tableName,
  comment: table.comment,
  columns: table.columns.map((column) => ({
    name: column.name,
    type: column.type,
    nullable: column.nullable,
    key: keyOf(table, column.name),
    default: column.default,
    autoIncrement: column.autoIncrement,
    comment: column.comment,
  })),
  indexs: [
    ...(table.primaryKey.length > 0
      ? [{ name: 'PRIMARY', unique: true, columns: table.primaryKey, type: 'PRIMARY' }]
      : []),
    ...table.indexes.map((index) => ({
      name: index.name,
      unique: index.unique,
      columns: index.columns.map((column) => column ?? '(expression)'),
      type: index.type,
    })),
  ],
  foreignKeys: table.foreignKeys.map((key) => ({
    column: key.column,
    refTable: key.refTable,
    refColumn: key.refColumn ?? '',
  })),
  recordKey: recordKeyOf(table),
  view: table.view === true,
});

/** GET /metadatas/{tableName}: 404 for a table the data source lacks or one of crudboard's own. */
export const describePhysicalTable = async (db: Knex, name: string): Promise<PhysicalTableDescription> => {
  const catalogue = await readCatalogue(db);
  const table = findTable(catalogue, name);
  if (!table || catalogue.internal.has(table.tableName)) throw new ApiException('NOT_FOUND');
  const introspected = await introspectTable(db, table);
  return toDescription(await withForeignKeyTargets(db, introspected));
};

/** SQLite may leave a foreign key's target column implicit: it is then the target's primary key. */
export const withForeignKeyTargets = async (
  db: Knex,
  table: IntrospectedTable,
): Promise<IntrospectedTable> => {
  if (table.foreignKeys.every((key) => key.refColumn !== null)) return table;
  const reader = introspectionFor(db);
  const foreignKeys: RawForeignKey[] = [];
  const byConstraint = new Map<string, RawForeignKey[]>();
  for (const key of table.foreignKeys)
    byConstraint.set(key.constraint, [...(byConstraint.get(key.constraint) ?? []), key]);
  for (const keys of byConstraint.values()) {
    const first = keys[0];
    if (!first || first.refColumn !== null) {
      foreignKeys.push(...keys);
      continue;
    }
    const target = await reader.primaryKey(db, first.refTable);
    keys.forEach((key, i) => foreignKeys.push({ ...key, refColumn: target[i] ?? null }));
  }
  return { ...table, foreignKeys };
};
