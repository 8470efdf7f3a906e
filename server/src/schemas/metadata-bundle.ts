import { Type, type Static } from 'typebox';
import { RELATION_TYPES } from '../../../contract/index';
import { CaptionsBody } from './common';
import { ArrayOrNull, IntegerOrNull, StringOrNull } from './or-null';
import { SequenceBody } from './sequence-body';
import { TableBody } from './table-body';

const Id = Type.Optional(IntegerOrNull({ description: 'id in the exporting data source; remapped' }));

/** A table or column of a relation in a file: by the file's id, or by name. */
const Reference = Type.Object({
  id: Type.Optional(IntegerOrNull()),
  name: Type.Optional(StringOrNull({ maxLength: 1000 })),
});

export const BundleSequence = Type.Object({ ...SequenceBody.properties, id: Id });
export const BundleTable = Type.Object({ ...TableBody.properties, id: Id });
export const BundleRelation = Type.Object({
  id: Id,
  name: Type.Optional(StringOrNull({ maxLength: 1000 })),
  caption: Type.Optional(StringOrNull({ maxLength: 200 })),
  captions: CaptionsBody(),
  description: Type.Optional(StringOrNull({ maxLength: 4000 })),
  relationType: Type.Optional(Type.Enum(RELATION_TYPES)),
  fromTable: Reference,
  toTable: Reference,
  fromColumn: Reference,
  toColumn: Reference,
});

export const BundleLayout = Type.Object(
  {
    id: Id,
    tableId: Type.Optional(IntegerOrNull({ description: 'id of a table of the file' })),
    name: Type.Optional(StringOrNull({ maxLength: 200 })),
    device: Type.Optional(Type.Enum(['pc', 'pad', 'phone'])),
    type: Type.Optional(Type.Enum(['create', 'update', 'list'])),
    body: Type.Optional(StringOrNull({ maxLength: 1_000_000, description: 'JSON text' })),
  },
  { description: 'a form layout (tableFormBuilder record) of a table of the file' },
);

export const BundleTablePermission = Type.Object(
  {
    tableId: Type.Optional(IntegerOrNull({ description: 'id of a table of the file' })),
    roleCode: Type.Optional(StringOrNull({ maxLength: 200, description: 'the role, by its code' })),
    permissions: Type.Optional(StringOrNull({ maxLength: 10_000, description: 'comma-separated codes' })),
    columns: Type.Optional(
      StringOrNull({ maxLength: 1_000_000, description: 'column rules, JSON text; column ids of the file' }),
    ),
    rowRules: Type.Optional(StringOrNull({ maxLength: 1_000_000, description: 'row rules, JSON text' })),
  },
  { description: "a role's table permission (column and row rules) on a table of the file" },
);

export const MetadataBundleBody = Type.Object(
  {
    sequences: Type.Optional(ArrayOrNull(BundleSequence, { maxItems: 1000 })),
    tables: Type.Optional(ArrayOrNull(BundleTable, { maxItems: 1000 })),
    tableRelations: Type.Optional(ArrayOrNull(BundleRelation, { maxItems: 10000 })),
    tableFormBuilders: Type.Optional(ArrayOrNull(BundleLayout, { maxItems: 10000 })),
    /** crudapi's name for `tableFormBuilders`. */
    tableBuilders: Type.Optional(ArrayOrNull(BundleLayout, { maxItems: 10000 })),
    tablePermissions: Type.Optional(ArrayOrNull(BundleTablePermission, { maxItems: 10000 })),
  },
  {
    description:
      'A metadata file (docs/api.md §2.1): tables with their columns and indexes, the sequences their ' +
      'columns use, the relations between them; ids are the exporting data source’s and are remapped',
  },
);
export type MetadataBundleBody = Static<typeof MetadataBundleBody>;
export type BundleTable = Static<typeof BundleTable>;
export type BundleRelation = Static<typeof BundleRelation>;
export type BundleLayout = Static<typeof BundleLayout>;
export type BundleTablePermission = Static<typeof BundleTablePermission>;
