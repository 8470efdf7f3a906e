import { Type } from 'typebox';
import { Nullable } from './common';
import { pagingQuery } from './paging';

export const ConfigQuery = Type.Object({
  ...pagingQuery(),
  key: Type.Optional(Type.String({ maxLength: 100, description: 'only the row with this key' })),
});

export const ConfigRowSchema = Type.Object({
  id: Type.Integer(),
  key: Type.String(),
  value: Nullable(Type.String()),
});
