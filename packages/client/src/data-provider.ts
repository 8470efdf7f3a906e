import type { BaseKey, BaseRecord, CrudFilters, CrudSort, DataProvider, MetaQuery } from '@refinedev/core';
import type { AxiosRequestConfig, Method } from 'axios';
import { MAX_LIMIT, offsetOf, reconcileLowerBound, reconcileTotal } from '../../../contract';
import { toQueryParams, type QueryParams } from './lib/query-params';
import { statusOf } from './lib/http-error';

/** The server's error code of a failed request (HttpError.code), if it had one. */
const codeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : undefined;
import { CREATE_RETRY_DELAYS_MS, isRetriedCreateFailure, newIdempotencyKey } from './lib/idempotent-create';
import { createListTotals, type ListTotals } from './list-totals';

/** The part of the http client the provider uses (an axios instance, or a fake in tests). */
export interface HttpClient {
  request: <T = unknown>(config: AxiosRequestConfig) => Promise<{ data: T }>;
}

export interface DataProviderOptions {
  /** What `getApiUrl()` returns and what `custom` urls may start with, e.g. `/api`. */
  apiUrl: string;
  /** Path of the resources under the API: `/business` (records) or `/metadata`. */
  basePath: string;
  /**
   * Query flag of deletes, always sent (`false` unless asked): `isSoftDelete` for every record
   * resource, or by resource (`{ tables: 'isDropPhysicalTable' }`; other resources send none).
   */
  deleteFlag: string | Readonly<Record<string, string>>;
  /**
   * The `collation` a sorted list asks for (docs/api.md §3), read at each request: `pinyin` while
   * the UI is in Chinese, so that Chinese text is in pinyin order; undefined (the default) sends none.
   */
  collation?: () => string | undefined;
  /**
   * Lists ask for their page and its total in one request (`withTotal=true`, which the records API
   * answers with `{data, total, totalExact}`; `meta.exactTotal` asks it to count past its bound,
   * and `totalExact` in the result says whether `total` is exact), and another page or order of
   * the same rows reuses the total (list-totals.ts). `scope` says whose rows a list shows (the
   * signed-in user, the data source a request does not name): a total is reused within the same
   * scope only. Without it, a list sends its page and `/count` side by side.
   */
  pageTotals?: { scope: () => string; totals?: ListTotals };
  /**
   * Creates carry an `Idempotency-Key` (`meta.idempotencyKey`, else a new one per call) and are
   * sent again with the same key, after `delaysMs` (default 0.4 s, then 1.2 s), when no answer
   * arrived or a gateway answered 502–504: the server answers a repeat with the first create's id
   * and makes no second record. For the records API, which keeps the keys.
   */
  idempotentCreates?: { delaysMs?: readonly number[] };
}

/** The UI language's order of text: pinyin for Chinese (`zh`, `zh-CN`...), the database's for others. */
export const collationOfLanguage = (language: string): string | undefined =>
  /^zh\b/i.test(language) ? 'pinyin' : undefined;

const requestOptions = (meta?: MetaQuery): AxiosRequestConfig => {
  const config: AxiosRequestConfig = {};
  if (typeof meta?.dataSource === 'string' && meta.dataSource) config.dataSource = meta.dataSource;
  if (meta?.headers && typeof meta.headers === 'object') config.headers = { ...(meta.headers as object) };
  // Refine hands a query's AbortSignal over in `meta.queryContext`: reading it lets TanStack Query
  // cancel the request once no screen wants the answer (leaving a page frees the browser's few
  // connections to the server for the next page instead of waiting behind the old page's reads).
  const queryContext = meta?.queryContext as { signal?: unknown } | undefined;
  const signal = meta?.signal ?? queryContext?.signal;
  if (signal instanceof AbortSignal) config.signal = signal;
  if (Array.isArray(meta?.requiredPermissions))
    config.requiredPermissions = meta.requiredPermissions as string[];
  // An open lookup (settings, data sources) that fails for want of a session is not a sign-out.
  if (meta?.skipAuthRedirect === true) config.skipAuthRedirect = true;
  return config;
};

/** Upload progress: bytes sent so far, of `total` when known. */
export type UploadProgress = (loaded: number, total?: number) => void;

