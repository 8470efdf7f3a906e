import type { RecordKey } from '../../../../contract/index';
import type { IntrospectedTable } from './physical-tables';

/**
 * How the records of an existing table will be addressed once reversed: its primary key; else
 * the first unique index over columns that are all NOT NULL (a key in all but name); else none,
 * and the table is reversed read-only (a record could not be updated or deleted alone). Pure.
 */
export const recordKeyOf = (
  table: Pick<IntrospectedTable, 'primaryKey' | 'indexes' | 'columns'>,
): RecordKey => {
  if (table.primaryKey.length > 0) return { kind: 'primary', columns: [...table.primaryKey] };
  const notNull = new Set(table.columns.filter((column) => !column.nullable).map((column) => column.name));
  // The narrowest such index (a single column first), the first of equals.
  const unique = table.indexes
    .filter(
      (index) =>
        index.unique &&
        index.columns.length > 0 &&
        index.columns.every((column) => column !== null && notNull.has(column)),
    )
    .sort((a, b) => a.columns.length - b.columns.length)[0];
  return unique ? { kind: 'unique', columns: unique.columns as string[] } : { kind: 'none', columns: [] };
};
