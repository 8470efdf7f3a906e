import { Type } from 'typebox';
import { HISTORY_MODES } from '../../../contract/index';
import { CLIENTS } from '../config';
import { CaptionsSchema, Nullable } from './common';

const ColumnSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  caption: Type.String(),
  captions: CaptionsSchema,
  description: Nullable(Type.String()),
  displayOrder: Type.Integer(),
  dataType: Type.String(),
  length: Nullable(Type.Integer()),
  precision: Nullable(Type.Integer()),
  scale: Nullable(Type.Integer()),
  unsigned: Type.Boolean(),
  indexType: Nullable(Type.String()),
  indexStorage: Nullable(Type.String()),
  indexName: Nullable(Type.String()),
  autoIncrement: Type.Boolean(),
  seqId: Nullable(Type.Integer()),
  nullable: Type.Boolean(),
  defaultValue: Nullable(Type.String()),
  insertable: Type.Boolean(),
  updatable: Type.Boolean(),
  queryable: Type.Boolean(),
  displayable: Type.Boolean(),
  systemable: Type.Boolean(),
  multipleValue: Type.Boolean(),
  options: Type.Optional(
    Nullable(
      Type.Array(
        Type.Object({
          value: Type.String(),
          captions: Type.Optional(CaptionsSchema),
          color: Type.Optional(Nullable(Type.String())),
        }),
        { description: "a choice column's allowed values, in order" },
      ),
    ),
  ),
  nativeType: Type.Optional(
    Nullable(Type.String({ description: 'reversed tables: the physical type the data type approximates' })),
  ),
  nativeDefault: Type.Optional(
    Nullable(Type.String({ description: "reversed tables: the database's default expression" })),
  ),
  createdDate: Type.Integer({ description: 'epoch milliseconds' }),
  lastModifiedDate: Type.Integer({ description: 'epoch milliseconds' }),
});

const IndexSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  caption: Type.String(),
  description: Nullable(Type.String()),
  indexType: Type.String(),
  indexStorage: Nullable(Type.String()),
  createdDate: Type.Integer(),
  lastModifiedDate: Type.Integer(),
  indexLines: Type.Array(
    Type.Object({ id: Type.Integer(), column: Type.Object({ id: Type.Integer(), name: Type.String() }) }),
  ),
});

export const TableSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  pluralName: Type.String(),
  tableName: Type.String(),
  caption: Type.String(),
  captions: CaptionsSchema,
  description: Nullable(Type.String()),
  engine: Nullable(Type.String()),
  reverse: Type.Boolean(),
  systemable: Type.Boolean(),
  readOnly: Type.Boolean(),
  titleColumn: Nullable(
    Type.String({ description: 'the column naming a record where it is shown by reference; null: default' }),
  ),
  historyMode: Type.Enum(HISTORY_MODES, {
    description:
      'record history: on, off, days (keep historyKeep days), revisions (keep historyKeep per record)',
  }),
  historyKeep: Nullable(
    Type.Integer({ description: 'days or revisions per record kept; null for on / off' }),
  ),
  primaryNames: Type.Array(Type.String()),
  columns: Type.Array(ColumnSchema),
  indexs: Type.Array(IndexSchema),
  createdDate: Type.Integer(),
  lastModifiedDate: Type.Integer(),
});

export const DataSourceInfoSchema = Type.Object({
  name: Type.String(),
  caption: Type.String(),
  database: Type.String(),
  client: Type.Enum(CLIENTS),
});
