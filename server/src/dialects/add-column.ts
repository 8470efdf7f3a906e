import type { Knex } from 'knex';
import type { ColumnDef } from '../model/table-def';
import { physicalType, type Dialect } from './column-type';
import { parseDefaultValue, type DefaultLiteral } from './default-value';
import { isIntegerType } from './integer-range';

type Builder = Knex.CreateTableBuilder | Knex.AlterTableBuilder | Knex.TableBuilder;

/** A default as the dialect stores it: BOOL is 1/0 where the column is numeric underneath. */
export const storedDefault = (dialect: Dialect, value: DefaultLiteral): DefaultLiteral =>
  typeof value === 'boolean' && dialect !== 'pg' ? Number(value) : value;

/**
 * Declares a column on a create or alter table builder from its metadata: the dialect's type,
 * MySQL's unsigned modifier, nullability and default; an auto-increment column becomes the
 * (BIG)INT key. `primary` makes a plain column the single-column primary key (create only).
 */
export const declareColumn = (
  table: Builder,
  column: ColumnDef,
  dialect: Dialect,
  options: { primary?: boolean } = {},
): Knex.ColumnBuilder => {
  if (column.autoIncrement) {
    const primaryKey = options.primary ?? false;
    return column.dataType === 'BIGINT'
      ? table.bigIncrements(column.name, { primaryKey })
      : table.increments(column.name, { primaryKey });
  }
  const builder = table.specificType(column.name, physicalType(dialect, column));
  if (dialect === 'mysql' && column.unsigned && isIntegerType(column.dataType)) builder.unsigned();
  if (column.nullable) builder.nullable();
  else builder.notNullable();
  if (column.defaultValue !== null) {
    const parsed = parseDefaultValue(column, column.defaultValue);
    if (parsed.ok) builder.defaultTo(storedDefault(dialect, parsed.value));
  }
  if (options.primary) builder.primary();
  return builder;
};
