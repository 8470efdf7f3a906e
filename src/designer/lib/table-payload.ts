import { isHistoryKeepMode, normalizeCaptions, type Column, type Table } from '../../../contract';
import { tidyColumn, type ColumnDraft } from './column-draft';
import type { TableDraft } from './table-draft';

const blankToNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

export interface ColumnPayloadOptions {
  /** Send the column's id (an edit keeps the stored columns). */
  keepId: boolean;
  /** The column had a sequence when loaded: "no sequence" must then be sent to clear it. */
  hadSequence?: boolean;
}

/**
 * A grid row as the API wants it: no client key or timestamps, display order = grid position.
 * "No sequence" is sent only to clear a stored one; otherwise `seqId` is left out (absent means
 * none for a new column and unchanged for a stored one).
 */
export const toColumnPayload = (
  row: ColumnDraft,
  displayOrder: number,
  { keepId, hadSequence = false }: ColumnPayloadOptions,
): Column => {
  const { key: _key, createdDate: _created, lastModifiedDate: _modified, id, ...rest } = tidyColumn(row);
  const column: Column = {
    ...rest,
    name: rest.name.trim(),
    caption: (rest.caption ?? '').trim(),
    description: blankToNull(rest.description),
    defaultValue:
      rest.defaultValue === undefined || rest.defaultValue === null || rest.defaultValue === ''
        ? null
        : rest.defaultValue,
    indexName: blankToNull(rest.indexName),
    displayOrder,
  };
  if (rest.captions !== undefined) column.captions = normalizeCaptions(rest.captions);
  if (rest.seqId === undefined || rest.seqId === null) {
    delete column.seqId;
    if (hadSequence) column.seqId = null;
  }
  if (keepId && id !== undefined) column.id = id;
  return column;
};

/**
 * The body of `POST /api/metadata/tables` (no ids anywhere) or `PATCH /api/metadata/tables/{id}`
 * (columns still in the grid keep their id, new ones have none, removed ones are absent, so the
 * server drops them). Indexes are not sent: the index editor owns them.
 */
export const buildTablePayload = (
  draft: TableDraft,
  { isNew, stored }: { isNew: boolean; stored?: Pick<Table, 'columns' | 'captions'> },
): Table => {
  const sequenced = new Set(
    (stored?.columns ?? [])
      .filter((c) => c.id !== undefined && c.seqId !== null && c.seqId !== undefined)
      .map((c) => c.id),
  );
  const table: Table = {
    name: draft.name.trim(),
    pluralName: draft.pluralName.trim(),
    tableName: draft.tableName.trim(),
    caption: draft.caption.trim(),
    captions: normalizeCaptions({ ...stored?.captions, 'en-US': draft.captionEn }),
    description: blankToNull(draft.description),
    engine: blankToNull(draft.engine),
    titleColumn: draft.columns.some((column) => column.name === draft.titleColumn) ? draft.titleColumn : null,
    historyMode: draft.historyMode,
    historyKeep: isHistoryKeepMode(draft.historyMode) ? draft.historyKeep : null,
    columns: draft.columns.map((row, index) =>
      toColumnPayload(row, index, { keepId: !isNew, hadSequence: !isNew && sequenced.has(row.id) }),
    ),
  };
  if (isNew) table.reverse = false;
  return table;
};

export interface ColumnChanges {
  added: string[];
  removed: string[];
  renamed: { from: string; to: string }[];
  retyped: { name: string; from: string; to: string }[];
}

const typeText = (column: Column): string => {
  if (column.length) return `${column.dataType}(${column.length})`;
  if (column.precision)
    return `${column.dataType}(${column.precision}${column.scale !== null && column.scale !== undefined ? `,${column.scale}` : ''})`;
  return column.dataType;
};

/** What the save will do to the stored columns (shown in the confirm step of an edit). */
export const summariseColumnChanges = (
  stored: readonly Column[],
  rows: readonly ColumnDraft[],
): ColumnChanges => {
  const byId = new Map(stored.filter((c) => c.id !== undefined).map((c) => [c.id, c]));
  const kept = new Set(rows.map((row) => row.id).filter((id) => id !== undefined));
  const changes: ColumnChanges = { added: [], removed: [], renamed: [], retyped: [] };
  for (const row of rows) {
    const before = row.id !== undefined ? byId.get(row.id) : undefined;
    if (!before) {
      changes.added.push(row.name);
      continue;
    }
    if (before.name !== row.name) changes.renamed.push({ from: before.name, to: row.name });
    const after = tidyColumn(row);
    if (typeText(tidyColumn(before)) !== typeText(after))
      changes.retyped.push({ name: row.name, from: typeText(before), to: typeText(after) });
  }
  for (const column of stored)
    if (column.id !== undefined && !kept.has(column.id)) changes.removed.push(column.name);
  return changes;
};

export const hasColumnChanges = (changes: ColumnChanges): boolean =>
  changes.added.length + changes.removed.length + changes.renamed.length + changes.retyped.length > 0;
