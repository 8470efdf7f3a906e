import { Type } from 'typebox';
import { pagingQuery } from './paging';

const text = () => Type.Optional(Type.String({ maxLength: 200 }));
const flag = () => Type.Optional(Type.Boolean());

const filters = {
  search: Type.Optional(
    Type.String({ maxLength: 200, description: 'substring of name or caption, any case' }),
  ),
  name: text(),
  pluralName: text(),
  tableName: text(),
  caption: text(),
  engine: text(),
  reverse: flag(),
  systemable: flag(),
  readOnly: flag(),
};

export const TableCountQuery = Type.Object(filters);
export const TableListQuery = Type.Object({ ...pagingQuery(), ...filters });

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const NameParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) });

export const ConfirmQuery = Type.Object({
  confirmDataLoss: Type.Boolean({
    default: false,
    description: 'accept a change that truncates or drops existing data (else 409 listing it)',
  }),
});

export const DropQuery = Type.Object({
  isDropPhysicalTable: Type.Boolean({ default: false, description: 'also drop the physical tables' }),
});

export const IdList = Type.Array(Type.Integer({ minimum: 1 }), {
  minItems: 1,
  maxItems: 1000,
  description: 'ids to delete; an empty or missing list is refused',
});

/** GET / PATCH /api/metadata/tables/:id/row-count. */
export const TableRowCountSchema = Type.Object({
  owned: Type.Boolean({
    description: 'crudboard made the table (its count is kept where the database needs it)',
  }),
  kept: Type.Boolean({ description: 'an exact row count is kept beside the table by triggers' }),
  estimatedRows: Type.Union([Type.Integer(), Type.Null()], {
    description: "the database statistics' estimate of the rows",
  }),
  notKept: Type.Union(
    [
      Type.Literal('cheap'),
      Type.Literal('view'),
      Type.Literal('engine'),
      Type.Literal('cascade'),
      Type.Literal('privilege'),
      Type.Null(),
    ],
    { description: 'why the count cannot be kept (cheap: the database counts quickly anyway)' },
  ),
});
export const TableRowCountBody = Type.Object({ kept: Type.Boolean() }, { additionalProperties: false });

export const TableSchemaStateSchema = Type.Object({
  inStep: Type.Boolean({
    description:
      'the physical table has every column the metadata lists, and no schema change of it is unfinished',
  }),
  unfinishedChange: Type.Boolean({
    description:
      'a schema change of the table was left half-applied by a server that stopped (MySQL / MariaDB)',
  }),
  missingColumns: Type.Array(Type.String(), {
    description: 'columns the metadata lists that the physical table does not have',
  }),
  extraColumns: Type.Array(Type.String(), {
    description: 'columns of the physical table the metadata does not list',
  }),
});

export const RowRulePreviewBody = Type.Object(
  {
    rowRules: Type.Union([Type.String({ maxLength: 100_000 }), Type.Null()], {
      description: 'row rules as a table permission holds them (JSON text), saved or not',
    }),
    userId: Type.Integer({ minimum: 1, description: 'the user whose variables fill the rule' }),
  },
  { additionalProperties: false },
);

export const RowRulePreviewSchema = Type.Object({
  matched: Type.Integer({ description: 'records the read rule lets the user see' }),
  total: Type.Integer({ description: 'records of the table' }),
  limited: Type.Boolean({ description: 'false when the rules hold no read rule' }),
});
