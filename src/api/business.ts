import { businessPermission, type BusinessAction } from '../../contract';
import type { BusinessRecord } from '../lib/business-record';
import { http } from '../providers/http';

export type { BusinessRecord };

/** A page of a business list with its keyword and filters (docs/api.md §3). */
export interface ListQuery {
  offset: number;
  limit: number;
  /** Keyword over the table's full-text column. */
  search?: string;
  /** Column filters `col=value` (already built: blanks left out). */
  filters?: Record<string, string>;
  /** JSON condition text. */
  filter?: string;
  select?: string[];
  /** `col [ASC|DESC],...`. */
  orderby?: string;
}

const base = (table: string) => `/business/${encodeURIComponent(table)}`;

/** The path of one record: the key text (`5` or `k1=v1,k2=v2`) as one path segment. */
const one = (table: string, key: string) => `${base(table)}/${encodeURIComponent(key)}`;

const permitted = (table: string, action: BusinessAction) => ({
  requiredPermissions: [businessPermission(table, action)],
});

/** The query parameters of a list, count or export (paging only when given). */
export const listParams = (query: Partial<ListQuery>): Record<string, string> => {
  const params: Record<string, string> = {};
  if (query.offset !== undefined) params.offset = String(query.offset);
  if (query.limit !== undefined) params.limit = String(query.limit);
  const search = query.search?.trim();
  if (search) params.search = search;
  if (query.filter) params.filter = query.filter;
  if (query.select && query.select.length > 0) params.select = query.select.join(',');
  if (query.orderby) params.orderby = query.orderby;
  // Column filters last: reserved names above always keep their meaning.
  for (const [name, value] of Object.entries(query.filters ?? {})) {
    if (!(name in params)) params[name] = value;
  }
  return params;
};

export const listRecords = async (
  table: string,
  query: ListQuery,
  signal?: AbortSignal,
): Promise<BusinessRecord[]> => {
  const { data } = await http.get<BusinessRecord[]>(base(table), {
    params: listParams(query),
    signal,
    ...permitted(table, 'read'),
  });
  return Array.isArray(data) ? data : [];
};

export const countRecords = async (
  table: string,
  query: Omit<ListQuery, 'offset' | 'limit'>,
  signal?: AbortSignal,
): Promise<number> => {
  const { search, filters, filter } = query;
  const { data } = await http.get<number | string>(`${base(table)}/count`, {
    params: listParams({ search, filters, filter }),
    signal,
    ...permitted(table, 'read'),
  });
  return Number(data) || 0;
};

export const getRecord = async (
  table: string,
  key: string,
  signal?: AbortSignal,
): Promise<BusinessRecord> => {
  const { data } = await http.get<BusinessRecord>(one(table, key), { signal, ...permitted(table, 'read') });
  return data;
};

/** The records with the given keys (`GET /all?ids=`); none asked, none fetched. */
export const getRecordsByIds = async (
  table: string,
  keys: readonly string[],
  signal?: AbortSignal,
): Promise<BusinessRecord[]> => {
  if (keys.length === 0) return [];
  const { data } = await http.get<BusinessRecord[]>(`${base(table)}/all`, {
    params: { ids: keys.join(',') },
    signal,
    ...permitted(table, 'read'),
  });
  return Array.isArray(data) ? data : [];
};

const unquote = (text: string): string => {
  if (!text.startsWith('"')) return text;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' ? value : text;
  } catch {
    return text;
  }
};

/** Creates a record: the new key as text (a number, or `k1=v1,k2=v2`). */
export const createRecord = async (table: string, body: BusinessRecord): Promise<string> => {
  const { data } = await http.post<unknown>(base(table), body, {
    responseType: 'text',
    ...permitted(table, 'create'),
  });
  return unquote(String(data ?? '').trim());
};

export const updateRecord = async (table: string, key: string, body: BusinessRecord): Promise<void> => {
  await http.patch(one(table, key), body, permitted(table, 'update'));
};

export const deleteRecord = async (table: string, key: string, soft: boolean): Promise<void> => {
  await http.delete(one(table, key), {
    params: { isSoftDelete: String(soft) },
    ...permitted(table, 'delete'),
  });
};

export const deleteRecords = async (table: string, keys: readonly string[], soft: boolean): Promise<void> => {
  await http.delete(base(table), {
    data: keys,
    params: { isSoftDelete: String(soft) },
    ...permitted(table, 'delete'),
  });
};

/** Soft-deleted records back in the list (`PATCH isDeleted=false`). */
export const restoreRecord = (table: string, key: string): Promise<void> =>
  updateRecord(table, key, { isDeleted: false });

/** `POST /{t}/export` (.xlsx) or `/export/xml`, with the list's filters: the download URL. */
export const exportRecords = async (
  table: string,
  format: 'excel' | 'xml',
  query: Omit<ListQuery, 'offset' | 'limit'>,
): Promise<string> => {
  const params = listParams(query);
  if (format === 'xml') params.isDisplayCaption = 'true';
  const url = `${base(table)}/export${format === 'xml' ? '/xml' : ''}`;
  const { data } = await http.post<string>(url, undefined, {
    params,
    responseType: 'text',
    ...permitted(table, 'export'),
  });
  return unquote(String(data ?? '').trim());
};
