import { QueryClient } from '@tanstack/react-query';
import axios from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '../../contract';
import { createCrudboardClient, QUERY_DEFAULTS, type CrudboardClient } from '@crudboard/client';
import { createFakeAdapter, type Reply } from '../helpers/fakeAdapter';
import { clerk, superAdmin } from '../helpers/session';

const loginAnswer = (principal = superAdmin): LoginResponse => ({
  name: principal.username,
  authorities: principal.authorities,
  principal,
});

/** A client whose requests get `replies` in order (any further request throws). */
const withReplies = (client: CrudboardClient, ...replies: Reply[]) => {
  const adapter = createFakeAdapter(...replies);
  client.http.defaults.adapter = adapter;
  const sent = (i = 0) => {
    const config = adapter.mock.calls[i]?.[0];
    if (!config) throw new Error(`request ${i} was not sent`);
    return config;
  };
  return { adapter, sent };
};

describe('createCrudboardClient', () => {
  afterEach(() => vi.restoreAllMocks());

  it('does nothing when imported: no HTTP client, no storage read, no listener', async () => {
    vi.resetModules();
    const create = vi.spyOn(axios, 'create');
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const listen = vi.spyOn(window, 'addEventListener');
    const library = await import('@crudboard/client');
    expect(typeof library.createCrudboardClient).toBe('function');
    expect(create).not.toHaveBeenCalled();
    expect(getItem).not.toHaveBeenCalled();
    expect(listen).not.toHaveBeenCalled();

    library.createCrudboardClient({ storageKeyPrefix: 'x:' });
    expect(create).toHaveBeenCalledTimes(1);
    // making a client reads nothing either: storage is read when a request or check needs it
    expect(getItem).not.toHaveBeenCalled();
  });

  it('speaks to the same origin by default, or to the base URL given', async () => {
    const own = createCrudboardClient();
    expect(own.apiUrl).toBe('/api');
    expect(own.dataProvider.getApiUrl()).toBe('/api');

    const other = createCrudboardClient({ baseURL: 'https://admin.example.com/' });
    expect(other.apiUrl).toBe('https://admin.example.com/api');
    const { sent } = withReplies(other, { status: 200, data: [] }, { status: 200, data: 0 });
    await other.dataProvider.getList({ resource: 'customer' });
    expect(sent().baseURL).toBe('https://admin.example.com/api');
    expect(sent().url).toBe('/business/customer');
  });

  it('brings a retry policy for Refine: a 4xx is answered at once, a 5xx or a lost network tried twice more', async () => {
    const client = createCrudboardClient();
    const config = client.refineOptions.reactQuery?.clientConfig;
    if (!config || config instanceof QueryClient) throw new Error('clientConfig is not options');
    // the same defaults an app that makes its own QueryClient is given
    expect(config.defaultOptions).toBe(QUERY_DEFAULTS);
    // the delays between tries taken out, the policy kept
    const queries = new QueryClient({
      defaultOptions: { queries: { ...config.defaultOptions?.queries, retryDelay: 0 } },
    });
    const fetchList = () =>
      queries
        .fetchQuery({
          queryKey: [Math.random()],
          queryFn: () => client.dataProvider.getList({ resource: 'customer' }),
        })
        .then(
          () => 'ok',
          () => 'failed',
        );
    const forbidden = withReplies(client, { status: 403, data: { code: 'FORBIDDEN', message: '无权限' } });
    expect(await fetchList()).toBe('failed');
    expect(forbidden.adapter).toHaveBeenCalledTimes(1);
    const failing = withReplies(
      client,
      { status: 500, data: {} },
      { error: 'network' },
      { status: 502, data: {} },
    );
    expect(await fetchList()).toBe('failed');
    expect(failing.adapter).toHaveBeenCalledTimes(3);
  });

  it('keeps the sessions of two prefixes apart', async () => {
    const a = createCrudboardClient({ storageKeyPrefix: 'a:' });
    const b = createCrudboardClient({ storageKeyPrefix: 'b:' });
    withReplies(a, { status: 200, data: loginAnswer() });

    await expect(a.authProvider.login({ username: 'superadmin', password: 'pw' })).resolves.toMatchObject({
      success: true,
    });
    expect(localStorage.getItem('a:token')).toBe('superadmin');
    expect(localStorage.getItem('token')).toBeNull();
    await expect(a.authProvider.check({})).resolves.toEqual({ authenticated: true });
    await expect(b.authProvider.check({})).resolves.toEqual({ authenticated: false, redirectTo: '/login' });
    await expect(a.authProvider.getIdentity?.()).resolves.toMatchObject({ name: '超级管理员' });
    await expect(b.authProvider.getIdentity?.()).resolves.toBeNull();
  });

  it('checks permissions against its own session', async () => {
    const a = createCrudboardClient({ storageKeyPrefix: 'a:' });
    const b = createCrudboardClient({ storageKeyPrefix: 'b:' });
    a.session.saveLogin(loginAnswer(clerk));
    const canRead = (client: CrudboardClient) =>
      client.accessControlProvider.can({ resource: 'customer', action: 'list' });
    await expect(canRead(a)).resolves.toEqual({ can: true });
    await expect(canRead(b)).resolves.toMatchObject({ can: false });

    // a request that needs a code the session lacks is refused before it is sent
    const { adapter } = withReplies(b);
    await expect(
      b.custom({
        url: '/metadata/sqls/execute',
        method: 'post',
        meta: { requiredPermissions: ['sql:execute'] },
      }),
    ).rejects.toMatchObject({ statusCode: 403 });
    expect(adapter).not.toHaveBeenCalled();
  });

  it('sends its remembered data source and language, each under its prefix', async () => {
    const a = createCrudboardClient({ storageKeyPrefix: 'a:' });
    const b = createCrudboardClient({ storageKeyPrefix: 'b:' });
    a.rememberDataSource('pg');
    localStorage.setItem('a:locale', 'en-US');
    expect(localStorage.getItem('a:dataSource')).toBe('pg');
    const sentA = withReplies(a, { status: 200, data: [] }).sent;
    const sentB = withReplies(b, { status: 200, data: [] }).sent;
    await a.custom({ url: '/users/me/table', method: 'get' });
    await b.custom({ url: '/users/me/table', method: 'get' });
    expect(sentA().headers.get('dataSource')).toBe('pg');
    expect(sentA().headers.get('Accept-Language')).toBe('en-US');
    expect(sentB().headers.get('dataSource')).toBe('primary');
    expect(sentB().headers.get('Accept-Language')).toBe(navigator.language);
  });

  it('takes the language and data source from the app when it gives them', async () => {
    const client = createCrudboardClient({ getLanguage: () => 'zh-CN', getDataSource: () => 'archive' });
    const { sent } = withReplies(client, { status: 200, data: 3 });
    await expect(client.custom({ url: '/business/customer/count', method: 'get' })).resolves.toBe(3);
    expect(sent().headers.get('dataSource')).toBe('archive');
    expect(sent().headers.get('Accept-Language')).toBe('zh-CN');
  });

  it('asks sorted lists for pinyin order while the language is Chinese, and only then', async () => {
    let language = 'zh-CN';
    const client = createCrudboardClient({ getLanguage: () => language });
    const sorters = [{ field: 'name', order: 'desc' as const }];
    // records: the page and its total in one request
    const page = { status: 200, data: { data: [], total: 0 } };
    const chinese = withReplies(client, page);
    await client.dataProvider.getList({ resource: 'customer', sorters });
    expect(chinese.sent(0).params).toMatchObject({
      orderby: 'name DESC',
      collation: 'pinyin',
      withTotal: 'true',
    });
    language = 'en-US';
    const english = withReplies(client, page);
    await client.dataProvider.getList({ resource: 'customer', sorters });
    expect(english.sent(0).params).toMatchObject({ orderby: 'name DESC' });
    expect(english.sent(0).params).not.toHaveProperty('collation');
    // Metadata lists keep their own order.
    language = 'zh-CN';
    const metadata = withReplies(client, { status: 200, data: [] }, { status: 200, data: 0 });
    await client.dataProviders.metadata.getList({ resource: 'tables', sorters });
    expect(metadata.sent(0).params).not.toHaveProperty('collation');
  });

  it('forgets its session on a 401 and tells the app', async () => {
    vi.useFakeTimers();
    try {
      const notify = vi.fn();
      const toLogin = vi.fn();
      const client = createCrudboardClient({
        storageKeyPrefix: 'a:',
        notifyUnauthorized: notify,
        navigateToLogin: toLogin,
      });
      const other = createCrudboardClient({ storageKeyPrefix: 'b:' });
      client.session.saveLogin(loginAnswer());
      other.session.saveLogin(loginAnswer());
      withReplies(client, { status: 401, data: { message: '会话过期' } });
      await expect(client.custom({ url: '/users/me/table', method: 'get' })).rejects.toMatchObject({
        statusCode: 401,
      });
      expect(notify).toHaveBeenCalledWith('会话过期');
      expect(client.session.getToken()).toBeNull();
      expect(other.session.getToken()).toBe('superadmin');
      await vi.advanceTimersByTimeAsync(1000);
      expect(toLogin).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('with a token: sends it as Bearer, keeps no session, leaves permissions to the server', async () => {
    vi.useFakeTimers();
    try {
      const notify = vi.fn();
      const toLogin = vi.fn();
      const client = createCrudboardClient({
        storageKeyPrefix: 't:',
        token: 'secret-token',
        notifyUnauthorized: notify,
        navigateToLogin: toLogin,
      });
      const { sent } = withReplies(
        client,
        { status: 200, data: { data: [{ id: 1 }], total: 1 } },
        { status: 200, data: clerk },
        { status: 401, data: { message: '令牌无效' } },
      );
      await client.dataProvider.getList({
        resource: 'customer',
        meta: { requiredPermissions: ['business:x:read'] },
      });
      expect(sent().headers.get('Authorization')).toBe('Bearer secret-token');
      await expect(client.authProvider.check({})).resolves.toEqual({ authenticated: true });
      await expect(client.authProvider.getIdentity?.()).resolves.toMatchObject({ username: clerk.username });
      await expect(
        client.accessControlProvider.can({ resource: 'customer', action: 'delete' }),
      ).resolves.toEqual({
        can: true,
      });
      await expect(client.custom({ url: '/users/me/table', method: 'get' })).rejects.toMatchObject({
        statusCode: 401,
      });
      expect(notify).toHaveBeenCalledWith('令牌无效');
      await vi.advanceTimersByTimeAsync(1000);
      expect(toLogin).not.toHaveBeenCalled();
      expect(localStorage.getItem('t:token')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
