import type { Column } from '../../contract';
import { newRowKey, type ColumnDraft } from './column-draft';

export const SYSTEM_COLUMN_NAMES = [
  'id',
  'name',
  'fullTextBody',
  'createdDate',
  'lastModifiedDate',
  'createById',
  'updateById',
  'ownerId',
  'isDeleted',
] as const;
export type SystemColumnName = (typeof SYSTEM_COLUMN_NAMES)[number];

/** Captions of the system columns (the UI passes the current language's). */
export const DEFAULT_SYSTEM_CAPTIONS: Record<SystemColumnName, string> = {
  id: '编号',
  name: '名称',
  fullTextBody: '全文索引',
  createdDate: '创建时间',
  lastModifiedDate: '修改时间',
  createById: '创建者编号',
  updateById: '修改者编号',
  ownerId: '所有者编号',
  isDeleted: '是否删除',
};

const NO_FLAGS = { insertable: false, updatable: false, queryable: false, displayable: false } as const;
const EDITABLE = { insertable: true, updatable: true, queryable: true, displayable: false } as const;

type Definition = Omit<Column, 'name' | 'caption'>;

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
 * API.md §2.1: `id` BIGINT primary auto-increment; `name` VARCHAR(200); `fullTextBody` TEXT
 * FULLTEXT (kept by the server); `createdDate`, `lastModifiedDate` DATETIME and `createById`,
 * `updateById` (filled by the server); `ownerId` BIGINT and `isDeleted` BOOL (defaulted by the
 * server, editable). `name` is the record's label, so it is an ordinary, displayable column.
 */
const DEFINITIONS: Record<SystemColumnName, Definition> = {
  id: {
    ...BASE,
    ...NO_FLAGS,
    dataType: 'BIGINT',
    unsigned: true,
    indexType: 'PRIMARY',
    indexStorage: 'BTREE',
    autoIncrement: true,
    nullable: false,
  },
  name: {
    ...BASE,
    dataType: 'VARCHAR',
    length: 200,
    nullable: false,
    systemable: false,
    insertable: true,
    updatable: true,
    queryable: true,
    displayable: true,
  },
  fullTextBody: { ...BASE, ...NO_FLAGS, dataType: 'TEXT', indexType: 'FULLTEXT' },
  createdDate: { ...BASE, ...NO_FLAGS, dataType: 'DATETIME', nullable: false },
  lastModifiedDate: { ...BASE, ...NO_FLAGS, dataType: 'DATETIME' },
  createById: { ...BASE, ...NO_FLAGS, dataType: 'BIGINT', queryable: true },
  updateById: { ...BASE, ...NO_FLAGS, dataType: 'BIGINT', queryable: true },
  ownerId: { ...BASE, ...EDITABLE, dataType: 'BIGINT' },
  isDeleted: { ...BASE, ...EDITABLE, dataType: 'BOOL' },
};

/** The nine columns a new table starts with, in this order. */
export const systemColumns = (captions: Partial<Record<SystemColumnName, string>> = {}): ColumnDraft[] =>
  SYSTEM_COLUMN_NAMES.map((name) => ({
    key: newRowKey(),
    name,
    caption: captions[name] ?? DEFAULT_SYSTEM_CAPTIONS[name],
    ...DEFINITIONS[name],
  }));

export const isSystemColumnName = (name: string): name is SystemColumnName =>
  (SYSTEM_COLUMN_NAMES as readonly string[]).includes(name);
