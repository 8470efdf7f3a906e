import type { Column, DataType, Index, IndexStorage, IndexType, Table } from '../../../contract/index';
import { storedHistoryRetention } from './history/stored-history-retention';
import { toBool, toCaptions, toChoiceOptions, toNumber, toNumberOrNull, toStringOrNull } from '../db/values';

export type Row = Record<string, unknown>;

/** Metadata as read back: every field present (the contract types also describe create bodies). */
export type StoredColumn = Required<Column>;
export type StoredIndex = Required<Omit<Index, 'isNewRow' | 'indexLines'>> & {
  indexLines: { id: number; column: { id: number; name: string } }[];
};
export type StoredTable = Required<Omit<Table, 'columns' | 'indexs'>> & {
  columns: StoredColumn[];
  indexs: StoredIndex[];
};

export const toColumn = (row: Row): StoredColumn => ({
  id: toNumber(row.id),
  name: String(row.name),
  caption: String(row.caption ?? ''),
  captions: toCaptions(row.captions),
  description: toStringOrNull(row.description),
  displayOrder: toNumber(row.displayOrder),
  dataType: String(row.dataType) as DataType,
  length: toNumberOrNull(row.length),
  precision: toNumberOrNull(row.precision),
  scale: toNumberOrNull(row.scale),
  unsigned: toBool(row.unsigned),
  indexType: toStringOrNull(row.indexType) as IndexType | null,
  indexStorage: toStringOrNull(row.indexStorage) as IndexStorage | null,
  indexName: toStringOrNull(row.indexName),
  autoIncrement: toBool(row.autoIncrement),
  seqId: toNumberOrNull(row.seqId),
  nullable: toBool(row.nullable),
  defaultValue: toStringOrNull(row.defaultValue),
  insertable: toBool(row.insertable),
  updatable: toBool(row.updatable),
  queryable: toBool(row.queryable),
  displayable: toBool(row.displayable),
  systemable: toBool(row.systemable),
  multipleValue: toBool(row.multipleValue),
  options: toChoiceOptions(row.options),
  nativeType: toStringOrNull(row.nativeType),
  nativeDefault: toStringOrNull(row.nativeDefault),
  createdDate: toNumber(row.createdDate),
  lastModifiedDate: toNumber(row.lastModifiedDate),
});

/** `lines` rows carry the line's `id`, `indexId` and its column's `columnId` / `columnName`. */
export const toIndex = (row: Row, lines: readonly Row[]): StoredIndex => ({
  id: toNumber(row.id),
  name: String(row.name),
  caption: String(row.caption ?? ''),
  description: toStringOrNull(row.description),
  indexType: String(row.indexType) as Index['indexType'],
  indexStorage: toStringOrNull(row.indexStorage) as StoredIndex['indexStorage'],
  createdDate: toNumber(row.createdDate),
  lastModifiedDate: toNumber(row.lastModifiedDate),
  indexLines: lines.map((line) => ({
    id: toNumber(line.id),
    column: { id: toNumber(line.columnId), name: String(line.columnName) },
  })),
});

/**
 * Key columns: those marked PRIMARY on the column, else the lines of a PRIMARY index; for a table
 * without one (only a reversed table may lack it), the narrowest unique index over NOT NULL
 * columns stands in (a single UNIQUE column first), as reverse engineering announced it.
 */
export const primaryNamesOf = (columns: readonly Column[], indexes: readonly Index[]): string[] => {
  const marked = columns.filter((column) => column.indexType === 'PRIMARY').map((column) => column.name);
  if (marked.length > 0) return marked;
  const primary = indexes.find((index) => index.indexType === 'PRIMARY');
  if (primary) return primary.indexLines.map((line) => line.column.name);
  const notNull = new Set(columns.filter((column) => column.nullable === false).map((column) => column.name));
  const single = columns.find((column) => column.indexType === 'UNIQUE' && notNull.has(column.name));
  if (single) return [single.name];
  const composite = indexes
    .filter(
      (index) =>
        index.indexType === 'UNIQUE' &&
        index.indexLines.length > 0 &&
        index.indexLines.every((line) => notNull.has(line.column.name)),
    )
    .sort((a, b) => a.indexLines.length - b.indexLines.length)[0];
  return composite ? composite.indexLines.map((line) => line.column.name) : [];
};

export const toTable = (row: Row, columns: StoredColumn[], indexes: StoredIndex[]): StoredTable => ({
  id: toNumber(row.id),
  name: String(row.name),
  pluralName: String(row.pluralName ?? row.name),
  tableName: String(row.tableName),
  caption: String(row.caption ?? ''),
  captions: toCaptions(row.captions),
  description: toStringOrNull(row.description),
  engine: toStringOrNull(row.engine),
  reverse: toBool(row.reverse),
  systemable: toBool(row.systemable),
  readOnly: toBool(row.readOnly),
  titleColumn: toStringOrNull(row.titleColumn),
  ...storedHistoryRetention(row),
  primaryNames: primaryNamesOf(columns, indexes),
  columns,
  indexs: indexes,
  createdDate: toNumber(row.createdDate),
  lastModifiedDate: toNumber(row.lastModifiedDate),
});
