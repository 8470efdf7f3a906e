import type { CrudFilter, CrudSort } from '@refinedev/core';
import { DEFAULT_LIMIT, PAGE_SIZE_OPTIONS, SOFT_DELETE_COLUMN } from '../../../contract';
import { SEARCH_FIELD, toColumnFilter, toFilterLeaf } from '../../common/lib/query-params';
import { fromColumnFilter } from './column-filter';

/** What a list shows, as a link holds it: a reload or a copied link shows the same. */
export interface ListUrlState {
  keyword: string;
  /** Column filters by column, as typed texts (`a,b`, `BETWEEN 1,5`, `GE 2024-01-01` ...). */
  filters: Record<string, string>;
  sorters: CrudSort[];
  page: number;
  pageSize: number;
  /** The recycle bin (soft-deleted records) rather than the live ones. */
  recycle: boolean;
}

export const DEFAULT_LIST_STATE: ListUrlState = {
  keyword: '',
  filters: {},
  sorters: [],
  page: 1,
  pageSize: DEFAULT_LIMIT,
  recycle: false,
};

/** The search parameters of a list: `q`, `page`, `size`, `sort`, `view=recycle` and `f.<column>`. */
export const LIST_PARAMS = { keyword: 'q', page: 'page', size: 'size', sort: 'sort', view: 'view' } as const;
const FILTER_PREFIX = 'f.';
const RECYCLE = 'recycle';
const LIST_PARAM_NAMES: ReadonlySet<string> = new Set(Object.values(LIST_PARAMS));

/** Whether a search parameter is one a list keeps its state in (`q`, `page`, `f.city`...). */
export const isListStateParam = (name: string): boolean =>
  LIST_PARAM_NAMES.has(name) || name.startsWith(FILTER_PREFIX);

const positive = (text: string | null): number | undefined => {
  if (!text || !/^\d{1,6}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 ? value : undefined;
};

/**
 * The list state a link asks for. Only the given columns can be filtered and sorted (the others
 * are left out rather than sent to fail); an unknown page size, a page that is no number, an
 * empty sort fall back to the defaults.
 */
export const readListUrlState = (
  params: URLSearchParams,
  filterable: readonly string[],
  sortable: readonly string[],
): ListUrlState => {
  const filters: Record<string, string> = {};
  for (const [key, value] of params) {
    if (!key.startsWith(FILTER_PREFIX)) continue;
    const column = key.slice(FILTER_PREFIX.length);
    if (filterable.includes(column) && value.trim() !== '') filters[column] = value.trim();
  }
  const sorters: CrudSort[] = (params.get(LIST_PARAMS.sort) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item): CrudSort =>
      item.startsWith('-') ? { field: item.slice(1), order: 'desc' } : { field: item, order: 'asc' },
    )
    .filter((sorter) => sortable.includes(sorter.field));
  const size = positive(params.get(LIST_PARAMS.size));
  return {
    keyword: (params.get(LIST_PARAMS.keyword) ?? '').trim(),
    filters,
    sorters,
    page: positive(params.get(LIST_PARAMS.page)) ?? 1,
    pageSize:
      size !== undefined && (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : DEFAULT_LIMIT,
    recycle: params.get(LIST_PARAMS.view) === RECYCLE,
  };
};

/** The search parameters of a list state; defaults are left out (a fresh list has a bare link). */
export const writeListUrlState = (state: ListUrlState): URLSearchParams => {
  const params = new URLSearchParams();
  if (state.keyword.trim()) params.set(LIST_PARAMS.keyword, state.keyword.trim());
  for (const [column, text] of Object.entries(state.filters))
    if (text !== '') params.set(`${FILTER_PREFIX}${column}`, text);
  if (state.sorters.length > 0)
    params.set(
      LIST_PARAMS.sort,
      state.sorters.map((sorter) => `${sorter.order === 'desc' ? '-' : ''}${sorter.field}`).join(','),
    );
  if (state.page !== 1) params.set(LIST_PARAMS.page, String(state.page));
  if (state.pageSize !== DEFAULT_LIMIT) params.set(LIST_PARAMS.size, String(state.pageSize));
  if (state.recycle) params.set(LIST_PARAMS.view, RECYCLE);
  return params;
};

/**
 * The column filters among a list's Refine filters, back as typed texts: the keyword and the
 * soft-delete flag have their own parameters; a filter the text form cannot say is left out.
 */
export const filterTextsOf = (filters: readonly CrudFilter[]): Record<string, string> => {
  const texts: Record<string, string> = {};
  for (const filter of filters) {
    if (!('field' in filter)) continue;
    if (filter.field === SEARCH_FIELD || filter.field === SOFT_DELETE_COLUMN) continue;
    const leaf = toFilterLeaf(filter);
    const text = leaf ? toColumnFilter(leaf) : null;
    if (text !== null && text !== '') texts[filter.field] = text;
  }
  return texts;
};

/** Typed filter texts as Refine filters (the inverse of `filterTextsOf`). */
export const crudFiltersOf = (texts: Readonly<Record<string, string>>): CrudFilter[] =>
  Object.entries(texts).map(([column, text]) => fromColumnFilter(column, text));
