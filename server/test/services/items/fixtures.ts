import type { DataType } from '../../../../contract/index';
import type { StoredColumn, StoredTable } from '../../../src/services/metadata-rows';

let nextId = 1;

export const stored = (
  name: string,
  dataType: DataType,
  extra: Partial<StoredColumn> = {},
): StoredColumn => ({
  id: nextId++,
  name,
  caption: name,
  description: null,
  displayOrder: 0,
  dataType,
  length: null,
  precision: null,
  scale: null,
  unsigned: false,
  indexType: null,
  indexStorage: null,
  indexName: null,
  autoIncrement: false,
  seqId: null,
  nullable: true,
  defaultValue: null,
  insertable: true,
  updatable: true,
  queryable: false,
  displayable: false,
  systemable: false,
  multipleValue: false,
  createdDate: 0,
  lastModifiedDate: 0,
  ...extra,
});

/** The columns the web app pre-fills for a new table, plus a few of every kind. */
export const ORDER_COLUMNS: StoredColumn[] = [
  stored('id', 'BIGINT', {
    indexType: 'PRIMARY',
    autoIncrement: true,
    nullable: false,
    insertable: false,
    updatable: false,
  }),
  stored('name', 'VARCHAR', { length: 20, nullable: false, queryable: true, displayable: true }),
  stored('fullTextBody', 'TEXT', { indexType: 'FULLTEXT' }),
  stored('createdDate', 'DATETIME', { nullable: false, insertable: false, updatable: false }),
  stored('lastModifiedDate', 'DATETIME', { insertable: false, updatable: false }),
  stored('createById', 'BIGINT', { queryable: true }),
  stored('updateById', 'BIGINT', { queryable: true }),
  stored('ownerId', 'BIGINT', { queryable: true }),
  stored('isDeleted', 'BOOL', { queryable: true }),
  stored('customerId', 'BIGINT', { queryable: true }),
  stored('note', 'TEXT', { queryable: true }),
  stored('qty', 'INT', { nullable: false, defaultValue: '1', queryable: true }),
  stored('total', 'DECIMAL', { precision: 10, scale: 2, queryable: true }),
  stored('paid', 'BOOL', { queryable: true }),
  stored('secret', 'PASSWORD'),
  stored('code', 'VARCHAR', { length: 10, nullable: false, seqId: 3, queryable: true }),
  stored('locked', 'VARCHAR', { length: 10, insertable: true, updatable: false }),
  stored('hidden', 'VARCHAR', { length: 10, insertable: false, updatable: true }),
  stored('receipt', 'ATTACHMENT', { queryable: true }),
];

export const tableOf = (
  tableName: string,
  columns: StoredColumn[],
  extra: Partial<StoredTable> = {},
): StoredTable => ({
  id: nextId++,
  name: tableName,
  pluralName: tableName,
  tableName,
  caption: tableName,
  description: null,
  engine: null,
  reverse: false,
  systemable: false,
  readOnly: false,
  primaryNames: columns.filter((column) => column.indexType === 'PRIMARY').map((column) => column.name),
  columns,
  indexs: [],
  createdDate: 0,
  lastModifiedDate: 0,
  ...extra,
});
