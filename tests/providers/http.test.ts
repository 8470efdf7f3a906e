import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createHttp,
  createUnauthorizedHandler,
  PermissionDeniedError,
  type HttpDeps,
} from '../../packages/client/src/http';
import { createFakeAdapter, type Reply } from '../helpers/fakeAdapter';

const setup = (replies: Reply[], overrides: Partial<HttpDeps> = {}) => {
  const adapter = createFakeAdapter(...replies);
  const onUnauthorized = vi.fn();
  const deps: HttpDeps = {
    baseURL: '/api',
    getDataSource: () => 'primary',
    getLanguage: () => 'zh-CN',
    getAccess: () => ({ isSuperAdmin: false, authorities: [] }),
    onUnauthorized,
    ...overrides,
  };
  const http = createHttp(deps);
  http.defaults.adapter = adapter;
  const sent = (i = 0) => {
    const config = adapter.mock.calls[i]?.[0];
    if (!config) throw new Error(`request ${i} was not sent`);
    return config;
  };
  return { http, adapter, onUnauthorized, sent };
};

describe('http headers', () => {
  it('sends the current data source and the UI language', async () => {
    const { http, sent } = setup([{ status: 200, data: [] }], {
      getDataSource: () => 'pg',
      getLanguage: () => 'en-US',
    });
    await http.get('/users/me/table');
    expect(sent().url).toBe('/users/me/table');
    expect(sent().baseURL).toBe('/api');
    expect(sent().headers.get('dataSource')).toBe('pg');
    expect(sent().headers.get('Accept-Language')).toBe('en-US');
  });

  it('lets a request name another data source, by option or by header', async () => {
    const { http, sent } = setup([
      { status: 200, data: 1 },
      { status: 200, data: 2 },
    ]);
    await http.get('/business/a/count', { dataSource: 'mysql' });
    await http.get('/business/a/count', { headers: { dataSource: 'archive' } });
    expect(sent(0).headers.get('dataSource')).toBe('mysql');
    expect(sent(1).headers.get('dataSource')).toBe('archive');
  });
});

