import { Type } from 'typebox';
import { Nullable } from './common';

export const PhysicalTableNameParams = Type.Object({
  tableName: Type.String({ minLength: 1, maxLength: 200, description: 'physical table name (any case)' }),
});

export const PhysicalTableSummarySchema = Type.Object({
  tableName: Type.String(),
  comment: Nullable(Type.String()),
  view: Type.Boolean({ description: 'a view: reversed read-only, its structure left to the database' }),
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
  view: Type.Boolean({ description: 'a view: reversed read-only, its structure left to the database' }),
  recordKey: Type.Object(
    {
      kind: Type.Union([Type.Literal('primary'), Type.Literal('unique'), Type.Literal('none')]),
      columns: Type.Array(Type.String()),
    },
    {
      description:
        'how its records will be addressed once reversed: the primary key, a unique index over NOT NULL ' +
        'columns, or none (reversed read-only)',
    },
  ),
});

export const ReverseOneBody = Type.Object({}, { description: 'empty object' });

export const ReverseManyBody = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
  minItems: 1,
  maxItems: 1000,
  description: 'physical table names',
});

export const ReverseManyQuery = Type.Object({
  partial: Type.Optional(
    Type.Boolean({
      description:
        'reverse the tables that can be and report the others, instead of refusing the whole batch',
    }),
  ),
});

/** The answer of a partial reverse: what was reversed, what was left out and why, what was approximated. */
export const ReverseReportSchema = Type.Object({
  reversed: Type.Array(Type.Object({ table: Type.String(), id: Type.Integer() })),
  skipped: Type.Array(Type.Object({ table: Type.String(), message: Type.String() })),
  warnings: Type.Array(
    Type.Object(
      { table: Type.String(), reason: Type.String() },
      { additionalProperties: Type.Union([Type.String(), Type.Null()]) },
    ),
  ),
});
