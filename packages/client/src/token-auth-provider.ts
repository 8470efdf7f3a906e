import type { AuthProvider } from '@refinedev/core';
import type { AxiosInstance } from 'axios';
import { SUPER_ADMIN_ROLE, type Principal } from '../../../contract';
import { statusOf } from './lib/http-error';
import { toUserInfo, type PermissionInfo } from './session';
import type { Identity } from './auth-provider';

/**
 * The auth provider of a client made with an API token: no sign-in, no stored session. It is
 * authenticated as long as the server takes the token; identity and codes come from
 * `GET /api/users/me` (as the token narrows them).
 */
export const createTokenAuthProvider = (http: Pick<AxiosInstance, 'get'>): AuthProvider => {
  let me: Promise<Principal> | undefined;
  const principal = () => {
    me ??= http.get<Principal>('/users/me').then(({ data }) => data);
    return me;
  };
  return {
    login: async () => ({ success: false, error: new Error('this client signs in with an API token') }),
    logout: async () => ({ success: true }),
    check: async () => {
      try {
        await principal();
        return { authenticated: true };
      } catch (error) {
        me = undefined;
        return { authenticated: false, error: error as Error };
      }
    },
    onError: async (error: unknown) =>
      statusOf(error) === 401 || statusOf(error) === 403 ? { error: error as Error } : {},
    getIdentity: async (): Promise<Identity | null> => {
      const data = await principal().catch(() => undefined);
      return data ? { ...toUserInfo(data), name: data.realname || data.username } : null;
    },
    getPermissions: async (): Promise<PermissionInfo | null> => {
      const data = await principal().catch(() => undefined);
      if (!data) return null;
      const isSuperAdmin = data.authorities.some((authority) => authority.authority === SUPER_ADMIN_ROLE);
      return { permissions: data.authorities, isSuperAdmin };
    },
  };
};
