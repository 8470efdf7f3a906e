import type { AxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider, type HttpClient } from '../../packages/client/src/data-provider';
import { createListTotals, MAX_KEPT_TOTALS, TOTAL_REUSE_MS } from '../../packages/client/src/list-totals';

/**
 * A records API of `rows` rows (ids rows..1, key descending): answers GET /business/product with a
 * page, and `withTotal=true` with `{data, total}`; writes succeed; anything else throws.
 */
const recordsApi = (start: number, bound = Infinity) => {
  let rows = start;
  const sent: string[] = [];
  const request = vi.fn(async (config: AxiosRequestConfig) => {
    const params = (config.params ?? {}) as Record<string, string>;
    const method = (config.method ?? 'get').toLowerCase();
    sent.push(`${method} ${config.url} ${new URLSearchParams(params).toString()}`);
    if (method === 'post' && config.url === '/business/product') return { data: (rows += 1) };
    if (method !== 'get' || config.url !== '/business/product')
      throw new Error(`unexpected request: ${method} ${config.url}`);
    const offset = Number(params.offset);
    const ids = Array.from({ length: rows }, (_, i) => ({ id: rows - i })).slice(
      offset,
      offset + Number(params.limit),
    );
    if (params.withTotal !== 'true') return { data: ids };
    const counted = params.exactTotal === 'true' || rows <= bound || ids.length < Number(params.limit);
    const total = counted ? rows : Math.max(bound, offset + ids.length);
    return { data: { data: ids, total, totalExact: counted } };
  });
  return {
    http: { request } as unknown as HttpClient,
    sent,
    setRows: (n: number) => (rows = n),
  };
};

const providerOver = (api: ReturnType<typeof recordsApi>, scope = () => 'alice|primary') =>
  createDataProvider(api.http, {
    apiUrl: '/api',
    basePath: '/business',
    deleteFlag: 'isSoftDelete',
    pageTotals: { scope },
  });

const page = (currentPage: number, extra: object = {}) => ({
  resource: 'product',
  pagination: { currentPage, pageSize: 10 },
  ...extra,
});

describe('data provider: a page and its total in one request', () => {
  it('asks once with withTotal, then pages and sorts the same rows without a count', async () => {
    const api = recordsApi(25);
    const provider = providerOver(api);
    expect(await provider.getList(page(1))).toMatchObject({ total: 25 });
    const second = await provider.getList(page(2));
    expect(second.total).toBe(25);
    expect(second.data.map((row) => row.id)).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6]);
    await provider.getList(page(1, { sorters: [{ field: 'name', order: 'asc' }] }));
    expect(api.sent).toEqual([
      'get /business/product offset=0&limit=10&withTotal=true',
      'get /business/product offset=10&limit=10',
      'get /business/product orderby=name+ASC&offset=0&limit=10',
    ]);
  });

  it('counts again for the same page asked again, another keyword, another user or data source, and after a write', async () => {
    const api = recordsApi(25);
    let scope = 'alice|primary';
    const provider = providerOver(api, () => scope);
    await provider.getList(page(1));
    await provider.getList(page(1));
    await provider.getList(page(1, { filters: [{ field: 'search', operator: 'eq', value: '苹果' }] }));
    scope = 'bob|primary';
    await provider.getList(page(2));
    await provider.getList(page(2, { meta: { dataSource: 'other' } }));
    await provider.create({ resource: 'product', variables: { name: 'x' } });
    expect((await provider.getList(page(1))).total).toBe(26);
    expect(
      api.sent.filter((line) => line.startsWith('get')).every((line) => line.includes('withTotal=true')),
    ).toBe(true);
    expect(api.sent).toHaveLength(7);
  });

  it('sets a reused total right by what the page shows, and counts when the page contradicts it', async () => {
    const api = recordsApi(25);
    const provider = providerOver(api);
    await provider.getList(page(1));
    api.setRows(23); // two rows gone, by someone else
    expect((await provider.getList(page(3))).total).toBe(23); // a short last page: exact
    api.setRows(31); // eight rows more
    expect((await provider.getList(page(2))).total).toBe(23); // a full page says at least 20
    expect((await provider.getList(page(4))).total).toBe(31); // short again: exact
    api.setRows(5);
    expect((await provider.getList(page(2))).total).toBe(5); // empty where 31 said rows: counted
    expect(api.sent.at(-1)).toBe('get /business/product offset=10&limit=10&withTotal=true');
  });
});

describe('data provider: a lower bound for a total', () => {
  it('passes the bound on, keeps it for other pages, and asks to count exactly when told', async () => {
    const api = recordsApi(57, 20);
    const provider = providerOver(api);
    expect(await provider.getList(page(1))).toMatchObject({ total: 20, totalExact: false });
    // a full page past the bound raises it; a short one ends it, exactly
    expect(await provider.getList(page(4))).toMatchObject({ total: 40, totalExact: false });
    expect(await provider.getList(page(6))).toMatchObject({ total: 57, totalExact: true });
    const exact = createDataProvider(api.http, {
      apiUrl: '/api',
      basePath: '/business',
      deleteFlag: 'isSoftDelete',
      pageTotals: { scope: () => 'bob|primary' },
    });
    expect(await exact.getList(page(1, { meta: { exactTotal: true } }))).toMatchObject({
      total: 57,
      totalExact: true,
    });
    expect(api.sent).toEqual([
      'get /business/product offset=0&limit=10&withTotal=true',
      'get /business/product offset=30&limit=10',
      'get /business/product offset=50&limit=10',
      'get /business/product offset=0&limit=10&withTotal=true&exactTotal=true',
    ]);
  });
});

describe('list totals', () => {
  it('reuses a total for another page only, for a minute', () => {
    let now = 0;
    const totals = createListTotals(() => now);
    totals.remember('q', 'p1', { total: 40, exact: true }, true);
    expect(totals.reusable('q', 'p1')).toBeUndefined();
    expect(totals.reusable('q', 'p2')).toEqual({ total: 40, exact: true });
    expect(totals.reusable('other', 'p2')).toBeUndefined();
    now = TOTAL_REUSE_MS - 1;
    totals.remember('q', 'p2', { total: 41, exact: false }, false); // set right, not counted: the minute still runs from 0
    now = TOTAL_REUSE_MS + 1;
    expect(totals.reusable('q', 'p3')).toBeUndefined();
  });

  it('keeps the totals of the last queries only, and forgets them all after a write', () => {
    const totals = createListTotals(() => 0);
    for (let i = 0; i <= MAX_KEPT_TOTALS; i += 1)
      totals.remember(`q${i}`, 'p', { total: i, exact: true }, true);
    expect(totals.reusable('q0', 'x')).toBeUndefined();
    expect(totals.reusable('q1', 'x')).toEqual({ total: 1, exact: true });
    totals.forget();
    expect(totals.reusable(`q${MAX_KEPT_TOTALS}`, 'x')).toBeUndefined();
  });
});
