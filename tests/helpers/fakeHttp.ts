import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { appClient } from '../../src/providers/app-client';

export interface FakeRequest {
  method: string;
  url: string;
  params: Record<string, string>;
  body: unknown;
  /** The `dataSource` header the request went with, if any. */
  dataSource?: string;
  /** The `Idempotency-Key` header the request went with, if any. */
  idempotencyKey?: string;
}

export interface FakeReply {
  status?: number;
  data?: unknown;
}

type Handler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

interface Route {
  method: string;
  url: string;
  handler: Handler;
  once: boolean;
  used: boolean;
}

/** Parameters of a list that its count does not take. */
const PAGE_ONLY = ['offset', 'limit', 'orderby', 'select', 'collation', 'withTotal'];

/**
 * `withTotal=true` answered as the records API does: the page the test's list route gives, and the
 * total its `/count` route gives for the same filters (neither request is recorded on its own).
 */
const pageWithTotal = async (
  request: FakeRequest,
  answer: (request: FakeRequest) => Promise<FakeReply>,
): Promise<FakeReply> => {
  const { withTotal: _withTotal, ...listParams } = request.params;
  const page = await answer({ ...request, params: listParams });
  if ((page.status ?? 200) >= 400) return page;
  const countParams = Object.fromEntries(
    Object.entries(request.params).filter(([key]) => !PAGE_ONLY.includes(key)),
  );
  const count = await answer({ ...request, url: `${request.url}/count`, params: countParams });
  if ((count.status ?? 200) >= 400) return count;
  return { status: 200, data: { data: page.data, total: Number(count.data) } };
};

/**
 * A fake server behind the app's one axios instance: answers only the requests a test declares
 * (method + path, API base excluded) and records every request; anything else is collected in
 * `unexpected`, which the test asserts empty (a rejected request alone would be swallowed by the UI).
 */
export const installFakeHttp = () => {
  const routes: Route[] = [];
  const requests: FakeRequest[] = [];
  const unexpected: string[] = [];
  const { http, forgetListTotals } = appClient();
  // each test starts with lists that count
  forgetListTotals();
  const original = http.defaults.adapter;

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    // A query written into the URL (a repeated key such as `id=1&id=2`) joins the params, its
    // repeated values joined by commas.
    const [path = '', inline = ''] = (config.url ?? '').split('?');
    const inlineParams: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(inline)) {
      inlineParams[key] = key in inlineParams ? `${inlineParams[key]},${value}` : value;
    }
    const request: FakeRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: path,
      params: {
        ...inlineParams,
        ...Object.fromEntries(Object.entries(config.params ?? {}).map(([k, v]) => [k, String(v)])),
      },
      body: typeof config.data === 'string' && config.data ? JSON.parse(config.data) : config.data,
    };
    const dataSource = config.headers?.get?.('dataSource');
    if (typeof dataSource === 'string') request.dataSource = dataSource;
    const idempotencyKey = config.headers?.get?.('Idempotency-Key');
    if (typeof idempotencyKey === 'string') request.idempotencyKey = idempotencyKey;
    requests.push(request);
    const answer = async (asked: FakeRequest): Promise<FakeReply> => {
      const route = routes.find(
        (r) => r.method === asked.method && r.url === asked.url && !(r.once && r.used),
      );
      if (!route) {
        const text = `${asked.method} ${asked.url} ${JSON.stringify(asked.params)}`;
        unexpected.push(text);
        throw new Error(`Unexpected request: ${text}`);
      }
      route.used = true;
      return route.handler(asked);
    };
    const { status = 200, data } =
      request.params.withTotal === 'true' ? await pageWithTotal(request, answer) : await answer(request);
    const response: AxiosResponse = { data, status, statusText: '', headers: {}, config, request: {} };
    if (status >= 400) throw new AxiosError(`HTTP ${status}`, 'ERR_BAD_RESPONSE', config, {}, response);
    return response;
  };
  http.defaults.adapter = adapter;

  const add = (method: string, url: string, reply: FakeReply | Handler, once: boolean) => {
    routes.push({
      method,
      url,
      handler: typeof reply === 'function' ? reply : () => reply,
      once,
      used: false,
    });
  };

  return {
    /** Answers every `method url` request. */
    on: (method: string, url: string, reply: FakeReply | Handler) => add(method, url, reply, false),
    /** Answers the next `method url` request only (declared before later, repeating answers). */
    once: (method: string, url: string, reply: FakeReply | Handler) => {
      routes.unshift({
        method,
        url,
        handler: typeof reply === 'function' ? reply : () => reply,
        once: true,
        used: false,
      });
    },
    requests,
    unexpected,
    /** Requests of one method and path. */
    sent: (method: string, url: string) => requests.filter((r) => r.method === method && r.url === url),
    restore: () => {
      http.defaults.adapter = original;
    },
  };
};

export type FakeHttp = ReturnType<typeof installFakeHttp>;
