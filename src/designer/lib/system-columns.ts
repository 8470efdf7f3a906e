import {
  SYSTEM_COLUMN_CAPTIONS,
  SYSTEM_COLUMN_NAMES,
  SYSTEM_COLUMNS,
  type Column,
  type SystemColumnName,
} from '../../../contract';
import { newRowKey, type ColumnDraft } from './column-draft';

/** Chinese captions of the system columns, from the contract's table (the UI passes the current language's). */
export const DEFAULT_SYSTEM_CAPTIONS: Readonly<Record<SystemColumnName, string>> = Object.fromEntries(
  SYSTEM_COLUMN_NAMES.map((name) => [name, SYSTEM_COLUMN_CAPTIONS[name]['zh-CN']]),
) as Record<SystemColumnName, string>;

const NO_FLAGS = { insertable: false, updatable: false, queryable: false, displayable: false } as const;
const QUERYABLE = { ...NO_FLAGS, queryable: true } as const;

type Definition = Omit<Column, 'name' | 'caption' | 'dataType'>;

const BASE: Omit<Column, 'name' | 'dataType'> = {
  description: null,
  length: null,
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
  systemable: true,
  multipleValue: false,
};

/**
 * How the designer drafts each system column (data types and server traits come from the shared
 * table): `id` primary auto-increment; `name` VARCHAR(200); `fullTextBody` FULLTEXT (kept by the
 * server); the stamps and user ids filled by the server; `ownerId` and `isDeleted` defaulted by
 * the server. None of them is asked in a form or shown in the list by default (the user ids can
 * be searched); `name` is the record's label, so it is an ordinary, displayable column.
 */
const DEFINITIONS: Record<SystemColumnName, Definition> = {
  id: {
    ...BASE,
    ...NO_FLAGS,
    unsigned: true,
    indexType: 'PRIMARY',
    indexStorage: 'BTREE',
    autoIncrement: true,
    nullable: false,
  },
  name: {
    ...BASE,
    length: 200,
    nullable: false,
    systemable: false,
    insertable: true,
    updatable: true,
    queryable: true,
    displayable: true,
  },
  fullTextBody: { ...BASE, ...NO_FLAGS, indexType: 'FULLTEXT' },
  createdDate: { ...BASE, ...NO_FLAGS, nullable: false },
  lastModifiedDate: { ...BASE, ...NO_FLAGS },
  createById: { ...BASE, ...QUERYABLE },
  updateById: { ...BASE, ...QUERYABLE },
  ownerId: { ...BASE, ...QUERYABLE },
  isDeleted: { ...BASE, ...NO_FLAGS },
};

/** The nine columns a new table starts with, in this order. */
export const systemColumns = (captions: Partial<Record<SystemColumnName, string>> = {}): ColumnDraft[] =>
  SYSTEM_COLUMN_NAMES.map((name) => ({
    key: newRowKey(),
    name,
    caption: captions[name] ?? DEFAULT_SYSTEM_CAPTIONS[name],
    captions: { 'en-US': SYSTEM_COLUMN_CAPTIONS[name]['en-US'] },
    dataType: SYSTEM_COLUMNS[name].dataType,
    ...DEFINITIONS[name],
  }));
