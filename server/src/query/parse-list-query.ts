import {
  DEFAULT_LIMIT,
  MAX_FILTER_CONDITIONS,
  MAX_LIKE_CONDITIONS,
  MAX_LIMIT,
} from '../../../contract/index';
import { fieldMessage } from '../i18n/messages';
import { itemsMessage } from '../i18n/items-messages';
import { conditionCount } from './condition-count';
import { parseColumnFilter } from './parse-column-filter';
import { parseExpand } from './parse-expand';
import { parseFilterJson } from './parse-filter-json';
import { parseOrderBy } from './parse-order-by';
import { parseSelect } from './parse-select';
import { invalidParam } from './query-error';
import {
  LIST_COLLATIONS,
  type Condition,
  type ListCollation,
  type ListQuery,
  type QueryTable,
} from './query-types';
import { queryableColumn } from './resolve-column';

/** Query keys with a meaning of their own: never column filters, even if a column has the name. */
export const RESERVED_QUERY_KEYS: ReadonlySet<string> = new Set([
  'offset',
  'limit',
  'search',
  'select',
  'orderby',
  'filter',
  'expand',
  'dataSource',
  'isSoftDelete',
  'ids',
  'confirm',
  'collation',
  'withTotal',
  'exactTotal',
]);

export const MAX_SEARCH_LENGTH = 200;

const localized = (key: 'minimum' | 'maximum' | 'maxLength', limit: number) => ({
  zh: fieldMessage(key, 'zh', { limit }),
  en: fieldMessage(key, 'en', { limit }),
});

/** A single text value of the query: a repeated key (an array) is a 400. */
const textOf = (query: Record<string, unknown>, key: string): string | undefined => {
  const value = query[key];
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value) || typeof value === 'object') throw invalidParam(key, itemsMessage('repeated'));
  return String(value);
};

const integerOf = (
  query: Record<string, unknown>,
  key: string,
  fallback: number,
  min: number,
  max: number,
) => {
  const text = textOf(query, key);
  if (text === undefined) return fallback;
  if (!/^\d{1,16}$/.test(text)) {
    throw invalidParam(key, /^-\d+$/.test(text) ? localized('minimum', min) : itemsMessage('badNumber'));
  }
  const value = Number(text);
  if (value < min) throw invalidParam(key, localized('minimum', min));
  if (value > max) throw invalidParam(key, localized('maximum', max));
  return value;
};

const conjunction = (conditions: Condition[]): Condition | null => {
  if (conditions.length === 0) return null;
  if (conditions.length === 1) return conditions[0] ?? null;
  return { kind: 'group', conditionType: 'AND', conditions };
};

/** The request's conditions within MAX_FILTER_CONDITIONS and MAX_LIKE_CONDITIONS, else a 400 on `param`. */
const checkConditionCount = (conditions: Condition[], param: string): void => {
  const count = conditionCount(conjunction(conditions));
  if (count.conditions > MAX_FILTER_CONDITIONS) {
    throw invalidParam(param, itemsMessage('filterSize', { max: MAX_FILTER_CONDITIONS }));
  }
  if (count.likes > MAX_LIKE_CONDITIONS) {
    throw invalidParam(param, itemsMessage('tooManyLikes', { max: MAX_LIKE_CONDITIONS }));
  }
};

/** `collation`: absent or blank is none, `pinyin` (any case), anything else a 400. */
const collationOf = (query: Record<string, unknown>): ListCollation | null => {
  const text = textOf(query, 'collation')?.trim().toLowerCase() ?? '';
  if (text === '') return null;
  const found = LIST_COLLATIONS.find((name) => name === text);
  if (!found)
    throw invalidParam('collation', itemsMessage('collation', { allowed: LIST_COLLATIONS.join(', ') }));
  return found;
};

/**
 * The list parameters of docs/api.md §3 as a typed query: paging within docs/api.md §0 limits, `search`,
 * `select`, `orderby`, `collation`, `expand`, and every other key as a column filter, ANDed with `filter`.
 * Every name goes through the table's metadata; anything unknown or malformed is a 400 naming the
 * parameter.
 */
export const parseListQuery = (
  query: Record<string, unknown>,
  table: QueryTable,
  options: { defaultLimit?: number } = {},
): ListQuery => {
  const offset = integerOf(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
  const limit = integerOf(query, 'limit', options.defaultLimit ?? DEFAULT_LIMIT, 1, MAX_LIMIT);
  const searchText = textOf(query, 'search')?.trim() ?? '';
  if (searchText.length > MAX_SEARCH_LENGTH)
    throw invalidParam('search', localized('maxLength', MAX_SEARCH_LENGTH));

  const conditions: Condition[] = [];
  let lastKey = 'filter';
  for (const key of Object.keys(query)) {
    if (RESERVED_QUERY_KEYS.has(key)) continue;
    const raw = textOf(query, key);
    if (raw === undefined) continue;
    conditions.push(parseColumnFilter(queryableColumn(table, key, key), raw, key));
    lastKey = key;
  }
  const filterText = textOf(query, 'filter');
  const filter = filterText === undefined ? null : parseFilterJson(filterText, table);
  if (filter) conditions.push(filter);
  checkConditionCount(conditions, filter ? 'filter' : lastKey);

  return {
    offset,
    limit,
    search: searchText === '' ? null : searchText,
    select: parseSelect(textOf(query, 'select') ?? '', table),
    orderBy: parseOrderBy(textOf(query, 'orderby') ?? '', table),
    expand: parseExpand(textOf(query, 'expand') ?? '', table),
    where: conjunction(conditions),
    collation: collationOf(query),
  };
};
