import type { AxiosInstance } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../packages/client/src/auth-provider';
import { getPermission, getToken, getUserInfo } from '../../src/store/session';
import { clerk, signIn, superAdmin } from '../helpers/session';

type Http = Pick<AxiosInstance, 'get' | 'post'>;

/** A fake http whose get/post answer only what the test lists; anything else throws. */
const fakeHttp = (routes: Record<string, () => unknown>) => {
  const answer = (method: string) =>
    vi.fn(async (url: string) => {
      const route = routes[`${method} ${url}`];
      if (!route) throw new Error(`unexpected ${method} ${url}`);
      return { data: route() };
    });
  const http = { get: answer('GET'), post: answer('POST') };
  return http as typeof http & Http;
};

describe('auth provider (docs/product.md §4 session rules)', () => {
  afterEach(() => vi.useRealTimers());

  it('sends a visitor without a token to the login page', async () => {
    const http = fakeHttp({});
    await expect(createAuthProvider(http).check()).resolves.toEqual({
      authenticated: false,
      redirectTo: '/login',
    });
    expect(http.get).not.toHaveBeenCalled();
  });

  it('loads the user info when only the token is there', async () => {
    localStorage.setItem('token', 'clerk');
    const http = fakeHttp({ 'GET /users/me': () => clerk });
    await expect(createAuthProvider(http).check()).resolves.toEqual({ authenticated: true });
    expect(getUserInfo()).toMatchObject({ username: 'clerk', realname: '张三' });
    expect(getPermission()).toEqual({ permissions: clerk.authorities, isSuperAdmin: false });
  });

  it('sends the user to login when that load fails', async () => {
    localStorage.setItem('token', 'clerk');
    const http = fakeHttp({});
    const result = await createAuthProvider(http).check();
    expect(result).toMatchObject({ authenticated: false, redirectTo: '/login' });
    expect(getToken()).toBeNull();
  });

  it('trusts a token with user info without asking the server', async () => {
    signIn(clerk);
    const http = fakeHttp({});
    await expect(createAuthProvider(http).check()).resolves.toEqual({ authenticated: true });
  });

  it('logs in with a form-encoded body and stores the token and user info', async () => {
    const http = fakeHttp({
      'POST /auth/login': () => ({
        name: 'superadmin',
        authorities: superAdmin.authorities,
        principal: superAdmin,
      }),
    });
    const result = await createAuthProvider(http).login({ username: 'superadmin', password: 'pw' });
    expect(result).toEqual({ success: true, redirectTo: '/' });
    expect(http.post).toHaveBeenCalledWith(
      '/auth/login',
      { username: 'superadmin', password: 'pw' },
      {
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        skipAuthRedirect: true,
        changesSession: true,
      },
    );
    expect(getToken()).toBe('superadmin');
    expect(getUserInfo()).toEqual({
      username: 'superadmin',
      realname: '超级管理员',
      avatar: '',
      authorities: superAdmin.authorities,
      roles: superAdmin.roles,
    });
    expect(getPermission()).toEqual({ permissions: superAdmin.authorities, isSuperAdmin: true });
  });

  it('reports a failed login with the server message and stores nothing', async () => {
    const http = fakeHttp({});
    http.post.mockRejectedValueOnce({ message: '用户名或密码错误', statusCode: 401 });
    const result = await createAuthProvider(http).login({ username: 'x', password: 'y' });
    expect(result.success).toBe(false);
    expect(result.error?.message).toBe('用户名或密码错误');
    expect(getToken()).toBeNull();
  });

  it('logs out and clears the session even when the call fails', async () => {
    signIn(superAdmin);
    const http = fakeHttp({});
    await expect(createAuthProvider(http).logout({})).resolves.toEqual({
      success: true,
      redirectTo: '/login',
    });
    expect(http.get).toHaveBeenCalledWith('/auth/logout', { skipAuthRedirect: true, changesSession: true });
    expect(getToken()).toBeNull();
    expect(getUserInfo()).toBeNull();
    expect(getPermission()).toBeNull();
  });

  it('logs out on a 401, after the notice delay', async () => {
    vi.useFakeTimers();
    const provider = createAuthProvider(fakeHttp({}), 1000);
    let result: unknown;
    void provider.onError({ statusCode: 401, message: '会话过期' }).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toMatchObject({ logout: true, redirectTo: '/login' });
  });

  it('reports a 403 without logging out, and ignores other errors', async () => {
    const provider = createAuthProvider(fakeHttp({}));
    const forbidden = { statusCode: 403, message: '没有权限' };
    await expect(provider.onError(forbidden)).resolves.toEqual({ error: forbidden });
    await expect(provider.onError({ statusCode: 500, message: 'x' })).resolves.toEqual({});
  });

  it('gives identity and permissions from the stored session', async () => {
    const provider = createAuthProvider(fakeHttp({}));
    await expect(provider.getIdentity?.()).resolves.toBeNull();
    signIn(clerk);
    await expect(provider.getIdentity?.()).resolves.toMatchObject({ name: '张三', username: 'clerk' });
    await expect(provider.getPermissions?.()).resolves.toEqual({
      permissions: clerk.authorities,
      isSuperAdmin: false,
    });
  });
});
