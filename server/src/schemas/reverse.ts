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
  columns: Type.Array(
    Type.Object({
      name: Type.String(),
      type: Type.String({ description: 'the type as the database reports it' }),
      nullable: Type.Boolean(),
      key: Type.Union([Type.Literal('PRI'), Type.Literal('UNI'), Type.Literal('MUL'), Type.Literal('')]),
      default: Nullable(Type.String({ description: 'the default as SQL text' })),
      autoIncrement: Type.Boolean(),
      comment: Nullable(Type.String()),
    }),
  ),
  indexs: Type.Array(
    Type.Object({
      name: Type.String(),
      unique: Type.Boolean(),
      columns: Type.Array(Type.String()),
      type: Nullable(Type.String()),
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
