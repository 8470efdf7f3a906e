/**
 * Refine filters and sorters as the API's query parameters: rules of crudboard's client, which
 * lives in packages/client/src/lib/query-params.ts (`@crudboard/client`).
 */
export {
  OPERATORS,
  SEARCH_FIELD,
  toColumnFilter,
  toCondition,
  toFilterLeaf,
  toOrderBy,
  toQueryParams,
  type FilterCondition,
  type FilterGroup,
  type FilterLeaf,
  type FilterValue,
  type OperatorType,
  type QueryParams,
} from '@crudboard/client';