/**
 * Transfer details a screen may ask for in `meta` of create, update and custom calls: query flags
 * (`query`), a text body (`responseType: 'text'`), upload progress (`onUploadProgress`) and
 * non-2xx statuses that are answers rather than failures (`acceptStatus`, e.g. an import's 400 report).
 */
const transferOptions = (meta?: MetaQuery): AxiosRequestConfig => {
  const config: AxiosRequestConfig = {};
  if (meta?.query && typeof meta.query === 'object') config.params = { ...(meta.query as object) };
  if (meta?.responseType === 'text') config.responseType = 'text';
  const onProgress = meta?.onUploadProgress as UploadProgress | undefined;
  if (typeof onProgress === 'function')
    config.onUploadProgress = (event) => onProgress(event.loaded, event.total);
  if (Array.isArray(meta?.acceptStatus)) {
    const accepted = meta.acceptStatus as number[];
    config.validateStatus = (status) => (status >= 200 && status < 300) || accepted.includes(status);
  }
  return config;
};

const mapTotal = (total: number | null) => (total === null ? null : { total, exact: true });

const selectParam = (meta?: MetaQuery): QueryParams =>
  Array.isArray(meta?.select) && meta.select.length > 0 ? { select: meta.select.join(',') } : {};

const flagParams = (meta: MetaQuery | undefined, variables: unknown, name?: string): QueryParams => {
  if (!name) return {};
  const fromVariables =
    typeof variables === 'object' && variables !== null
      ? (variables as Record<string, unknown>)[name]
      : undefined;
  return { [name]: String(Boolean(meta?.[name] ?? fromVariables)) };
};

/**
 * Refine's data calls → docs/api.md §3 (and the same shape under `/metadata`): lists with
 * offset/limit plus `/count` in parallel, `/all?ids=` for many, JSON array bodies for batch deletes.
 */
