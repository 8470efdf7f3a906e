import type { AxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import {
  collationOfLanguage,
  createDataProvider,
  type HttpClient,
} from '../../packages/client/src/data-provider';
import { createFakeHttpClient, type Expected } from '../helpers/fakeHttpClient';

const business = (expected: Expected[]) => {
  const fake = createFakeHttpClient(expected);
  const provider = createDataProvider(fake.http, {
    apiUrl: '/api',
    basePath: '/business',
    deleteFlag: 'isSoftDelete',
  });
  return { ...fake, provider };
};

describe('data provider: lists (docs/api.md §3)', () => {
  it('asks a sorted list for the collation of the UI language, not its count nor an unsorted list', async () => {
    let language = 'zh-CN';
    const fake = createFakeHttpClient([
      { method: 'get', url: '/business/product', reply: [] },
      { method: 'get', url: '/business/product/count', reply: 0 },
    ]);
    const sent = (url: string, i: number) =>
      fake.request.mock.calls.filter(([config]) => config.url === url)[i]?.[0].params as unknown;
    const provider = createDataProvider(fake.http, {
      apiUrl: '/api',
      basePath: '/business',
      deleteFlag: 'isSoftDelete',
      collation: () => collationOfLanguage(language),
    });
    const sorters = [{ field: 'name', order: 'asc' as const }];
    await provider.getList({ resource: 'product', sorters });
    expect(sent('/business/product', 0)).toEqual({
      orderby: 'name ASC',
      collation: 'pinyin',
      offset: '0',
      limit: '10',
    });
    expect(sent('/business/product/count', 0)).toEqual({});
    await provider.getList({ resource: 'product' });
    expect(sent('/business/product', 1)).toEqual({ offset: '0', limit: '10' });
    language = 'en-US';
    await provider.getList({ resource: 'product', sorters });
    expect(sent('/business/product', 2)).toEqual({ orderby: 'name ASC', offset: '0', limit: '10' });
    language = 'zh';
    await provider.getList({ resource: 'product', sorters, pagination: { mode: 'client' } });
    expect(sent('/business/product', 3)).toMatchObject({ orderby: 'name ASC', collation: 'pinyin' });
  });

  it('knows Chinese UI languages from the others', () => {
    expect(collationOfLanguage('zh-CN')).toBe('pinyin');
    expect(collationOfLanguage('zh')).toBe('pinyin');
    expect(collationOfLanguage('ZH-tw')).toBe('pinyin');
    expect(collationOfLanguage('en-US')).toBeUndefined();
    expect(collationOfLanguage('zhx')).toBeUndefined();
  });

  it('asks for one page with offset/limit and the count in parallel', async () => {
    const rows = [{ id: 6 }, { id: 7 }];
    const { provider, call, request } = business([
      { method: 'get', url: '/business/product', reply: rows },
      { method: 'get', url: '/business/product/count', reply: 12 },
    ]);
    const signal = new AbortController().signal;
    const result = await provider.getList({
      resource: 'product',
      pagination: { currentPage: 2, pageSize: 5 },
      meta: { dataSource: 'pg', signal },
    });
    expect(result).toEqual({ data: rows, total: 12 });
    expect(request).toHaveBeenCalledTimes(2);
    expect(call('/business/product').params).toEqual({ offset: '5', limit: '5' });
    expect(call('/business/product/count').params).toEqual({});
    expect(call('/business/product').dataSource).toBe('pg');
    expect(call('/business/product').signal).toBe(signal);
    expect(call('/business/product/count').signal).toBe(signal);
  });

  it("passes the AbortSignal of Refine's query context on, so that a page left cancels its reads", async () => {
    const { provider, call } = business([
      { method: 'get', url: '/business/product', reply: [] },
      { method: 'get', url: '/business/product/count', reply: 0 },
    ]);
    const controller = new AbortController();
    // Refine's query context exposes the signal through a getter, as TanStack Query's does.
    const queryContext = { queryKey: ['product'] };
    Object.defineProperty(queryContext, 'signal', { enumerable: true, get: () => controller.signal });
    await provider.getList({ resource: 'product', meta: { queryContext } as Record<string, unknown> });
    expect(call('/business/product').signal).toBe(controller.signal);
    expect(call('/business/product/count').signal).toBe(controller.signal);
  });

  it('defaults to page 1 of 10 rows', async () => {
    const { provider, call } = business([
      { method: 'get', url: '/business/product', reply: [] },
      { method: 'get', url: '/business/product/count', reply: '0' },
    ]);
    const result = await provider.getList({ resource: 'product' });
    expect(result.total).toBe(0);
    expect(call('/business/product').params).toEqual({ offset: '0', limit: '10' });
  });

  it('sends filters to both calls and sorting and columns to the list only', async () => {
    const { provider, call } = business([
      { method: 'get', url: '/business/product', reply: [] },
      { method: 'get', url: '/business/product/count', reply: 0 },
    ]);
    await provider.getList({
      resource: 'product',
      pagination: { currentPage: 1, pageSize: 20 },
      filters: [
        { field: '$search', operator: 'eq', value: '手机' },
        { field: 'isDeleted', operator: 'eq', value: false },
        { field: 'price', operator: 'between', value: [1, 9] },
      ],
      sorters: [{ field: 'name', order: 'asc' }],
      meta: { select: ['id', 'name'] },
    });
    expect(call('/business/product').params).toEqual({
      search: '手机',
      isDeleted: 'false',
      price: 'BETWEEN 1,9',
      orderby: 'name ASC',
      select: 'id,name',
      offset: '0',
      limit: '20',
    });
    expect(call('/business/product/count').params).toEqual({
      search: '手机',
      isDeleted: 'false',
      price: 'BETWEEN 1,9',
    });
  });

  it('fetches everything in one call when paging is off', async () => {
    const { provider, call, request } = business([
      { method: 'get', url: '/business/product', reply: [{ id: 1 }] },
    ]);
    const result = await provider.getList({ resource: 'product', pagination: { mode: 'off' } });
    expect(result).toEqual({ data: [{ id: 1 }], total: 1 });
    expect(request).toHaveBeenCalledTimes(1);
    expect(call('/business/product').params).toEqual({ offset: '0', limit: '10000' });
  });
});

describe('data provider: records', () => {
  it('gets one record, with the key encoded', async () => {
    const { provider, call } = business([
      { method: 'get', url: '/business/orderLine/a%3D1%2Cb%3D2', reply: { a: 1 } },
    ]);
    const result = await provider.getOne({
      resource: 'orderLine',
      id: 'a=1,b=2',
      meta: { dataSource: 'pg' },
    });
    expect(result.data).toEqual({ a: 1 });
    expect(call('/business/orderLine/a%3D1%2Cb%3D2').dataSource).toBe('pg');
  });

  it('gets many through /all?ids=', async () => {
    const { provider, call } = business([
      { method: 'get', url: '/business/product/all', reply: [{ id: 1 }, { id: 2 }] },
    ]);
    const result = await provider.getMany?.({ resource: 'product', ids: [1, 2] });
    expect(result?.data).toEqual([{ id: 1 }, { id: 2 }]);
    expect(call('/business/product/all').params).toEqual({ ids: '1,2' });
  });

  it('creates with POST and returns the new id', async () => {
    const { provider, call } = business([{ method: 'post', url: '/business/product', reply: 42 }]);
    const result = await provider.create({ resource: 'product', variables: { name: '苹果' } });
    expect(result.data).toEqual({ name: '苹果', id: 42 });
    expect(call('/business/product', 'post').data).toEqual({ name: '苹果' });
  });

  it('keys a create when asked and sends it again with the same key after a lost answer, a 502–504 or the key in use', async () => {
    const failures = [
      { statusCode: 0, message: 'Network Error' },
      { statusCode: 409, code: 'IDEMPOTENCY_KEY_IN_USE', message: '同一键的请求正在处理' },
      { statusCode: 503, message: '暂时不可用' },
    ];
    const keys: unknown[] = [];
    const request = vi.fn(async (config: AxiosRequestConfig) => {
      if (config.method !== 'post' || config.url !== '/business/product')
        throw new Error(`unexpected request: ${config.method} ${config.url}`);
      keys.push((config.headers as Record<string, unknown>)['Idempotency-Key']);
      const failure = failures.shift();
      if (failure) throw failure;
      return { data: 42 };
    });
    const provider = createDataProvider({ request } as unknown as HttpClient, {
      apiUrl: '/api',
      basePath: '/business',
      deleteFlag: 'isSoftDelete',
      idempotentCreates: { delaysMs: [1, 1, 1] },
    });
    const result = await provider.create({ resource: 'product', variables: { name: '苹果' } });
    expect(result.data).toEqual({ name: '苹果', id: 42 });
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
    // another create, another key; a key the screen gives is sent as given
    await provider.create({ resource: 'product', variables: { name: '梨' } });
    await provider.create({
      resource: 'product',
      variables: { name: '桃' },
      meta: { idempotencyKey: 'form-1' },
    });
    expect(keys.slice(4)).toEqual([expect.not.stringMatching(String(keys[0])), 'form-1']);
  });

  it('does not send a create again after a refusal, nor more often than its delays allow', async () => {
    for (const [failure, attempts] of [
      [{ statusCode: 409, code: 'CONFLICT', message: '冲突' }, 1],
      [{ statusCode: 422, message: '键已用于另一请求' }, 1],
      [{ statusCode: 403, message: '无权限' }, 1],
      [{ statusCode: 0, message: 'Network Error' }, 3],
    ] as const) {
      const request = vi.fn(async () => {
        throw failure;
      });
      const provider = createDataProvider({ request } as unknown as HttpClient, {
        apiUrl: '/api',
        basePath: '/business',
        deleteFlag: 'isSoftDelete',
        idempotentCreates: { delaysMs: [1, 1] },
      });
      await expect(provider.create({ resource: 'product', variables: {} })).rejects.toBe(failure);
      expect(request).toHaveBeenCalledTimes(attempts);
    }
  });

  it('sends no key without idempotentCreates (the metadata API keeps none)', async () => {
    const { provider, call } = business([{ method: 'post', url: '/business/product', reply: 42 }]);
    await provider.create({ resource: 'product', variables: { name: '苹果' } });
    expect(call('/business/product', 'post').headers).toBeUndefined();
  });

  it('updates with PATCH', async () => {
    const { provider, call } = business([{ method: 'patch', url: '/business/product/42', reply: '' }]);
    const result = await provider.update({ resource: 'product', id: 42, variables: { name: '梨' } });
    expect(result.data).toEqual({ name: '梨', id: 42 });
    expect(call('/business/product/42', 'patch').data).toEqual({ name: '梨' });
  });

  it('deletes one, hard or soft', async () => {
    const { provider, call, request } = business([
      { method: 'delete', url: '/business/product/42', reply: '' },
    ]);
    await provider.deleteOne({ resource: 'product', id: 42 });
    expect(call('/business/product/42', 'delete').params).toEqual({ isSoftDelete: 'false' });
    await provider.deleteOne({ resource: 'product', id: 42, meta: { isSoftDelete: true } });
    expect(request.mock.calls[1]?.[0].params).toEqual({ isSoftDelete: 'true' });
  });

  it('deletes many with a JSON array body', async () => {
    const { provider, call } = business([{ method: 'delete', url: '/business/product', reply: '' }]);
    await provider.deleteMany?.({ resource: 'product', ids: [1, 2, 3], variables: { isSoftDelete: true } });
    expect(call('/business/product', 'delete').data).toEqual([1, 2, 3]);
    expect(call('/business/product', 'delete').params).toEqual({ isSoftDelete: 'true' });
  });

  it('never sends a batch delete without ids', async () => {
    const { provider, request } = business([]);
    await expect(provider.deleteMany?.({ resource: 'product', ids: [] })).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(request).not.toHaveBeenCalled();
  });
});

describe('data provider: custom and metadata', () => {
  it('sends custom calls relative to the API base, with query, payload and headers', async () => {
    const { provider, call } = business([
      { method: 'post', url: '/business/product/export', reply: '/download/a.xlsx' },
    ]);
    const result = await provider.custom?.({
      url: '/api/business/product/export',
      method: 'post',
      query: { search: 'x' },
      payload: { a: 1 },
      headers: { 'X-Test': '1' },
      meta: { dataSource: 'pg' },
    });
    expect(result?.data).toBe('/download/a.xlsx');
    const sent = call('/business/product/export', 'post');
    expect(sent.params).toEqual({ search: 'x' });
    expect(sent.data).toEqual({ a: 1 });
    expect(sent.headers).toEqual({ 'X-Test': '1' });
    expect(sent.dataSource).toBe('pg');
  });

  it('serves metadata resources under /metadata with their delete flag', async () => {
    const fake = createFakeHttpClient([
      { method: 'delete', url: '/metadata/tables/3', reply: '' },
      { method: 'delete', url: '/metadata/sequences/4', reply: '' },
      { method: 'delete', url: '/metadata/tablerelations', reply: '' },
    ]);
    const provider = createDataProvider(fake.http, {
      apiUrl: '/api',
      basePath: '/metadata',
      deleteFlag: { tables: 'isDropPhysicalTable' },
    });
    expect(provider.getApiUrl()).toBe('/api');
    await provider.deleteOne({ resource: 'tables', id: 3, meta: { isDropPhysicalTable: true } });
    expect(fake.call('/metadata/tables/3', 'delete').params).toEqual({ isDropPhysicalTable: 'true' });
    await provider.deleteOne({ resource: 'sequences', id: 4, variables: { isDropPhysicalTable: true } });
    expect(fake.call('/metadata/sequences/4', 'delete').params).toEqual({});
    await provider.deleteMany?.({ resource: 'tablerelations', ids: [5, 6] });
    const batch = fake.call('/metadata/tablerelations', 'delete');
    expect(batch.params).toEqual({});
    expect(batch.data).toEqual([5, 6]);
  });
});
