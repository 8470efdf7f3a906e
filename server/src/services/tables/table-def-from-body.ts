import { normalizeCaptions } from '../../../../contract/captions';
import type { ColumnBody, IndexBody, TableBody } from '../../schemas/table-body';
import type { StoredTable } from '../metadata-rows';
import { metadataMessage } from '../../i18n/metadata-messages';
import { columnDefFromBody, newColumnFromBody, normalizeColumnSize } from './column-def-from-body';
import type { ErrorBag } from './error-bag';
import { historyRetentionFromBody } from './history-retention-from-body';
import type { ColumnDef, IndexDef, TableDef } from '../../model/table-def';

const text = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value;

const storage = (value: IndexBody['indexStorage']): IndexDef['indexStorage'] =>
  value === 'BTREE' || value === 'HASH' ? value : null;

/** Metadata as stored, in the shape the table services compare and plan with. */
export const tableDefFromStored = (table: StoredTable): TableDef => ({
  id: table.id,
  name: table.name,
  pluralName: table.pluralName === table.name ? null : table.pluralName,
  tableName: table.tableName,
  caption: table.caption,
  captions: table.captions,
  description: table.description,
  engine: table.engine,
  reverse: table.reverse,
  systemable: table.systemable,
  readOnly: table.readOnly,
  titleColumn: table.titleColumn,
  historyMode: table.historyMode,
  historyKeep: table.historyKeep,
  columns: table.columns.map((column) => {
    const { createdDate: _c, lastModifiedDate: _m, ...rest } = column;
    return normalizeColumnSize({ ...rest, indexType: rest.indexType === 'NONE' ? null : rest.indexType });
  }),
  indexs: table.indexs.map((index) => ({
    id: index.id,
    name: index.name,
    caption: index.caption,
    description: index.description,
    indexType: index.indexType,
    indexStorage: index.indexStorage,
    columns: index.indexLines.map((line) => line.column.name),
  })),
});

/** Resolves index lines to column names of `columns`: by id when given, else by name (any case). */
const resolveLines = (
  body: IndexBody,
  path: string,
  columns: readonly ColumnDef[],
  errors: ErrorBag,
): string[] => {
  const lines = body.indexLines ?? [];
  return lines.map((line, j) => {
    const ref = line.column;
    const found =
      ref.id !== undefined && ref.id !== null
        ? columns.find((column) => column.id === ref.id)
        : columns.find((column) => column.name.toLowerCase() === (ref.name ?? '').toLowerCase());
    if (!found) {
      errors.add(
        `${path}.indexLines.${j}.column`,
        metadataMessage('indexColumnUnknown', { name: ref.name ?? String(ref.id ?? '') }),
      );
      return ref.name ?? '';
    }
    return found.name;
  });
};

const indexFromBody = (
  body: IndexBody,
  path: string,
  base: IndexDef | undefined,
  columns: readonly ColumnDef[],
  errors: ErrorBag,
): IndexDef => {
  const name = body.name ?? base?.name ?? '';
  const indexType = body.indexType ?? base?.indexType;
  if (!indexType) errors.add(`${path}.indexType`, metadataMessage('required'));
  return {
    ...(base?.id === undefined ? {} : { id: base.id }),
    name,
    caption: body.caption !== undefined ? (body.caption ?? '') : (base?.caption ?? name),
    description: body.description !== undefined ? body.description : (base?.description ?? null),
    indexType: indexType ?? 'INDEX',
    indexStorage: body.indexStorage !== undefined ? storage(body.indexStorage) : (base?.indexStorage ?? null),
    columns:
      body.indexLines !== undefined || !base ? resolveLines(body, path, columns, errors) : base.columns,
  };
};

const newColumn = (body: ColumnBody, i: number, errors: ErrorBag): ColumnDef => {
  if (body.dataType === undefined) errors.add(`columns.${i}.dataType`, metadataMessage('required'));
  if (body.name === undefined) errors.add(`columns.${i}.name`, metadataMessage('required'));
  return newColumnFromBody({ ...body, id: null }, i);
};

/**
 * A create body (docs/api.md §2.1 "Table without ids") as a table definition; ids and `systemable` in
 * it are ignored (a systemable table refuses every change, so only crudboard may set the flag).
 */
