import { Type, type Static } from 'typebox';
import { DATA_TYPES, RELATION_TYPES } from '../../../contract/index';
import { CaptionsBody, CaptionsSchema, Nullable } from './common';
import { IntegerOrNull, StringOrNull } from './or-null';

/** A table or column of a relation body: `{id}` (a name is accepted where no id is given). */
const Reference = Nullable(
  Type.Object({
    id: Type.Optional(IntegerOrNull({ minimum: 1 })),
    name: Type.Optional(StringOrNull({ maxLength: 1000 })),
  }),
);

export const RelationBody = Type.Object(
  {
    name: Type.Optional(StringOrNull({ maxLength: 1000 })),
    caption: Type.Optional(StringOrNull({ maxLength: 200 })),
    captions: CaptionsBody(),
    description: Type.Optional(StringOrNull({ maxLength: 4000 })),
    relationType: Type.Optional(Type.Enum(RELATION_TYPES)),
    fromTable: Type.Optional(Reference),
    toTable: Type.Optional(Reference),
    fromColumn: Type.Optional(Reference),
    toColumn: Type.Optional(Reference),
  },
  {
    description:
      'Relation metadata (docs/api.md §2.3): tables and columns as `{id}` references. On PATCH only the ' +
      'fields present change',
  },
);
export type RelationBody = Static<typeof RelationBody>;
export type RelationReference = NonNullable<RelationBody['fromTable']>;

const TableRef = Type.Object({ id: Type.Integer(), name: Type.String(), caption: Type.String() });
const ColumnRef = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  caption: Type.String(),
  dataType: Type.Enum(DATA_TYPES),
});

export const RelationSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  caption: Type.String(),
  captions: CaptionsSchema,
  description: Nullable(Type.String()),
  relationType: Type.Enum(RELATION_TYPES),
  fromTable: TableRef,
  toTable: TableRef,
  fromColumn: ColumnRef,
  toColumn: ColumnRef,
  createdDate: Type.Integer({ description: 'epoch milliseconds' }),
  lastModifiedDate: Type.Integer({ description: 'epoch milliseconds' }),
});
