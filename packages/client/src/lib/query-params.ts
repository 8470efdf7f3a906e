import type { ConditionalFilter, CrudFilter, CrudSort, LogicalFilter } from '@refinedev/core';

/** A leaf of the `filter` JSON of docs/api.md §3. */
export interface FilterLeaf {
  columnName: string;
  operatorType: OperatorType;
  values: FilterValue[];
}

/** A group of the `filter` JSON of docs/api.md §3. */
export interface FilterGroup {
  conditionType: 'AND' | 'OR';
  conditions: FilterCondition[];
}

export type FilterCondition = FilterLeaf | FilterGroup;
export type FilterValue = string | number | boolean;
export type OperatorType =
  | 'EQ'
  | 'NE'
  | 'LIKE'
  | 'NOTLIKE'
  | 'STARTSWITH'
  | 'NOTSTARTSWITH'
  | 'ENDSWITH'
  | 'NOTENDSWITH'
  | 'LIKECS'
  | 'NOTLIKECS'
  | 'IN'
  | 'NOTIN'
  | 'GE'
  | 'GT'
  | 'LE'
  | 'LT'
  | 'BETWEEN'
  | 'NOTBETWEEN'
  | 'ISNULL'
  | 'ISNOTNULL';

/** A filter on this field is the keyword search (`search`), not a column filter. */
export const SEARCH_FIELD = '$search';

/**
 * Refine's operators and the server's (docs/api.md §3). Text matches ignore case unless Refine's
 * name ends in `s` (`containss`); the server has no case-minding start or end match, nor a
 * case-minding IN, so `startswiths`, `nstartswiths`, `endswiths`, `nendswiths`, `ina` and `nina`
 * are refused here, before any request.
 */
export const OPERATORS: Partial<Record<LogicalFilter['operator'], OperatorType>> = {
  eq: 'EQ',
  ne: 'NE',
  contains: 'LIKE',
  ncontains: 'NOTLIKE',
  containss: 'LIKECS',
  ncontainss: 'NOTLIKECS',
  startswith: 'STARTSWITH',
  nstartswith: 'NOTSTARTSWITH',
  endswith: 'ENDSWITH',
  nendswith: 'NOTENDSWITH',
  in: 'IN',
  nin: 'NOTIN',
  gte: 'GE',
  gt: 'GT',
  lte: 'LE',
  lt: 'LT',
  between: 'BETWEEN',
  nbetween: 'NOTBETWEEN',
  null: 'ISNULL',
  nnull: 'ISNOTNULL',
};

/** The words that open a column filter's value (`col=LIKE x`): an EQ value starting so goes as JSON. */
const OPERATOR_WORD = new RegExp(`^(${[...new Set(Object.values(OPERATORS))].join('|')})\\b|^[<>]=?`, 'i');

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const toValue = (value: unknown): FilterValue => {
  if (typeof value === 'boolean' || typeof value === 'number') return value;
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
};

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** The leaf for one Refine filter, or null when it has nothing to filter by (blank value). */
export const toFilterLeaf = (filter: LogicalFilter): FilterLeaf | null => {
  const operatorType = OPERATORS[filter.operator];
  if (!operatorType) throw new Error(`Unsupported filter operator: ${filter.operator}`);
  const columnName = filter.field;
  if (operatorType === 'ISNULL' || operatorType === 'ISNOTNULL')
    return { columnName, operatorType, values: [] };
  if (operatorType === 'BETWEEN' || operatorType === 'NOTBETWEEN') {
    const [from, to] = asList(filter.value);
    if (isBlank(from) && isBlank(to)) return null;
    return {
      columnName,
      operatorType,
      values: [isBlank(from) ? '' : toValue(from), isBlank(to) ? '' : toValue(to)],
    };
  }
  if (operatorType === 'IN' || operatorType === 'NOTIN') {
    const values = asList(filter.value)
      .filter((v) => !isBlank(v))
      .map(toValue);
    return values.length > 0 ? { columnName, operatorType, values } : null;
  }
  if (isBlank(filter.value) || Array.isArray(filter.value)) return null;
  return { columnName, operatorType, values: [toValue(filter.value)] };
};

