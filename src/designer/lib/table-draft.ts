import type { HistoryMode, Table } from '../../../contract';
import { toColumnDrafts, type ColumnDraft } from './column-draft';
import type { SystemColumnName } from '../../../contract';
import { systemColumns } from './system-columns';

/** What the table designer edits: the table fields and the column grid. */
export interface TableDraft {
  name: string;
  pluralName: string;
  tableName: string;
  caption: string;
  /** The English caption (`captions['en-US']`), as typed. */
  captionEn: string;
  description: string;
  engine: string | null;
  /** The column that names a record where it is shown by reference; null: the default rule. */
  titleColumn: string | null;
  /** Whether and how long the records' history is kept (contract/history-retention.ts). */
  historyMode: HistoryMode;
  /** Days or revisions per record kept (`days`, `revisions`); null otherwise. */
  historyKeep: number | null;
  columns: ColumnDraft[];
}

/** A new table: blank fields and the nine system columns. */
export const newTableDraft = (captions?: Partial<Record<SystemColumnName, string>>): TableDraft => ({
  name: '',
  pluralName: '',
  tableName: '',
  caption: '',
  captionEn: '',
  description: '',
  engine: null,
  titleColumn: null,
  historyMode: 'on',
  historyKeep: null,
  columns: systemColumns(captions),
});

/** A stored table as the designer edits it. */
export const toTableDraft = (table: Table): TableDraft => ({
  name: table.name ?? '',
  pluralName: table.pluralName ?? '',
  tableName: table.tableName ?? '',
  caption: table.caption ?? '',
  captionEn: table.captions?.['en-US'] ?? '',
  description: table.description ?? '',
  engine: table.engine ?? null,
  titleColumn: table.titleColumn ?? null,
  historyMode: table.historyMode ?? 'on',
  historyKeep: table.historyKeep ?? null,
  columns: toColumnDrafts(table.columns ?? []),
});

/**
 * The draft with its grid replaced by `columns`, the title column following its row: renamed with
 * it, and back to the default rule (null) once that row is removed.
 */
export const withColumns = (draft: TableDraft, columns: ColumnDraft[]): TableDraft => {
  if (draft.titleColumn === null) return { ...draft, columns };
  const row = draft.columns.find((column) => column.name === draft.titleColumn);
  const next = row ? columns.find((column) => column.key === row.key) : undefined;
  return { ...draft, columns, titleColumn: next ? next.name : null };
};