describe('http bodies', () => {
  it('sends JSON by default', async () => {
    const { http, sent } = setup([{ status: 201, data: 5 }]);
    await http.post('/business/product', { name: '苹果', price: 3 });
    expect(sent().headers.get('Content-Type')).toMatch(/application\/json/);
    expect(sent().data).toBe('{"name":"苹果","price":3}');
  });

  it('serialises a form-encoded body as a form', async () => {
    const { http, sent } = setup([{ status: 200, data: {} }]);
    await http.post(
      '/auth/login',
      { username: 'superadmin', password: 'a b&c=d' },
      { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
    );
    expect(sent().headers.get('Content-Type')).toMatch(/application\/x-www-form-urlencoded/);
    expect(new URLSearchParams(String(sent().data))).toEqual(
      new URLSearchParams({ username: 'superadmin', password: 'a b&c=d' }),
    );
  });

  it('passes multipart bodies through untouched', async () => {
    const { http, sent } = setup([{ status: 201, data: { url: '/download/x' } }]);
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    await http.post('/file', form);
    expect(sent().data).toBe(form);
  });
});

describe('permission pre-check (docs/product.md §6)', () => {
  it('lets the super admin send anything', async () => {
    const { http, adapter } = setup([{ status: 200, data: [] }], {
      getAccess: () => ({ isSuperAdmin: true, authorities: [] }),
    });
    await http.get('/metadata/sqls', { requiredPermissions: ['sql:execute'] });
    expect(adapter).toHaveBeenCalledTimes(1);
  });

  it('lets a holder of one listed authority send', async () => {
    const { http, adapter } = setup([{ status: 200, data: [] }], {
      getAccess: () => ({ isSuperAdmin: false, authorities: ['business:*:read'] }),
    });
    await http.get('/business/product', { requiredPermissions: ['business:product:read'] });
    expect(adapter).toHaveBeenCalledTimes(1);
  });

  it('checks a business code against the table of the data source the request goes to', async () => {
    const access = {
      isSuperAdmin: false,
      authorities: ['business:store.product:read', 'business:product:delete'],
    };
    const ok = { status: 200, data: [] };
    const { http, adapter } = setup([ok, ok, ok], {
      getDataSource: () => 'store',
      getAccess: () => access,
    });
    await http.get('/business/product', { requiredPermissions: ['business:product:read'] });
    expect(adapter).toHaveBeenCalledTimes(1);
    // primary's product is another table: its delete right does not reach store's.
    const refused = await http
      .delete('/business/product/1', { requiredPermissions: ['business:product:delete'] })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PermissionDeniedError);
    // Named for primary by option or by header, the plain code is the one asked.
    await http.delete('/business/product/1', {
      dataSource: 'primary',
      requiredPermissions: ['business:product:delete'],
    });
    await http.delete('/business/product/1', {
      headers: { dataSource: 'primary' },
      requiredPermissions: ['business:product:delete'],
    });
    expect(adapter).toHaveBeenCalledTimes(3);
  });

  it('rejects a non-holder before anything is sent, saying so in the user language', async () => {
    const { http, adapter, onUnauthorized } = setup([], {
      getAccess: () => ({ isSuperAdmin: false, authorities: ['business:product:read'] }),
    });
    const error = await http
      .delete('/business/product/1', { requiredPermissions: ['business:product:delete'] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as Error).message).toBe('没有权限执行此操作，如需权限请联系管理员');
    expect((error as PermissionDeniedError).statusCode).toBe(403);
    expect(adapter).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('http failures (docs/product.md §8)', () => {
  it.each<[string, Reply, { message: string; statusCode: number }]>([
    [
      '500 with a message',
      { status: 500, data: { code: 'INTERNAL_ERROR', message: '出错了' } },
      { message: '出错了', statusCode: 500 },
    ],
    [
      '404 without a message',
      { status: 404, statusText: 'Not Found', data: '' },
      { message: '要找的内容不存在，可能已被删除', statusCode: 404 },
    ],
    [
      '409 without message or text',
      { status: 409, data: null },
      { message: '数据已被他人修改或与现有数据冲突，请刷新后重试', statusCode: 409 },
    ],
    [
      '502 from a proxy page',
      { status: 502, statusText: 'Bad Gateway', data: '<html>' },
      { message: '服务器暂时不可用，请稍后重试', statusCode: 502 },
    ],
    ['a timeout', { error: 'timeout' }, { message: 'Network timeout', statusCode: 0 }],
    ['a network error', { error: 'network' }, { message: 'Network Error', statusCode: 0 }],
  ])('rejects %s with an HttpError', async (_name, reply, expected) => {
    const { http, onUnauthorized } = setup([reply]);
    await expect(http.get('/business/product')).rejects.toMatchObject(expected);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('maps 400 field errors so forms can show them', async () => {
    const { http } = setup([
      { status: 400, data: { code: 'VALIDATION_ERROR', message: '校验失败', errors: { name: '名称重复' } } },
    ]);
    await expect(http.post('/business/product', {})).rejects.toEqual({
      message: '校验失败',
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      errors: { name: '名称重复' },
    });
  });

  it('reports a 401 with the server message', async () => {
    const { http, onUnauthorized } = setup([
      { status: 401, data: { code: 'UNAUTHORIZED', message: '会话过期' } },
    ]);
    await expect(http.get('/users/me/menu')).rejects.toMatchObject({ statusCode: 401, message: '会话过期' });
    expect(onUnauthorized).toHaveBeenCalledWith('会话过期');
  });

  it('does not treat a failed login as an expired session', async () => {
    const { http, onUnauthorized } = setup([
      { status: 401, data: { code: 'AUTH_ERROR', message: '用户名或密码错误' } },
    ]);
    await expect(http.post('/auth/login', {}, { skipAuthRedirect: true })).rejects.toMatchObject({
      statusCode: 401,
      message: '用户名或密码错误',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('ignores a 401 answering a request sent before the last sign-in', async () => {
    const { http, adapter, onUnauthorized } = setup([
      { status: 200, data: { principal: { username: 'u' } } },
      { status: 401, data: { message: '会话过期' } },
      { status: 401, data: { message: '会话过期' } },
    ]);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The old session's request is answered only after the new sign-in succeeded.
    http.defaults.adapter = async (config) => {
      if (config.url === '/business/old') await gate;
      return adapter(config);
    };
    const old = http.get('/business/old');
    await http.post('/auth/login', {}, { skipAuthRedirect: true, changesSession: true });
    release();
    await expect(old).rejects.toMatchObject({ statusCode: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    // a request of the new session still reports its 401
    await expect(http.get('/business/new')).rejects.toMatchObject({ statusCode: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith('会话过期');
  });
});

describe('401 handling (docs/product.md §8: notice, then login after 1000 ms)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the notice and clears the session at once, and opens the login page a second later', () => {
    vi.useFakeTimers();
    const notify = vi.fn();
    const clearSession = vi.fn();
    const navigateToLogin = vi.fn();
    const handle = createUnauthorizedHandler({ notify, clearSession, navigateToLogin });

    handle('会话过期');
    expect(notify).toHaveBeenCalledWith('会话过期');
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(navigateToLogin).not.toHaveBeenCalled();

    vi.advanceTimersByTime(999);
    expect(navigateToLogin).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigateToLogin).toHaveBeenCalledTimes(1);
  });

  it('redirects once for a burst of 401s', () => {
    vi.useFakeTimers();
    const navigateToLogin = vi.fn();
    const handle = createUnauthorizedHandler({ notify: vi.fn(), clearSession: vi.fn(), navigateToLogin });
    handle('a');
    handle('b');
    handle('c');
    vi.advanceTimersByTime(1000);
    expect(navigateToLogin).toHaveBeenCalledTimes(1);
  });

  it('is what the http client runs on a 401', async () => {
    vi.useFakeTimers();
    const notify = vi.fn();
    const navigateToLogin = vi.fn();
    const { http } = setup([{ status: 401, data: { message: '未登录' } }], {
      onUnauthorized: createUnauthorizedHandler({ notify, clearSession: vi.fn(), navigateToLogin }),
    });
    await http.get('/users/me').catch(() => undefined);
    expect(notify).toHaveBeenCalledWith('未登录');
    expect(navigateToLogin).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(navigateToLogin).toHaveBeenCalledTimes(1);
  });
});
