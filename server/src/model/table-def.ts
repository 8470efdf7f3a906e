import type {
  Captions,
  ChoiceOption,
  DataType,
  HistoryMode,
  IndexStorage,
  IndexType,
} from '../../../contract/index';

/**
 * A column as the table services work with it: every field present, lengths and precisions
 * normalised (what the physical column really is). `id` is absent for a column not stored yet.
 */
export interface ColumnDef {
  id?: number;
  name: string;
  caption: string;
  /** Captions per UI language (null: none). */
  captions: Captions | null;
  description: string | null;
  displayOrder: number;
  dataType: DataType;
  length: number | null;
  precision: number | null;
  scale: number | null;
  unsigned: boolean;
  indexType: IndexType | null;
  indexStorage: IndexStorage | null;
  indexName: string | null;
  autoIncrement: boolean;
  seqId: number | null;
  nullable: boolean;
  defaultValue: string | null;
  insertable: boolean;
  updatable: boolean;
  queryable: boolean;
  displayable: boolean;
  systemable: boolean;
  multipleValue: boolean;
  /** A choice column's allowed values (null: not a choice column). */
  options: ChoiceOption[] | null;
  /** Reversed tables: the physical type when `dataType` only approximates it (contract `Column`). */
  nativeType: string | null;
  /** Reversed tables: the database's default expression that `defaultValue` cannot hold. */
  nativeDefault: string | null;
}

export type CompositeIndexType = 'PRIMARY' | 'UNIQUE' | 'INDEX';

/** A composite index (`indexs` of docs/api.md §2.1); `columns` are column names of the same table. */
export interface IndexDef {
  id?: number;
  name: string;
  caption: string;
  description: string | null;
  indexType: CompositeIndexType;
  indexStorage: Exclude<IndexStorage, 'NONE'> | null;
  columns: string[];
}

export interface TableDef {
  id?: number;
  name: string;
  pluralName: string | null;
  tableName: string;
  caption: string;
  /** Captions per UI language (null: none). */
  captions: Captions | null;
  description: string | null;
  engine: string | null;
  reverse: boolean;
  systemable: boolean;
  readOnly: boolean;
  /** The column naming a record where it is shown by reference (null: the default rule). */
  titleColumn: string | null;
  /** Whether and how long its records' history is kept (contract/history-retention.ts). */
  historyMode: HistoryMode;
  /** Days or revisions per record kept (`days`, `revisions`); null otherwise. */
  historyKeep: number | null;
  columns: ColumnDef[];
  indexs: IndexDef[];
}

/** Key columns: the PRIMARY-marked column, else the columns of the PRIMARY composite index. */
export const primaryColumnsOf = (table: Pick<TableDef, 'columns' | 'indexs'>): string[] => {
  const marked = table.columns
    .filter((column) => column.indexType === 'PRIMARY')
    .map((column) => column.name);
  if (marked.length > 0) return marked;
  return table.indexs.find((index) => index.indexType === 'PRIMARY')?.columns ?? [];
};
