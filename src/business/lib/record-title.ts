import { isSearchBody, isSystemColumnName, type Column, type DataType, type Table } from '../../../contract';
import type { BusinessRecord } from './business-record';

const TEXT_TYPES: readonly DataType[] = ['CHAR', 'VARCHAR', 'TEXT', 'LONGTEXT'];

/** The key columns of a table: its `primaryNames`, else its PRIMARY column, else `id`. */
const keyNamesOf = (table: Pick<Table, 'columns' | 'primaryNames'>): string[] => {
  if (table.primaryNames && table.primaryNames.length > 0) return [...table.primaryNames];
  const primary = (table.columns ?? []).filter((c) => c.indexType === 'PRIMARY').map((c) => c.name);
  return primary.length > 0 ? primary : ['id'];
};

/** A column a record can be named by: text, not a password, not filled by the server (`name` is fine). */
const isTitleCandidate = (table: Pick<Table, 'reverse'>, column: Column): boolean =>
  TEXT_TYPES.includes(column.dataType) &&
  !isSearchBody(table, column) &&
  (column.name === 'name' || !isSystemColumnName(column.name));

/**
 * The column that names a table's records: the administrator's choice when it still exists, else
 * the first text column in display order that is not a system one (`name` counts), else none (the
 * key names the record).
 */
export const titleColumnOf = (
  table: Pick<Table, 'columns' | 'titleColumn' | 'reverse'>,
  chosen: string | null | undefined = table.titleColumn,
): string | null => {
  const columns = [...(table.columns ?? [])].sort((a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0));
  if (chosen && columns.some((c) => c.name === chosen)) return chosen;
  return columns.find((column) => isTitleCandidate(table, column))?.name ?? null;
};

const present = (value: unknown): boolean =>
  value !== undefined && value !== null && String(value).trim() !== '';

/**
 * How a record is shown wherever it is referred to (pickers, forms, delete confirmations, cells of
 * a relation): its title column's value (the table's `titleColumn`, else the default rule), else
 * its key (several key columns joined with `|`).
 */
export const recordTitle = (
  table: Pick<Table, 'columns' | 'primaryNames' | 'titleColumn'>,
  record: BusinessRecord | null | undefined,
  chosen: string | null | undefined = table.titleColumn,
): string => {
  if (!record) return '';
  const title = titleColumnOf(table, chosen);
  if (title && present(record[title])) return String(record[title]).trim();
  return keyNamesOf(table)
    .map((name) => record[name])
    .filter(present)
    .map(String)
    .join('|');
};
