/** Column data types of API.md §2.1. */
export const DATA_TYPES = [
  'CHAR',
  'VARCHAR',
  'TEXT',
  'LONGTEXT',
  'TINYINT',
  'SMALLINT',
  'MEDIUMINT',
  'INT',
  'BIGINT',
  'FLOAT',
  'DOUBLE',
  'DECIMAL',
  'DATE',
  'TIME',
  'DATETIME',
  'BOOL',
  'ATTACHMENT',
  'PASSWORD',
] as const;
export type DataType = (typeof DATA_TYPES)[number];

export const INDEX_TYPES = ['NONE', 'PRIMARY', 'UNIQUE', 'INDEX', 'FULLTEXT'] as const;
export type IndexType = (typeof INDEX_TYPES)[number];

export const INDEX_STORAGES = ['NONE', 'BTREE', 'HASH'] as const;
export type IndexStorage = (typeof INDEX_STORAGES)[number];

export const RELATION_TYPES = ['OneToMany', 'ManyToOne', 'OneToOneMainToSub', 'OneToOneSubToMain'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

export const SEQUENCE_TYPES = ['STRING', 'LONG', 'GUID'] as const;
export type SequenceType = (typeof SEQUENCE_TYPES)[number];
