import { Type } from 'typebox';
import { MAX_LATEST_KEYS } from '../../../contract/revision';

// The literals of contract/revision.ts (REVISION_ACTIONS, REVISION_CHANNELS), spelt out so that
// the route's answer type keeps them.
export const RevisionActionSchema = Type.Union(
  [
    Type.Literal('create'),
    Type.Literal('update'),
    Type.Literal('delete'),
    Type.Literal('softDelete'),
    Type.Literal('restore'),
  ],
  { description: 'what the revision did to the record' },
);
export const RevisionChannelSchema = Type.Union(
  [
    Type.Literal('web'),
    Type.Literal('api'),
    Type.Literal('import'),
    Type.Literal('extension'),
    Type.Literal('restore'),
    Type.Literal('flow'),
  ],
  { description: 'how the write reached crudboard' },
);

export const ColumnChangeSchema = Type.Object(
  {
    column: Type.String(),
    old: Type.Optional(Type.Unknown({ description: 'the value before (absent on create)' })),
    new: Type.Optional(Type.Unknown({ description: 'the value after (absent on delete)' })),
    secret: Type.Optional(Type.Literal(true, { description: 'a PASSWORD column changed; no value is kept' })),
  },
  { additionalProperties: false },
);

export const RevisionSchema = Type.Object(
  {
    id: Type.Integer(),
    action: RevisionActionSchema,
    time: Type.Integer({ description: 'epoch milliseconds' }),
    user: Type.Object(
      {
        id: Type.Union([Type.Integer(), Type.Null()]),
        name: Type.Union([Type.String(), Type.Null()], { description: 'the name the user had then' }),
      },
      { additionalProperties: false },
    ),
    channel: RevisionChannelSchema,
    requestId: Type.Union([Type.String(), Type.Null()], {
      description: 'the request that wrote it: revisions of one request share it',
    }),
    changes: Type.Array(ColumnChangeSchema, {
      description: 'the changed columns the reader may read (column rules apply)',
    }),
  },
  { additionalProperties: false },
);

/** A hard-deleted record of a table, as its deleted list sends it (contract/revision.ts DeletedRecord). */
export const DeletedRecordSchema = Type.Object(
  {
    revisionId: Type.Integer({ description: 'the delete revision: restore it to bring the record back' }),
    key: Type.String({ description: 'the record key as URLs write it: the value, or k1=v1,k2=v2' }),
    time: Type.Integer({ description: 'when it was deleted, epoch milliseconds' }),
    user: RevisionSchema.properties.user,
    channel: RevisionChannelSchema,
    requestId: RevisionSchema.properties.requestId,
    values: Type.Record(Type.String(), Type.Unknown(), {
      description:
        'the last values of the columns the reader may read (column rules apply; never a PASSWORD)',
    }),
  },
  { additionalProperties: false },
);

export const DeletedParams = Type.Object({
  table: Type.String({ minLength: 1, maxLength: 200, description: 'name, pluralName or tableName' }),
});

export const DeletedRevisionParams = Type.Object({
  ...DeletedParams.properties,
  revisionId: Type.Integer({ minimum: 1, description: 'a delete revision of this table' }),
});

export const HistoryParams = Type.Object({
  table: Type.String({ minLength: 1, maxLength: 200, description: 'name, pluralName or tableName' }),
  id: Type.String({ minLength: 1, maxLength: 2000, description: 'the key value, or k1=v1,k2=v2' }),
});

export const RevisionParams = Type.Object({
  ...HistoryParams.properties,
  revisionId: Type.Integer({ minimum: 1, description: 'a revision of this record' }),
});

/** Most revisions one page may hold. */
export const MAX_HISTORY_LIMIT = 100;

export const HistoryQuery = Type.Object({
  offset: Type.Integer({ minimum: 0, default: 0, description: 'revisions to skip' }),
  limit: Type.Integer({
    minimum: 1,
    maximum: MAX_HISTORY_LIMIT,
    default: 20,
    description: 'revisions to return',
  }),
});

export const RestoreRevisionBody = Type.Object(
  {
    columns: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
        minItems: 1,
        maxItems: 1000,
        description: 'only these columns (default: every column the revision state holds)',
      }),
    ),
    lastModifiedDate: Type.Optional(
      Type.Union([Type.String({ maxLength: 64 }), Type.Number()], {
        description:
          "the record's lastModifiedDate as the client saw it: 409 when the record was saved (or hard-deleted) since, nothing written",
      }),
    ),
  },
  { additionalProperties: false },
);

export const DeletedQuery = Type.Object({
  offset: Type.Integer({ minimum: 0, default: 0, description: 'deleted records to skip' }),
  limit: Type.Integer({
    minimum: 1,
    maximum: MAX_HISTORY_LIMIT,
    default: 20,
    description: 'deleted records to return',
  }),
});

export const LatestQuery = Type.Object({
  id: Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), {
    minItems: 1,
    maxItems: MAX_LATEST_KEYS,
    description: 'the records asked about (repeat `id`): the key value, or k1=v1,k2=v2',
  }),
});

export const LatestChangeSchema = Type.Object(
  {
    key: Type.String({ description: 'the record key as the request wrote it' }),
    revisionId: Type.Integer(),
    action: RevisionActionSchema,
    time: Type.Integer({ description: 'epoch milliseconds' }),
    user: RevisionSchema.properties.user,
    channel: RevisionChannelSchema,
  },
  { additionalProperties: false },
);
