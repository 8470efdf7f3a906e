import type { CrudFilter } from '@refinedev/core';
import { toQueryParams, type QueryParams } from '../../common/lib/query-params';

/**
 * The query of a list's export (docs/api.md §3): the list's keyword and filters; the rows come in
 * the table's own order. `columns` are the columns the list shows, in its order (`select`: the
 * file has them in that order); null exports every column.
 */
export const exportQuery = (
  filters: readonly CrudFilter[],
  columns: readonly string[] | null,
): QueryParams => {
  const { orderby: _orderby, ...query } = toQueryParams(filters);
  return columns && columns.length > 0 ? { ...query, select: columns.join(',') } : query;
};
