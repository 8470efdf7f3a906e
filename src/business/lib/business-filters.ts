import {
  encodeRecordKey as recordKey,
  SOFT_DELETE_COLUMN,
  type Column,
  type Relation,
  type Table,
} from '../../../contract';
import type { BusinessRecord } from './business-record';
import { isListable, relationsByColumn } from './business-cells';

/** docs/product.md §9: filters beyond the first 15 stay collapsed until expanded. */
export const VISIBLE_FILTERS = 15;

/** The value of one filter as the user set it. */
export type FilterValue = string | boolean | BusinessRecord[] | undefined;
export type FilterValues = Record<string, FilterValue>;

export type FilterKind = 'bool' | 'text' | 'relation';

export interface FilterField {
  column: Column;
  kind: FilterKind;
  /** For a relation column: the relation whose target the picker lists. */
  relation?: Relation;
}

/**
 * One filter per queryable column (docs/product.md §2): a toggle for BOOL, the relation picker for a
 * to-one relation column, text otherwise. The soft-delete flag has its own control.
 */
export const filterFields = (table: Table, relations: readonly Relation[]): FilterField[] => {
  const byColumn = relationsByColumn(relations);
  return table.columns
    .filter((column) => column.queryable && isListable(column) && column.name !== SOFT_DELETE_COLUMN)
    .map((column) => {
      const relation = byColumn.get(column.name);
      if (relation) return { column, kind: 'relation', relation };
      return { column, kind: column.dataType === 'BOOL' ? 'bool' : 'text' };
    });
};

/** A typed filter text: split on commas (full-width too), trimmed, blanks dropped, comma-joined. */
export const normaliseFilterText = (text: string): string =>
  text
    .split(/[,，]/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(',');

/** The value a relation filter sends: the related records' target-column values (their keys). */
export const relationFilterText = (
  records: readonly BusinessRecord[],
  relation: Relation,
  related?: Table,
): string => {
  const target = relation.toColumn.name;
  return records
    .map((record) => {
      const value = target ? record[target] : undefined;
      if (value !== null && value !== undefined && value !== '') return String(value);
      return recordKey(related?.primaryNames ?? [], record);
    })
    .filter((text) => text !== '')
    .join(',');
};

/**
 * The column filters of a query (docs/product.md §5): blanks omitted, lists normalised, booleans as they
 * are, relation filters as the joined related keys.
 */
export const buildFilters = (
  fields: readonly FilterField[],
  values: FilterValues,
  relatedTables: Record<string, Table> = {},
): Record<string, string> => {
  const filters: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.column.name];
    let text = '';
    if (typeof value === 'boolean') text = String(value);
    else if (Array.isArray(value) && field.relation)
      text = relationFilterText(value, field.relation, relatedTables[field.relation.toTable.name ?? '']);
    else if (typeof value === 'string') text = normaliseFilterText(value);
    if (text !== '') filters[field.column.name] = text;
  }
  return filters;
};

/** The soft-delete filter of a table that has the flag: the list shows live rows, the recycle bin deleted ones. */
export const softDeleteFilter = (table: Table, deleted: boolean): Record<string, string> =>
  table.columns.some((column) => column.name === SOFT_DELETE_COLUMN)
    ? { [SOFT_DELETE_COLUMN]: String(deleted) }
    : {};

/** Whether the table can soft delete (it has the isDeleted flag). */
export const hasSoftDelete = (table: Table): boolean =>
  table.columns.some((column) => column.name === SOFT_DELETE_COLUMN);
