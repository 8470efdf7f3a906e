import type { Captions } from './captions';
import type { ChoiceOption } from './choice';
import type { DataType, IndexStorage, IndexType, RelationType, SequenceType } from './data-types';
import type { HistoryMode } from './history-retention';

/** Epoch milliseconds (metadata timestamps, crudapi style). */
export type EpochMillis = number;

export interface Column {
  id?: number;
  name: string;
  caption?: string;
  /** Captions per UI language; `caption` is shown where a language has none. */
  captions?: Captions | null;
  description?: string | null;
  displayOrder?: number;
  dataType: DataType;
  length?: number | null;
  precision?: number | null;
  scale?: number | null;
  unsigned?: boolean;
  indexType?: IndexType | null;
  indexStorage?: IndexStorage | null;
  indexName?: string | null;
  autoIncrement?: boolean;
  seqId?: number | null;
  nullable?: boolean;
  defaultValue?: string | null;
  insertable?: boolean;
  updatable?: boolean;
  queryable?: boolean;
  displayable?: boolean;
  systemable?: boolean;
  /**
   * Relation columns: the column holds several keys (a comma list). Choice columns: several of
   * the options may be chosen (stored as a comma list, `a,b`).
   */
  multipleValue?: boolean;
  /**
   * **[ext]** A choice column's allowed values, in the order they are offered (docs/contract.md,
   * "Choice columns"); null or absent: any value of the column's type.
   */
  options?: ChoiceOption[] | null;
  /**
   * **[ext]** The physical type as the database names it (`uuid`, `jsonb`, `inet`, `integer[]`...)
   * when `dataType` only approximates it; null otherwise. Set by reverse engineering only; filters,
   * search and sorting follow it (docs/api.md §2.1, "Native types").
   */
  nativeType?: string | null;
  /**
   * **[ext]** The database's own default expression (`gen_random_uuid()`, `now()`, `nextval(...)`)
   * when it is not a literal crudboard can hold in `defaultValue`; null otherwise. Set by reverse
   * engineering only: a create may leave such a column out, the database fills it.
   */
  nativeDefault?: string | null;
  createdDate?: EpochMillis;
  lastModifiedDate?: EpochMillis;
}

export interface IndexLine {
  id?: number;
  column: { id?: number; name: string };
}

export interface Index {
  id?: number;
  name: string;
  caption?: string;
  description?: string | null;
  indexType: Exclude<IndexType, 'NONE' | 'FULLTEXT'>;
  indexStorage?: Exclude<IndexStorage, 'NONE'> | null;
  createdDate?: EpochMillis;
  lastModifiedDate?: EpochMillis;
  indexLines: IndexLine[];
  /** Web-app only: a row added in the index editor and not saved yet. */
  isNewRow?: boolean;
}

export interface Table {
  id?: number;
  name: string;
  pluralName?: string;
  tableName?: string;
  caption?: string;
  /** Captions per UI language; `caption` is shown where a language has none. */
  captions?: Captions | null;
  description?: string | null;
  engine?: string | null;
  reverse?: boolean;
  systemable?: boolean;
  readOnly?: boolean;
  /**
   * The column whose value names a record wherever it is shown by reference (relation cells,
   * pickers, confirmations); null: the first text column that is not a system one, else the key.
   */
  titleColumn?: string | null;
  /** Whether and how long its records' history is kept (contract/history-retention.ts); default `on`. */
  historyMode?: HistoryMode;
  /** Days (`days`) or revisions per record (`revisions`) kept; null for `on` / `off`. */
  historyKeep?: number | null;
  primaryNames?: string[];
  columns: Column[];
  indexs?: Index[];
  createdDate?: EpochMillis;
  lastModifiedDate?: EpochMillis;
}

export interface Sequence {
  id?: number;
  name: string;
  caption?: string;
  description?: string | null;
  sequenceType: SequenceType;
  currentTime?: boolean;
  format?: string | null;
  minValue?: number | null;
  maxValue?: number | null;
  nextValue?: number | null;
  incrementBy?: number | null;
  cycle?: boolean;
  createdDate?: EpochMillis;
  lastModifiedDate?: EpochMillis;
}

export interface TableRef {
  id: number;
  name?: string;
  caption?: string;
}

export interface ColumnRef {
  id: number;
  name?: string;
}

export interface Relation {
  id?: number;
  name: string;
  caption?: string;
  /** Captions per UI language; `caption` is shown where a language has none. */
  captions?: Captions | null;
  description?: string | null;
  relationType: RelationType;
  fromTable: TableRef;
  toTable: TableRef;
  fromColumn: ColumnRef;
  toColumn: ColumnRef;
  createdDate?: EpochMillis;
  lastModifiedDate?: EpochMillis;
}

/** `GET /api/metadata/dataSources` item. */
export interface DataSourceInfo {
  name: string;
  caption: string;
  database: string;
  client: 'sqlite' | 'pg' | 'mysql';
}
