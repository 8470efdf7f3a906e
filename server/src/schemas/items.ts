import { Type } from 'typebox';
import { pagingQuery } from './paging';

const Text = (maxLength: number, description: string) =>
  Type.Optional(Type.String({ maxLength, description }));

export const ItemTableParams = Type.Object({
  table: Type.String({ minLength: 1, maxLength: 200, description: 'name, pluralName or tableName' }),
});

export const ItemParams = Type.Object({
  table: Type.String({ minLength: 1, maxLength: 200, description: 'name, pluralName or tableName' }),
  id: Type.String({ minLength: 1, maxLength: 2000, description: 'the key value, or k1=v1,k2=v2' }),
});

const readQuery = {
  select: Text(4000, 'comma list of columns and relations (keys are always returned)'),
  expand: Text(4000, 'comma list of relations to load in full'),
};

const listProperties = {
  ...pagingQuery(),
  search: Text(200, 'keyword over the FULLTEXT column (else the queryable text columns)'),
  filter: Text(100000, 'URL-encoded JSON condition'),
  orderby: Text(4000, 'col [ASC|DESC],...'),
  collation: Text(20, 'pinyin: text columns of orderby in pinyin order (Chinese text)'),
  ...readQuery,
};

const listOptions = {
  additionalProperties: Type.String({ maxLength: 10000 }),
  description:
    'Other keys are column filters: v · a,b · LIKE x · GE|GT|LE|LT x · BETWEEN a,b · ISNULL · ISNOTNULL · NE x · NOTIN a,b · NOTLIKE|STARTSWITH|NOTSTARTSWITH|ENDSWITH|NOTENDSWITH|LIKECS|NOTLIKECS x · NOTBETWEEN a,b',
};

/** List and count parameters; every other key is a column filter, checked against metadata by the parser. */
export const ItemListQuery = Type.Object(listProperties, listOptions);

/** List parameters: those of the count, and `withTotal` (the page and its total in one answer). */
export const ItemPageQuery = Type.Object(
  {
    ...listProperties,
    withTotal: Type.Optional(
      Type.Boolean({
        description: 'true: answer {data, total, totalExact} instead of the bare page (docs/api.md §3)',
      }),
    ),
    exactTotal: Type.Optional(
      Type.Boolean({
        description: 'with withTotal: count every matching record, past COUNT_EXACT_LIMIT (docs/api.md §3)',
      }),
    ),
  },
  listOptions,
);

export const ItemReadQuery = Type.Object(readQuery);

export const ItemIdsQuery = Type.Object({
  ids: Type.String({ maxLength: 100000, description: 'a,b (composite keys: k1=a,k2=b,k1=c,k2=d)' }),
  ...readQuery,
});

export const SoftDeleteQuery = Type.Object({
  isSoftDelete: Type.Boolean({ default: false, description: 'set isDeleted instead of deleting' }),
});

export const ItemKeyList = Type.Array(
  Type.Union([Type.String({ minLength: 1, maxLength: 2000 }), Type.Integer()]),
  {
    minItems: 1,
    maxItems: 1000,
    description: 'keys of the records; an empty or missing list is refused',
  },
);

/** The optional header that makes a create safe to retry (docs/api.md §3, safe retries of a create). */
export const IdempotencyKeyHeaders = Type.Object({
  'Idempotency-Key': Type.Optional(
    Type.String({
      description:
        '1 to 255 printable ASCII characters, a new one per record to create (a UUID, say); sent again with the same request, it gets the first answer back instead of a second record (kept 24 hours)',
    }),
  ),
});

export const ItemBody = Type.Object(
  {},
  { additionalProperties: true, description: 'a record (docs/api.md §3)' },
);

export const ItemRecord = Type.Object(
  {},
  { additionalProperties: true, description: 'a record (docs/api.md §3)' },
);
