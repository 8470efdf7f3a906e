import { Type } from 'typebox';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../../contract/index';

/** Paging parameters of docs/api.md §0: anything outside these bounds is a 400. */
export const pagingQuery = (defaultLimit: number = DEFAULT_LIMIT) => ({
  offset: Type.Integer({ minimum: 0, default: 0, description: 'rows to skip' }),
  limit: Type.Integer({
    minimum: 1,
    maximum: MAX_LIMIT,
    default: defaultLimit,
    description: 'rows to return',
  }),
});

export const PagingQuery = Type.Object(pagingQuery());
