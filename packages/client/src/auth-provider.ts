import type { AuthProvider } from '@refinedev/core';
import type { AxiosInstance } from 'axios';
import type { LoginResponse, Principal } from '../../../contract';
import { statusOf, type HttpError } from './lib/http-error';
import { defaultSession, type PermissionInfo, type Session, type UserInfo } from './session';
import { AUTH_REDIRECT_DELAY_MS } from './http';

export interface LoginVariables {
  username: string;
  password: string;
  /** A directory (LDAP provider) id; absent: a local account. */
  provider?: string;
}

/** A way to sign in besides the local password form (`GET /api/auth/providers`). */
export interface SignInProvider {
  id: string;
  kind: 'oidc' | 'ldap';
  name: string;
}

export interface SignInOptions {
  providers: SignInProvider[];
  passwordSignIn: boolean;
}

/** The server's sign-in choices; only the password form when it cannot be asked. */
export const fetchSignInOptions = async (http: Pick<AxiosInstance, 'get'>): Promise<SignInOptions> => {
  try {
    const { data } = await http.get<SignInOptions>('/auth/providers', { skipAuthRedirect: true });
    return data;
  } catch {
    return { providers: [], passwordSignIn: true };
  }
};

/** Where the browser starts a single sign-on with a provider (a full page navigation). */
export const singleSignOnUrl = (apiUrl: string, providerId: string, returnTo?: string): string =>
  `${apiUrl}/auth/sso/${encodeURIComponent(providerId)}${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`;

/**
 * After a single sign-on the server has set the session cookie but nothing is stored here yet:
 * reads the signed-in user and stores the session. False when the browser has no session.
 */
export const resumeSession = async (
  http: Pick<AxiosInstance, 'get'>,
  { saveLogin }: Pick<Session, 'saveLogin'> = defaultSession,
): Promise<boolean> => {
  try {
    const { data } = await http.get<Principal>('/users/me', { skipAuthRedirect: true });
    saveLogin({ name: data.username, authorities: data.authorities, principal: data });
    return true;
  } catch {
    return false;
  }
};

/** The user as Refine's `useGetIdentity` returns it. */
export interface Identity extends UserInfo {
  name: string;
}

type Http = Pick<AxiosInstance, 'get' | 'post'>;

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

const errorOf = (error: unknown): Error => {
  const message = (error as Partial<HttpError> | undefined)?.message;
  return Object.assign(new Error(message || 'http request error'), { name: 'LoginError' });
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * docs/product.md §4 session rules over the stored `token`, `userInfo` and `permission` of `session`
 * (the one under unprefixed keys, crudboard's own app's, unless another is given).
 */
export const createAuthProvider = (
  http: Http,
  redirectDelayMs: number = AUTH_REDIRECT_DELAY_MS,
  { getToken, getUserInfo, getPermission, saveLogin, saveUserInfo, clearSession }: Session = defaultSession,
): AuthProvider => ({
  login: async ({ username, password, provider }: LoginVariables) => {
    try {
      const { data } = await http.post<LoginResponse>(
        '/auth/login',
        { username, password, ...(provider ? { provider } : {}) },
        { headers: FORM, skipAuthRedirect: true, changesSession: true },
      );
      saveLogin(data);
      return { success: true, redirectTo: '/' };
    } catch (error) {
      return { success: false, error: errorOf(error) };
    }
  },

  logout: async () => {
    let endSessionUrl: string | undefined;
    try {
      const { data } = await http.get<{ endSessionUrl?: string } | null>('/auth/logout', {
        skipAuthRedirect: true,
        changesSession: true,
      });
      endSessionUrl = data?.endSessionUrl;
    } catch {
      // the session is forgotten here whatever the server says
    }
    clearSession();
    // Signed in through an identity provider: sign out there too.
    if (endSessionUrl && typeof window !== 'undefined') {
      window.location.assign(endSessionUrl);
      return { success: true };
    }
    return { success: true, redirectTo: '/login' };
  },

  check: async () => {
    if (!getToken()) return { authenticated: false, redirectTo: '/login' };
    if (getUserInfo()) return { authenticated: true };
    try {
      const { data } = await http.get<Principal>('/users/me');
      saveUserInfo(data);
      return { authenticated: true };
    } catch (error) {
      clearSession();
      return { authenticated: false, redirectTo: '/login', error: errorOf(error) };
    }
  },

  onError: async (error: unknown) => {
    const status = statusOf(error);
    if (status === 401) {
      // the http layer has shown the server's message; the login page follows a second later
      await wait(redirectDelayMs);
      return { logout: true, redirectTo: '/login', error: error as Error };
    }
    if (status === 403) return { error: error as Error };
    return {};
  },

  getIdentity: async (): Promise<Identity | null> => {
    const info = getUserInfo();
    return info ? { ...info, name: info.realname || info.username } : null;
  },

  getPermissions: async (): Promise<PermissionInfo | null> => getPermission(),
});
