import type { Client } from '../config';
import { nativeKindOf } from '../dialects/native-kind';
import { nativeMatchSql } from '../dialects/native-sql';
import type { QueryColumn } from './query-types';

const optionValue = (option: unknown): string | null => {
  const value = (option as { value?: unknown } | null)?.value;
  return typeof value === 'string' ? value : null;
};

/**
 * A single choice column whose native type has no order crudboard may use (a reversed PostgreSQL
 * enum, whose type name is opaque to crudboard): it is ordered by its options instead.
 */
export const isOptionOrdered = (column: QueryColumn | undefined): boolean =>
  column !== undefined &&
  nativeKindOf(column.nativeType) === 'opaque' &&
  !column.multipleValue &&
  (column.options ?? []).some((option) => optionValue(option) !== null);

/**
 * ORDER BY of such a column: the position of its value among the options (a reversed enum's
 * options are its labels in their declared order, so this is the enum's own order), read on its
 * text form; a value no option has comes after them. `??` takes the column.
 */
export const optionOrderSql = (
  dialect: Client,
  column: QueryColumn,
): { sql: string; bindings: (string | number)[] } => {
  const values = (column.options ?? []).map(optionValue).filter((value): value is string => value !== null);
  const text = nativeMatchSql(dialect, column.nativeType).column;
  return {
    sql: `CASE ${text} ${values.map(() => 'WHEN ? THEN ?').join(' ')} ELSE ? END`,
    bindings: [...values.flatMap((value, index) => [value, index]), values.length],
  };
};
