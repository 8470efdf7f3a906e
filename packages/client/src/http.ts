import axios, { type AxiosError, type AxiosInstance } from 'axios';
import { toHttpError } from './lib/http-error';
import { refusalMessage } from './lib/refusal-message';
import { qualifyBusinessPermission } from '../../../contract';
import { hasAnyPermission, type UserAccess } from './lib/permission';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Data source of this request, instead of the current one. */
    dataSource?: string;
    /**
     * docs/product.md §6: refused before sending unless super admin or one of these is held. A
     * business code names its table as on the request's data source (`business:product:read`);
     * on another data source than primary it is checked as `business:<dataSource>.product:read`.
     */
    requiredPermissions?: readonly string[];
    /** The login call: its 401 means wrong credentials, not an expired session. */
    skipAuthRedirect?: boolean;
    /** Login and logout: once they succeed, a 401 of a request sent before them is stale. */
    changesSession?: boolean;
    /** Set by the client: how many session changes had succeeded when the request was sent. */
    sessionGeneration?: number;
  }
}

/** docs/product.md §9: delay between the 401 notice and the login page. */
export const AUTH_REDIRECT_DELAY_MS = 1000;

/** Rejection of a request the user may not send (docs/product.md §6). */
export class PermissionDeniedError extends Error {
  override readonly name = 'PermissionDeniedError';
  readonly statusCode = 403;
  readonly code = 'FORBIDDEN';
  /** `language`: the user's (`zh-CN` by default), for the message a screen shows. */
  constructor(language?: string) {
    super(refusalMessage(403, language));
  }
}

export interface HttpDeps {
  /** The server's base URL + `/api` (see `apiUrlOf`). */
  baseURL: string;
  getDataSource: () => string | undefined;
  getLanguage: () => string;
  getAccess: () => UserAccess;
  /** Called with the server's message when a request (other than login) gets a 401. */
  onUnauthorized: (message: string) => void;
  /**
   * An API token: every request sends `Authorization: Bearer <token>`, and the permission
   * pre-check is left to the server (there is no stored session to check against).
   */
  token?: string;
}

/**
 * The app's HTTP client (docs/product.md §6–§8): data-source and Accept-Language headers, the permission
 * pre-check, JSON / form / multipart bodies (axios serialises a plain object as JSON, or as a form
 * when the Content-Type says `application/x-www-form-urlencoded`; FormData passes through), and
 * failures mapped to `{message, statusCode, errors}`.
 */
export const createHttp = (deps: HttpDeps): AxiosInstance => {
  const instance = axios.create({ baseURL: deps.baseURL });
  // Successful logins and logouts so far: a 401 answering a request sent before the last one speaks
  // of a session that is already over (it must not warn, nor forget the new session).
  let generation = 0;

  instance.interceptors.request.use((config) => {
    config.sessionGeneration = generation;
    // A dataSource header set by the caller wins over the option, which wins over the current one.
    const named = config.headers.get('dataSource');
    const dataSource =
      typeof named === 'string' && named ? named : (config.dataSource ?? deps.getDataSource());
    const required = config.requiredPermissions?.map((code) => qualifyBusinessPermission(code, dataSource));
    if (deps.token) config.headers.set('Authorization', `Bearer ${deps.token}`);
    else if (required && !hasAnyPermission(deps.getAccess(), required))
      throw new PermissionDeniedError(deps.getLanguage());
    if (dataSource && !config.headers.has('dataSource')) config.headers.set('dataSource', dataSource);
    config.headers.set('Accept-Language', deps.getLanguage());
    return config;
  });

  instance.interceptors.response.use(
    (response) => {
      if (response.config.changesSession) generation += 1;
      return response;
    },
    (error: unknown) => {
      if (error instanceof PermissionDeniedError || axios.isCancel(error)) return Promise.reject(error);
      const failure = error as Partial<AxiosError>;
      const mapped = toHttpError(
        {
          response: failure.response
            ? {
                status: failure.response.status,
                statusText: failure.response.statusText,
                data: failure.response.data,
              }
            : undefined,
          message: failure.message,
        },
        deps.getLanguage(),
      );
      const stale =
        failure.config?.sessionGeneration !== undefined && failure.config.sessionGeneration < generation;
      if (mapped.statusCode === 401 && !failure.config?.skipAuthRedirect && !stale)
        deps.onUnauthorized(mapped.message);
      return Promise.reject(mapped);
    },
  );

  return instance;
};

export interface UnauthorizedActions {
  notify: (message: string) => void;
  clearSession: () => void;
  navigateToLogin: () => void;
  delayMs?: number;
}

/**
 * docs/product.md §8: show the server's message as a negative notice, forget the session, and open the
 * login page a second later. Several 401s at once give one redirect.
 */
export const createUnauthorizedHandler = ({
  notify,
  clearSession: clear,
  navigateToLogin,
  delayMs = AUTH_REDIRECT_DELAY_MS,
}: UnauthorizedActions): ((message: string) => void) => {
  let pending: ReturnType<typeof setTimeout> | undefined;
  return (message) => {
    notify(message);
    clear();
    if (pending !== undefined) return;
    pending = setTimeout(() => {
      pending = undefined;
      navigateToLogin();
    }, delayMs);
  };
};

/** The API root under a server's base URL: `''` → `/api`, `https://x.example/` → `https://x.example/api`. */
export const apiUrlOf = (baseURL = ''): string => `${baseURL.replace(/\/+$/, '')}/api`;
