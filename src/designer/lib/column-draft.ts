import {
  choiceAllowedFor,
  type CaptionLanguage,
  type Captions,
  type Column,
  type DataType,
  type IndexType,
} from '../../../contract';
import { DATA_TYPE_TRAITS, isColumnFieldEnabled } from './column-traits';

/** A row of the column grid: a Column plus a client-only key that survives renames and moves. */
export interface ColumnDraft extends Column {
  key: string;
}

let lastKey = 0;

/** A key unique within this page's lifetime (rows of new columns have no id yet). */
export const newRowKey = (): string => {
  lastKey += 1;
  return `new-${lastKey}`;
};

/**
 * Grid rows for the columns of a stored table, in display order, tidied (a length stored on an
 * INT, say, is not shown); keyed by column id.
 */
export const toColumnDrafts = (columns: readonly Column[]): ColumnDraft[] =>
  [...columns]
    .sort((a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0))
    .map((column) =>
      tidyColumn({ ...column, key: column.id !== undefined ? `id-${column.id}` : newRowKey() }),
    );

/** Names like `col1`, `col2`, ... that are not taken yet (case-insensitive), in order. */
export const freeColumnNames = (taken: readonly string[], count: number, prefix = 'col'): string[] => {
  const used = new Set(taken.map((name) => name.toLowerCase()));
  const out: string[] = [];
  for (let n = 1; out.length < count; n += 1) {
    const name = `${prefix}${n}`;
    if (!used.has(name.toLowerCase())) out.push(name);
  }
  return out;
};

/** A new user column: VARCHAR(200), nullable, insertable, updatable and queryable. */
export const newColumn = (name: string, caption = ''): ColumnDraft => ({
  key: newRowKey(),
  name,
  caption,
  description: null,
  dataType: 'VARCHAR',
  length: DATA_TYPE_TRAITS.VARCHAR.length?.initial ?? null,
  precision: null,
  scale: null,
  unsigned: false,
  indexType: 'NONE',
  indexStorage: null,
  indexName: null,
  autoIncrement: false,
  seqId: null,
  nullable: true,
  defaultValue: null,
  insertable: true,
  updatable: true,
  queryable: true,
  displayable: false,
  systemable: false,
  multipleValue: false,
});

/**
 * Clears what a row's data type and index type make meaningless, so the payload never carries a
 * length on an INT or an index storage without an index.
 */
export const tidyColumn = <T extends Column>(column: T): T => {
  const next: T = { ...column };
  const indexTypes = DATA_TYPE_TRAITS[next.dataType].indexTypes;
  if (next.indexType && !indexTypes.includes(next.indexType)) next.indexType = 'NONE';
  if (!isColumnFieldEnabled(next, 'length')) next.length = null;
  if (!isColumnFieldEnabled(next, 'precision')) next.precision = null;
  if (!isColumnFieldEnabled(next, 'scale')) next.scale = null;
  if (!isColumnFieldEnabled(next, 'unsigned')) next.unsigned = false;
  if (!isColumnFieldEnabled(next, 'autoIncrement')) next.autoIncrement = false;
  if (!isColumnFieldEnabled(next, 'seqId')) next.seqId = null;
  if (!isColumnFieldEnabled(next, 'multipleValue')) next.multipleValue = false;
  if (!isColumnFieldEnabled(next, 'indexStorage')) next.indexStorage = null;
  if (!isColumnFieldEnabled(next, 'indexName')) next.indexName = null;
  if (!isColumnFieldEnabled(next, 'defaultValue')) next.defaultValue = null;
  // Only text columns are choice columns; another type drops the options.
  if (next.options && !choiceAllowedFor(next.dataType)) next.options = null;
  return next;
};

/** The row after choosing another data type: initial length / precision / scale, then tidied. */
export const withDataType = <T extends Column>(column: T, dataType: DataType): T => {
  const traits = DATA_TYPE_TRAITS[dataType];
  const next: T = { ...column, dataType };
  next.length = traits.length ? (column.length ?? traits.length.initial) : null;
  next.precision = traits.precision ? (column.precision ?? traits.precision.initial) : null;
  next.scale = traits.scale ? (column.scale ?? traits.scale.initial) : null;
  if (traits.length && next.length !== null && next.length !== undefined && next.length > traits.length.max) {
    next.length = traits.length.initial;
  }
  return tidyColumn(next);
};

/** The row after choosing another index type: a primary key is never nullable. */
export const withIndexType = <T extends Column>(column: T, indexType: IndexType): T => {
  const next: T = { ...column, indexType };
  if (indexType === 'PRIMARY') next.nullable = false;
  if ((indexType === 'PRIMARY' || indexType === 'UNIQUE' || indexType === 'INDEX') && !next.indexStorage) {
    next.indexStorage = 'BTREE';
  }
  return tidyColumn(next);
};

/** The row after switching auto-increment: such a column takes no default and no sequence. */
export const withAutoIncrement = <T extends Column>(column: T, autoIncrement: boolean): T =>
  tidyColumn({ ...column, autoIncrement });

/** Fields of a grid row that the grid edits. */
export type ColumnCellField = Exclude<
  keyof Column,
  'id' | 'displayOrder' | 'createdDate' | 'lastModifiedDate' | 'systemable'
>;

/** A row after one cell changed, keeping the row consistent (see withDataType and friends). */
export const withCellValue = <T extends Column>(column: T, field: ColumnCellField, value: unknown): T => {
  switch (field) {
    case 'dataType':
      return withDataType(column, value as DataType);
    case 'indexType':
      return withIndexType(column, (value as IndexType | null) ?? 'NONE');
    case 'autoIncrement':
      return withAutoIncrement(column, Boolean(value));
    default:
      return { ...column, [field]: value };
  }
};

/** Captions with one language's text replaced, as typed (the payload trims and drops blank ones). */
export const withCaptionIn = (
  captions: Captions | null | undefined,
  language: CaptionLanguage,
  text: string,
): Captions => ({ ...captions, [language]: text });
