import { Type } from 'typebox';
import { AUDIT_ACTIONS } from '../../../contract/audit';
import { pagingQuery } from './paging';

const Filter = Type.Optional(
  Type.String({
    maxLength: 100000,
    description:
      'URL-encoded JSON condition (as on business lists) over at (epoch ms), userId, userName, action, dataSource, tableName',
  }),
);

const COLUMN_FILTERS = {
  additionalProperties: Type.String({ maxLength: 10000 }),
  description:
    'Other keys are column filters on at, userId, userName, action, dataSource, tableName: v · a,b · LIKE x · GE|GT|LE|LT x · BETWEEN a,b · ISNULL · ISNOTNULL · NE x · NOTIN a,b · NOTLIKE|STARTSWITH|NOTSTARTSWITH|ENDSWITH|NOTENDSWITH|LIKECS|NOTLIKECS x · NOTBETWEEN a,b',
};

export const AuditListQuery = Type.Object({ ...pagingQuery(), filter: Filter }, COLUMN_FILTERS);
export const AuditCountQuery = Type.Object({ filter: Filter }, COLUMN_FILTERS);

export const AuditEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    time: Type.Integer({ description: 'epoch milliseconds' }),
    user: Type.Object(
      {
        id: Type.Union([Type.Integer(), Type.Null()]),
        name: Type.Union([Type.String(), Type.Null()], { description: 'the name the user had then' }),
      },
      { additionalProperties: false },
    ),
    action: Type.Unsafe<(typeof AUDIT_ACTIONS)[number]>({ type: 'string', enum: [...AUDIT_ACTIONS] }),
    dataSource: Type.Union([Type.String(), Type.Null()]),
    table: Type.Union([Type.String(), Type.Null()]),
    detail: Type.Record(Type.String(), Type.Unknown(), { description: 'by action (docs/api.md §8)' }),
    requestId: Type.Union([Type.String(), Type.Null()]),
    address: Type.Union([Type.String(), Type.Null()], { description: 'the client address' }),
    userAgent: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
