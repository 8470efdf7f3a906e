import { sqlDialect } from '../../dialects/sql/sql-dialects';
import type { Knex } from 'knex';
import { engineOf } from './plan-table-change';
import { unsignedChecks } from './physical-objects';
import type { TableDef } from '../../model/table-def';
import { declareColumn } from '../../dialects/add-column';
import type { Dialect } from '../../dialects/column-type';

/** Extra column declarations of a rebuilt SQLite table: the foreign keys it had. */
export interface ForeignKeyDecl {
  columns: string[];
  table: string;
  references: string[];
  onDelete: string | null;
  onUpdate: string | null;
}

const ACTIONS = new Set(['CASCADE', 'SET NULL', 'SET DEFAULT', 'RESTRICT', 'NO ACTION']);
const action = (value: string | null) =>
  value && ACTIONS.has(value.toUpperCase()) ? value.toUpperCase() : undefined;

/**
 * CREATE TABLE from metadata through the schema builder: columns in order, the primary key (one
 * column, or the PRIMARY composite index), unsigned checks, and on MySQL the engine with utf8mb4.
 * Secondary indexes and the search index are separate operations.
 */
export const createPhysicalTable = (
  db: Knex,
  dialect: Dialect,
  table: TableDef,
  options: { name?: string; foreignKeys?: readonly ForeignKeyDecl[] } = {},
): Knex.SchemaBuilder =>
  db.schema.createTable(options.name ?? table.tableName, (t) => {
    sqlDialect(dialect).tableOptions(t, engineOf(table.engine));
    for (const column of table.columns) {
      declareColumn(t, column, dialect, { primary: column.indexType === 'PRIMARY' });
    }
    const composite = table.indexs.find((index) => index.indexType === 'PRIMARY');
    if (composite && !table.columns.some((column) => column.indexType === 'PRIMARY'))
      t.primary(composite.columns);
    for (const check of unsignedChecks(table, dialect)) t.check('?? >= 0', [check.column], check.name);
    for (const key of options.foreignKeys ?? []) {
      const foreign = t.foreign(key.columns).references(key.references).inTable(key.table);
      const onDelete = action(key.onDelete);
      const onUpdate = action(key.onUpdate);
      if (onDelete) foreign.onDelete(onDelete);
      if (onUpdate) foreign.onUpdate(onUpdate);
    }
  });
