import {
  dataTypeTraits,
  encodeRecordKey as recordKey,
  isChoiceColumn,
  isFilledOnCreate,
  SOFT_DELETE_COLUMN,
  USER_ID_COLUMNS,
  type Column,
  type Relation,
  type Table,
} from '../../../contract';
import type { BusinessRecord } from './business-record';
import { isListable, relationsByColumn } from './business-cells';

/** How many filters the bar shows beside the keyword; "more filters" shows the others. */
export const PRIMARY_FILTERS = 3;

/**
 * Whether a keyword search of the table reads every row: it has no search index (no FULLTEXT
 * column, such as the `fullTextBody` of the tables crudboard creates), as is usual for tables
 * reversed from an existing database.
 */
export const keywordScans = (table: { columns?: readonly { indexType?: string | null }[] }): boolean =>
  !(table.columns ?? []).some((column) => column.indexType === 'FULLTEXT');

/** A from–to filter as the user set it; either side may be blank. */
export interface RangeValue {
  from?: string;
  to?: string;
}

/** The value of one filter as the user set it. */
export type FilterValue = string | boolean | BusinessRecord[] | RangeValue | string[] | undefined;
export type FilterValues = Record<string, FilterValue>;

/**
 * - `text`: typed text (a list with commas, or the operators of docs/list-queries.md);
 * - `bool`: any / yes / no;
 * - `relation`: records picked in the relation picker;
 * - `number`, `date`, `datetime`: a from–to range (a DATETIME range by days);
 * - `user`: users picked by name (who created, modified or owns a record);
 * - `choice`: options of a choice column picked from a list (any of them matches).
 */
export type FilterKind = 'bool' | 'text' | 'relation' | 'number' | 'date' | 'datetime' | 'user' | 'choice';

export interface FilterField {
  column: Column;
  kind: FilterKind;
  /** For a relation column: the relation whose target the picker lists. */
  relation?: Relation;
}

/** Whether values of the column can be typed into a text filter (not a file, not a password). */
const isTypeable = (column: Column): boolean =>
  column.dataType !== 'ATTACHMENT' && column.dataType !== 'PASSWORD';

const kindOf = (column: Column, table: Table, relation: Relation | undefined): FilterKind => {
  if (relation) return 'relation';
  if (isChoiceColumn(column)) return 'choice';
  const traits = dataTypeTraits(column.dataType);
  if (USER_ID_COLUMNS.includes(column.name) && traits.integer) return 'user';
  if (traits.boolean) return 'bool';
  if (column.dataType === 'DATE') return 'date';
  if (column.dataType === 'DATETIME') return 'datetime';
  // A key is looked up by its values (a list of ids), other numbers by range.
  if (traits.numeric && !(table.primaryNames ?? []).includes(column.name)) return 'number';
  return 'text';
};

/** Text and pick-one filters come first: what narrows a list best; the bookkeeping ones last. */
const rankOf = (field: FilterField): number => {
  if (isFilledOnCreate(field.column.name)) return 3;
  if (field.kind === 'relation' || field.kind === 'bool' || field.kind === 'choice') return 0;
  if (field.kind === 'text')
    return field.column.dataType === 'CHAR' || field.column.dataType === 'VARCHAR' ? 0 : 1;
  return 2;
};

/**
 * The filters of a list (docs/product.md §2), most useful first: one per queryable column — a
 * choice for BOOL, the relation picker for a to-one relation column, a range for numbers and
 * dates, text otherwise — plus the bookkeeping columns (when created or modified, by whom, whose).
 * Files and passwords are not filtered; the soft-delete flag has its own control.
 */
