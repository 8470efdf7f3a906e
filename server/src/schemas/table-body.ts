import { Type, type Static } from 'typebox';
import { DATA_TYPES, INDEX_STORAGES, INDEX_TYPES } from '../../../contract/index';
import { CaptionsBody } from './common';
import { ArrayOrNull, BooleanOrNull, EnumOrNull, IntegerOrNull, NumberOrNull, StringOrNull } from './or-null';

const Flag = Type.Optional(BooleanOrNull());
const Count = Type.Optional(IntegerOrNull());
/** Names are checked by the name rules (pattern, reserved words) so that the message says why. */
const Name = Type.String({ maxLength: 1000 });

export const ColumnBody = Type.Object({
  id: Type.Optional(IntegerOrNull({ description: 'present for a stored column; absent for a new one' })),
  name: Type.Optional(Name),
  caption: Type.Optional(StringOrNull({ maxLength: 200 })),
  captions: CaptionsBody(),
  description: Type.Optional(StringOrNull({ maxLength: 4000 })),
  displayOrder: Count,
  dataType: Type.Optional(Type.Enum(DATA_TYPES)),
  length: Count,
  precision: Count,
  scale: Count,
  unsigned: Flag,
  indexType: Type.Optional(EnumOrNull(INDEX_TYPES)),
  indexStorage: Type.Optional(EnumOrNull(INDEX_STORAGES)),
  indexName: Type.Optional(StringOrNull({ maxLength: 1000 })),
  autoIncrement: Flag,
  seqId: Type.Optional(IntegerOrNull({ description: 'a sequence id; null or -1 for none' })),
  nullable: Flag,
  defaultValue: Type.Optional(StringOrNull({ maxLength: 1000 })),
  insertable: Flag,
  updatable: Flag,
  queryable: Flag,
  displayable: Flag,
  systemable: Flag,
  multipleValue: Flag,
  options: Type.Optional(
    ArrayOrNull(
      Type.Object(
        {
          value: Type.String({ maxLength: 1000 }),
          captions: CaptionsBody("the option's caption per UI language"),
          color: Type.Optional(StringOrNull({ maxLength: 40 })),
        },
        { additionalProperties: false },
      ),
      {
        maxItems: 1000,
        description: "a choice column's allowed values, in order; null or []: not a choice column",
      },
    ),
  ),
});
export type ColumnBody = Static<typeof ColumnBody>;

export const IndexBody = Type.Object({
  id: Type.Optional(IntegerOrNull()),
  name: Type.Optional(Name),
  caption: Type.Optional(StringOrNull({ maxLength: 200 })),
  description: Type.Optional(StringOrNull({ maxLength: 4000 })),
  indexType: Type.Optional(Type.Enum(['PRIMARY', 'UNIQUE', 'INDEX'])),
  indexStorage: Type.Optional(EnumOrNull(INDEX_STORAGES)),
  indexLines: Type.Optional(
    Type.Array(
      Type.Object({
        column: Type.Object({
          id: Type.Optional(IntegerOrNull()),
          name: Type.Optional(StringOrNull({ maxLength: 1000 })),
        }),
      }),
      { maxItems: 64 },
    ),
  ),
});
export type IndexBody = Static<typeof IndexBody>;

export const TableBody = Type.Object(
  {
    name: Type.Optional(Name),
    pluralName: Type.Optional(StringOrNull({ maxLength: 1000 })),
    tableName: Type.Optional(StringOrNull({ maxLength: 1000 })),
    caption: Type.Optional(StringOrNull({ maxLength: 200 })),
    captions: CaptionsBody(),
    description: Type.Optional(StringOrNull({ maxLength: 4000 })),
    engine: Type.Optional(StringOrNull({ maxLength: 32 })),
    reverse: Flag,
    systemable: Flag,
    readOnly: Flag,
    titleColumn: Type.Optional(
      StringOrNull({
        maxLength: 1000,
        description: 'name of a column of the table that names its records; null or "": the default rule',
      }),
    ),
    historyMode: Type.Optional(
      StringOrNull({
        maxLength: 32,
        description:
          'record history: on (default), off, days (keep historyKeep days), revisions (keep historyKeep per record)',
      }),
    ),
    historyKeep: Type.Optional(
      NumberOrNull({
        description: 'days (1–36500) or revisions per record (1–100000) kept; ignored for on / off',
      }),
    ),
    columns: Type.Optional(ArrayOrNull(ColumnBody, { maxItems: 1000 })),
    indexs: Type.Optional(ArrayOrNull(IndexBody, { maxItems: 200 })),
    lastModifiedDate: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
        description: 'PATCH: the lastModifiedDate the client read; an older one than stored is 409',
      }),
    ),
  },
  {
    description:
      'Table metadata (docs/api.md §2.1). On PATCH only the fields present change; `columns` lists every column ' +
      'to keep (stored ones with their id, new ones without), `indexs` every composite index; ' +
      '`lastModifiedDate`, when sent, must not be older than the stored one (else 409, nothing changes).',
  },
);
export type TableBody = Static<typeof TableBody>;