export const createDataProvider = (
  http: HttpClient,
  { apiUrl, basePath, deleteFlag, collation, pageTotals, idempotentCreates }: DataProviderOptions,
) => {
  const totals = pageTotals?.totals ?? createListTotals();
  const base = (resource: string) => `${basePath}/${encodeURIComponent(resource)}`;
  const one = (resource: string, id: BaseKey) => `${base(resource)}/${encodeURIComponent(String(id))}`;
  /** The list's parameters: filters, order (with the collation when sorted), columns. */
  const listQuery = (filters: CrudFilters | undefined, sorters: CrudSort[] | undefined, meta?: MetaQuery) => {
    const query: QueryParams = { ...toQueryParams(filters, sorters), ...selectParam(meta) };
    const asked = query.orderby ? collation?.() : undefined;
    return asked ? { ...query, collation: asked } : query;
  };
  const flagOf = (resource: string): string | undefined =>
    typeof deleteFlag === 'string' ? deleteFlag : deleteFlag[resource];

  const provider: DataProvider = {
    getApiUrl: () => apiUrl,

    getList: async ({ resource, pagination, filters, sorters, meta }) => {
      const { currentPage = 1, pageSize = 10, mode = 'server' } = pagination ?? {};
      const query = listQuery(filters, sorters, meta);
      const options = requestOptions(meta);
      if (mode !== 'server') {
        const { data } = await http.request<BaseRecord[]>({
          ...options,
          method: 'get',
          url: base(resource),
          params: { ...query, offset: '0', limit: String(MAX_LIMIT) },
        });
        return { data: data as never[], total: data.length };
      }
      const { orderby: _orderby, select: _select, collation: _collation, ...countQuery } = query;
      const offset = offsetOf(currentPage, pageSize);
      const pageParams = { ...query, offset: String(offset), limit: String(pageSize) };
      if (pageTotals) {
        const rows = JSON.stringify([pageTotals.scope(), options.dataSource ?? '', resource, countQuery]);
        const shown = JSON.stringify(pageParams);
        const known = totals.reusable(rows, shown);
        if (known !== undefined) {
          const { data } = await http.request<BaseRecord[]>({
            ...options,
            method: 'get',
            url: base(resource),
            params: pageParams,
          });
          const set = known.exact
            ? mapTotal(reconcileTotal(known.total, offset, pageSize, data.length))
            : reconcileLowerBound(known.total, offset, pageSize, data.length);
          if (set !== null) {
            totals.remember(rows, shown, set, false);
            return { data: data as never[], total: set.total, totalExact: set.exact };
          }
        }
        const { data } = await http.request<{ data: BaseRecord[]; total: number; totalExact?: boolean }>({
          ...options,
          method: 'get',
          url: base(resource),
          params: {
            ...pageParams,
            withTotal: 'true',
            ...(meta?.exactTotal === true ? { exactTotal: 'true' } : {}),
          },
        });
        const counted = { total: data.total, exact: data.totalExact !== false };
        totals.remember(rows, shown, counted, true);
        return { data: data.data as never[], total: counted.total, totalExact: counted.exact };
      }
      const [rows, count] = await Promise.all([
        http.request<BaseRecord[]>({ ...options, method: 'get', url: base(resource), params: pageParams }),
        http.request<number | string>({
          ...options,
          method: 'get',
          url: `${base(resource)}/count`,
          params: countQuery,
        }),
      ]);
      return { data: rows.data as never[], total: Number(count.data) };
    },

    getOne: async ({ resource, id, meta }) => {
      const { data } = await http.request({ ...requestOptions(meta), method: 'get', url: one(resource, id) });
      return { data: data as never };
    },

    getMany: async ({ resource, ids, meta }) => {
      const { data } = await http.request({
        ...requestOptions(meta),
        method: 'get',
        url: `${base(resource)}/all`,
        params: { ids: ids.map(String).join(',') },
      });
      return { data: data as never };
    },

    create: async ({ resource, variables, meta }) => {
      totals.forget();
      const config: AxiosRequestConfig = {
        ...requestOptions(meta),
        ...transferOptions(meta),
        method: 'post',
        url: base(resource),
        data: variables,
      };
      if (!idempotentCreates) {
        const { data: id } = await http.request<BaseKey>(config);
        return { data: { ...(variables as object), id } as never };
      }
      const key = typeof meta?.idempotencyKey === 'string' ? meta.idempotencyKey : newIdempotencyKey();
      const keyed = { ...config, headers: { ...(config.headers as object), 'Idempotency-Key': key } };
      const delays = idempotentCreates.delaysMs ?? CREATE_RETRY_DELAYS_MS;
      for (let attempt = 0; ; attempt += 1) {
        try {
          const { data: id } = await http.request<BaseKey>(keyed);
          return { data: { ...(variables as object), id } as never };
        } catch (error) {
          const delay = delays[attempt];
          const failure = { statusCode: statusOf(error), code: codeOf(error) };
          if (delay === undefined || !isRetriedCreateFailure(failure) || config.signal?.aborted) throw error;
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      }
    },

    update: async ({ resource, id, variables, meta }) => {
      totals.forget();
      await http.request({
        ...requestOptions(meta),
        ...transferOptions(meta),
        method: 'patch',
        url: one(resource, id),
        data: variables,
      });
      return { data: { ...(variables as object), id } as never };
    },

    deleteOne: async ({ resource, id, variables, meta }) => {
      totals.forget();
      await http.request({
        ...requestOptions(meta),
        method: 'delete',
        url: one(resource, id),
        params: flagParams(meta, variables, flagOf(resource)),
      });
      return { data: { id } as never };
    },

    deleteMany: async ({ resource, ids, variables, meta }) => {
      if (ids.length === 0) {
        throw Object.assign(new Error('Nothing selected to delete'), { statusCode: 400 });
      }
      totals.forget();
      await http.request({
        ...requestOptions(meta),
        method: 'delete',
        url: base(resource),
        params: flagParams(meta, variables, flagOf(resource)),
        data: ids,
      });
      return { data: ids.map((id) => ({ id })) as never };
    },

    custom: async ({ url, method, payload, query, headers, meta }) => {
      const path = url === apiUrl || url.startsWith(`${apiUrl}/`) ? url.slice(apiUrl.length) || '/' : url;
      // an import, a restore, a batch change...: whatever it changed is counted again
      if (method.toLowerCase() !== 'get') totals.forget();
      const options = requestOptions(meta);
      const transfer = transferOptions(meta);
      const { data } = await http.request({
        ...options,
        ...transfer,
        method: method as Method,
        url: path,
        ...(payload !== undefined ? { data: payload } : {}),
        ...(query ? { params: { ...(transfer.params as object | undefined), ...query } } : {}),
        headers: { ...(options.headers as object | undefined), ...(headers ?? {}) },
      });
      return { data: data as never };
    },
  };
  return provider;
};