export const filterFields = (
  table: Table,
  relations: readonly Relation[],
  keyRelations: readonly Relation[] = [],
): FilterField[] => {
  const byColumn = relationsByColumn(relations);
  const byKey = relationsByColumn(keyRelations);
  const fields = table.columns
    .filter(
      (column) =>
        (column.queryable || isFilledOnCreate(column.name)) &&
        isListable(table, column) &&
        isTypeable(column) &&
        column.name !== SOFT_DELETE_COLUMN,
    )
    .map((column): FilterField => {
      const relation = byColumn.get(column.name);
      // A relation to a table the user may not read is filtered by the keys typed in.
      if (byKey.has(column.name)) return { column, kind: 'text' };
      return { column, kind: kindOf(column, table, relation), ...(relation ? { relation } : {}) };
    });
  return fields
    .map((field, index) => ({ field, index }))
    .sort((a, b) => rankOf(a.field) - rankOf(b.field) || a.index - b.index)
    .map(({ field }) => field);
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

const isRange = (value: FilterValue): value is RangeValue =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const DAY_START = ' 00:00:00';
const DAY_END = ' 23:59:59';

/**
 * A range as a column filter (docs/list-queries.md): `BETWEEN from,to`, `GE from` or `LE to`; a
 * DATETIME range takes whole days. Empty when neither side is set.
 */
export const rangeFilterText = (range: RangeValue, kind: FilterKind): string => {
  const from = range.from?.trim() ?? '';
  const to = range.to?.trim() ?? '';
  const start = from && kind === 'datetime' ? `${from}${DAY_START}` : from;
  const end = to && kind === 'datetime' ? `${to}${DAY_END}` : to;
  if (start && end) return `BETWEEN ${start},${end}`;
  if (start) return `GE ${start}`;
  if (end) return `LE ${end}`;
  return '';
};

/** The text one filter sends (blank: no filter). */
export const filterText = (
  field: FilterField,
  value: FilterValue,
  relatedTables: Record<string, Table> = {},
): string => {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return field.kind === 'bool' ? String(value) : '';
  if (Array.isArray(value)) {
    if (field.kind === 'relation' && field.relation)
      return relationFilterText(
        value as BusinessRecord[],
        field.relation,
        relatedTables[field.relation.toTable.name ?? ''],
      );
    if (field.kind === 'user' || field.kind === 'choice')
      return normaliseFilterText(value.filter((id): id is string => typeof id === 'string').join(','));
    return '';
  }
  if (isRange(value)) return rangeFilterText(value, field.kind);
  return normaliseFilterText(value);
};

/**
 * The column filters of a query (docs/product.md §5): blanks omitted, lists normalised, booleans as they
 * are, relation filters as the joined related keys, ranges as BETWEEN / GE / LE.
 */
export const buildFilters = (
  fields: readonly FilterField[],
  values: FilterValues,
  relatedTables: Record<string, Table> = {},
): Record<string, string> => {
  const filters: Record<string, string> = {};
  for (const field of fields) {
    const text = filterText(field, values[field.column.name], relatedTables);
    if (text !== '') filters[field.column.name] = text;
  }
  return filters;
};

const RANGE_TEXT = /^(BETWEEN|GE|LE)\s+([\s\S]*)$/;

const dayOf = (text: string, kind: FilterKind): string =>
  kind === 'datetime' ? text.replace(/\s+\d{1,2}:\d{2}(:\d{2})?$/, '') : text;

/** A range filter's text back as the range (a DATETIME range as days); null for other text. */
export const rangeOfText = (text: string, kind: FilterKind): RangeValue | null => {
  const match = RANGE_TEXT.exec(text.trim());
  if (!match) return null;
  const rest = (match[2] ?? '').trim();
  if (match[1] === 'GE') return { from: dayOf(rest, kind) };
  if (match[1] === 'LE') return { to: dayOf(rest, kind) };
  const [from = '', to = ''] = rest.split(',').map((part) => part.trim());
  return {
    ...(from ? { from: dayOf(from, kind) } : {}),
    ...(to ? { to: dayOf(to, kind) } : {}),
  };
};

/**
 * The values of the filter controls for the column filters a list was asked with (a link, a
 * reload): the inverse of `buildFilters`. A relation filter comes back as records holding only
 * the target column's value; text that a control cannot show is kept as typed text.
 */
export const filterValuesOf = (
  fields: readonly FilterField[],
  texts: Readonly<Record<string, string>>,
): FilterValues => {
  const values: FilterValues = {};
  for (const field of fields) {
    const text = texts[field.column.name];
    if (text === undefined || text === '') continue;
    const name = field.column.name;
    switch (field.kind) {
      case 'bool':
        if (text === 'true' || text === 'false') values[name] = text === 'true';
        break;
      case 'relation': {
        const target = field.relation?.toColumn.name ?? 'id';
        values[name] = text.split(',').map((key) => ({ [target]: key }));
        break;
      }
      case 'user':
      case 'choice':
        values[name] = text.split(',').filter((id) => id !== '');
        break;
      case 'number':
      case 'date':
      case 'datetime':
        // A single value (typed in a link) is the range from it to it.
        values[name] = rangeOfText(text, field.kind) ?? { from: text, to: text };
        break;
      default:
        values[name] = text;
    }
  }
  return values;
};

/** The soft-delete filter of a table that has the flag: the list shows live rows, the recycle bin deleted ones. */
export const softDeleteFilter = (table: Table, deleted: boolean): Record<string, string> =>
  table.columns.some((column) => column.name === SOFT_DELETE_COLUMN)
    ? { [SOFT_DELETE_COLUMN]: String(deleted) }
    : {};

/** Whether the table can soft delete (it has the isDeleted flag). */
export const hasSoftDelete = (table: Table): boolean =>
  table.columns.some((column) => column.name === SOFT_DELETE_COLUMN);
