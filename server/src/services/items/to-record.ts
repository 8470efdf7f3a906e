import type { StoredColumn } from '../metadata-rows';
import { toOutputValue } from './to-output-value';

/** Columns a record shows: never PASSWORD values, never the FULLTEXT column (docs/api.md §3). */
export const isReadable = (column: Pick<StoredColumn, 'dataType' | 'indexType'>): boolean =>
  column.dataType !== 'PASSWORD' && column.indexType !== 'FULLTEXT';

/** A database row as a business record: readable columns present in the row, in docs/api.md §0 types. */
export const toRecord = (
  columns: readonly StoredColumn[],
  row: Record<string, unknown>,
): Record<string, unknown> => {
  const record: Record<string, unknown> = {};
  for (const column of columns) {
    if (isReadable(column) && Object.hasOwn(row, column.name)) {
      record[column.name] = toOutputValue(column, row[column.name]);
    }
  }
  return record;
};