const text = (value: FilterValue): string => String(value);

/**
 * The `col=value` form of docs/api.md §3 for a leaf, or null when only the JSON form says it
 * unambiguously (a value with a comma would read as a list).
 */
export const toColumnFilter = (leaf: FilterLeaf): string | null => {
  const values = leaf.values.map(text);
  const plain = values.every((v) => !v.includes(','));
  switch (leaf.operatorType) {
    case 'ISNULL':
    case 'ISNOTNULL':
      return leaf.operatorType;
    case 'EQ':
      return plain && !OPERATOR_WORD.test(values[0] ?? '') ? (values[0] ?? null) : null;
    case 'IN':
      return plain && values.length > 1 ? values.join(',') : null;
    case 'NOTIN':
    case 'BETWEEN':
    case 'NOTBETWEEN':
      return plain ? `${leaf.operatorType} ${values.join(',')}` : null;
    default:
      return plain ? `${leaf.operatorType} ${values[0] ?? ''}` : null;
  }
};

const isConditional = (filter: CrudFilter): filter is ConditionalFilter =>
  filter.operator === 'or' || filter.operator === 'and';

/** The JSON condition for any Refine filter (or/and become groups); null when empty. */
export const toCondition = (filter: CrudFilter): FilterCondition | null => {
  if (!isConditional(filter)) return toFilterLeaf(filter);
  const conditions = filter.value.map(toCondition).filter((c): c is FilterCondition => c !== null);
  if (conditions.length === 0) return null;
  return { conditionType: filter.operator === 'or' ? 'OR' : 'AND', conditions };
};

/** `orderby` of docs/api.md §3: `col ASC,col2 DESC`. */
export const toOrderBy = (sorters: readonly CrudSort[] = []): string | undefined =>
  sorters.length > 0
    ? sorters.map((s) => `${s.field} ${s.order === 'desc' ? 'DESC' : 'ASC'}`).join(',')
    : undefined;

export type QueryParams = Record<string, string>;

/** Query parameter names that are not column filters (crudapi's list). */
const RESERVED = new Set([
  'select',
  'expand',
  'filter',
  'search',
  'offset',
  'limit',
  'orderby',
  'collation',
  'dataSource',
]);

/**
 * Refine filters and sorters → list query parameters of docs/api.md §3: the keyword as `search`,
 * simple filters as column filters, everything else (or/and groups, a second filter on the same
 * column, values containing commas) AND-ed together in the `filter` JSON.
 */
export const toQueryParams = (
  filters: readonly CrudFilter[] = [],
  sorters: readonly CrudSort[] = [],
): QueryParams => {
  const params: QueryParams = {};
  const rest: FilterCondition[] = [];
  for (const filter of filters) {
    if (!isConditional(filter) && filter.field === SEARCH_FIELD) {
      if (!isBlank(filter.value)) params.search = String(filter.value).trim();
      continue;
    }
    const condition = toCondition(filter);
    if (!condition) continue;
    if (
      'columnName' in condition &&
      !Object.hasOwn(params, condition.columnName) &&
      !RESERVED.has(condition.columnName)
    ) {
      const value = toColumnFilter(condition);
      if (value !== null) {
        params[condition.columnName] = value;
        continue;
      }
    }
    rest.push(condition);
  }
  if (rest.length > 0) {
    const only = rest[0];
    params.filter = JSON.stringify(
      rest.length === 1 && only && 'conditionType' in only
        ? only
        : { conditionType: 'AND', conditions: rest },
    );
  }
  const orderby = toOrderBy(sorters);
  if (orderby) params.orderby = orderby;
  return params;
};
