import { Type } from 'typebox';
import { Nullable } from './common';

export const PhysicalTableNameParams = Type.Object({
  tableName: Type.String({ minLength: 1, maxLength: 200, description: 'physical table name (any case)' }),
});

export const PhysicalTableSummarySchema = Type.Object({
  tableName: Type.String(),
  comment: Nullable(Type.String()),
});

export const PhysicalTableDescriptionSchema = Type.Object({
  tableName: Type.String(),
  comment: Nullable(Type.String()),
  Name: Type.String({ description: 'MySQL-style spelling of tableName, for crudapi clients' }),
  Engine: Nullable(Type.String()),
  Comment: Type.String(),
  columns: Type.Array(
    Type.Object({
      name: Type.String(),
      type: Type.String({ description: 'the type as the database reports it' }),
      nullable: Type.Boolean(),
      key: Type.Union([Type.Literal('PRI'), Type.Literal('UNI'), Type.Literal('MUL'), Type.Literal('')]),
      default: Nullable(Type.String({ description: 'the default as SQL text' })),
      autoIncrement: Type.Boolean(),
      comment: Nullable(Type.String()),
      Field: Type.String(),
      Type: Type.String(),
      Null: Type.Union([Type.Literal('YES'), Type.Literal('NO')]),
      Key: Type.String(),
      Default: Nullable(Type.String()),
      Extra: Type.String(),
      Comment: Type.String(),
    }),
  ),
  indexs: Type.Array(
    Type.Object({
      name: Type.String(),
      unique: Type.Boolean(),
      columns: Type.Array(Type.String()),
      type: Nullable(Type.String()),
      Key_name: Type.String(),
      Column_name: Type.String({ description: 'the first column' }),
      Non_unique: Type.Integer(),
      Index_type: Type.String(),
      Seq_in_index: Type.Integer(),
    }),
  ),
  foreignKeys: Type.Array(
    Type.Object({ column: Type.String(), refTable: Type.String(), refColumn: Type.String() }),
  ),
});

export const ReverseOneBody = Type.Object({}, { description: 'empty object' });

export const ReverseManyBody = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
  minItems: 1,
  maxItems: 1000,
  description: 'physical table names',
});