export const tableDefFromBody = (body: TableBody, errors: ErrorBag): TableDef => {
  const name = body.name ?? '';
  const columns = (body.columns ?? []).map((column, i) => newColumn(column, i, errors));
  return {
    name,
    pluralName: text(body.pluralName),
    tableName: text(body.tableName) ?? name,
    caption: text(body.caption) ?? name,
    captions: normalizeCaptions(body.captions),
    description: text(body.description),
    engine: text(body.engine),
    reverse: body.reverse ?? false,
    // Only crudboard's own system tables are systemable: a body's flag is ignored.
    systemable: false,
    readOnly: body.readOnly ?? false,
    titleColumn: text(body.titleColumn),
    ...historyRetentionFromBody(body, errors),
    columns,
    indexs: (body.indexs ?? []).map((index, i) =>
      indexFromBody(index, `indexs.${i}`, undefined, columns, errors),
    ),
  };
};

const mergeColumns = (
  existing: TableDef,
  body: NonNullable<TableBody['columns']>,
  errors: ErrorBag,
): ColumnDef[] => {
  const seen = new Set<number>();
  return body.map((column, i) => {
    if (column.id === undefined || column.id === null) return newColumn(column, i, errors);
    const stored = existing.columns.find((candidate) => candidate.id === column.id);
    if (!stored || seen.has(column.id)) {
      errors.add(`columns.${i}.id`, metadataMessage('columnIdUnknown', { id: column.id }));
      return newColumnFromBody({ ...column, id: null }, i);
    }
    seen.add(column.id);
    return columnDefFromBody(column, stored);
  });
};

/** Keeps the stored indexes, following renamed columns; a dropped column still in use is an error. */
const carryIndexes = (existing: TableDef, columns: readonly ColumnDef[], errors: ErrorBag): IndexDef[] => {
  const idOf = new Map(existing.columns.map((column) => [column.name, column.id]));
  return existing.indexs.map((index) => ({
    ...index,
    columns: index.columns.map((name) => {
      const current = columns.find((column) => column.id !== undefined && column.id === idOf.get(name));
      if (!current)
        errors.add('columns', metadataMessage('columnInIndex', { column: name, index: index.name }));
      return current?.name ?? name;
    }),
  }));
};

const mergeIndexes = (
  existing: TableDef,
  body: NonNullable<TableBody['indexs']>,
  columns: readonly ColumnDef[],
  errors: ErrorBag,
): IndexDef[] => {
  const seen = new Set<number>();
  return body.map((index, i) => {
    const path = `indexs.${i}`;
    if (index.id === undefined || index.id === null)
      return indexFromBody(index, path, undefined, columns, errors);
    const stored = existing.indexs.find((candidate) => candidate.id === index.id);
    if (!stored || seen.has(index.id)) {
      errors.add(`${path}.id`, metadataMessage('indexIdUnknown', { id: index.id }));
      return indexFromBody(index, path, undefined, columns, errors);
    }
    seen.add(index.id);
    return indexFromBody(index, path, stored, columns, errors);
  });
};

/**
 * The title column after an edit: the body's choice when it names one, else the stored choice
 * following its column through a rename, and null once that column is gone.
 */
const mergedTitleColumn = (existing: TableDef, body: TableBody, columns: ColumnDef[]): string | null => {
  if (body.titleColumn !== undefined) return text(body.titleColumn);
  if (existing.titleColumn === null) return null;
  const stored = existing.columns.find((column) => column.name === existing.titleColumn);
  if (stored?.id === undefined) return null;
  return columns.find((column) => column.id === stored.id)?.name ?? null;
};

/**
 * A PATCH body (docs/api.md §2.1) applied to the stored table: fields present replace stored ones;
 * `columns` (when given) lists every column to keep — stored ones by id, new ones without — and
 * `indexs` (when given) every composite index. `reverse` and `systemable` are kept as stored.
 */
export const mergeTableBody = (existing: TableDef, body: TableBody, errors: ErrorBag): TableDef => {
  const columns = body.columns == null ? existing.columns : mergeColumns(existing, body.columns, errors);
  const indexs =
    body.indexs == null
      ? carryIndexes(existing, columns, errors)
      : mergeIndexes(existing, body.indexs, columns, errors);
  return {
    ...existing,
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.pluralName !== undefined ? { pluralName: text(body.pluralName) } : {}),
    ...(text(body.tableName) !== null ? { tableName: body.tableName as string } : {}),
    ...(body.caption !== undefined ? { caption: body.caption ?? '' } : {}),
    ...(body.captions !== undefined ? { captions: normalizeCaptions(body.captions) } : {}),
    ...(body.description !== undefined ? { description: text(body.description) } : {}),
    ...(body.engine !== undefined ? { engine: text(body.engine) } : {}),
    ...(body.readOnly !== undefined && body.readOnly !== null ? { readOnly: body.readOnly } : {}),
    titleColumn: mergedTitleColumn(existing, body, columns),
    ...historyRetentionFromBody(body, errors, existing),
    columns,
    indexs,
  };
};
