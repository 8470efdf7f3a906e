import type { Authority, LoginResponse, Principal, RoleInfo } from '../../../contract';
import { SUPER_ADMIN_ROLE } from '../../../contract';
import { createKeyStorage, type KeyStorage } from './createKeyStorage';
import type { UserAccess } from './lib/permission';

/** docs/product.md §3 user info, kept in localStorage `userInfo`. */
export interface UserInfo {
  username: string;
  realname: string;
  avatar: string;
  authorities: Authority[];
  roles: RoleInfo[];
}

/** docs/product.md §3 permission, kept in localStorage `permission`. */
export interface PermissionInfo {
  permissions: Authority[];
  isSuperAdmin: boolean;
}

export const SESSION_KEYS = { token: 'token', userInfo: 'userInfo', permission: 'permission' } as const;

export const toUserInfo = (principal: Principal): UserInfo => ({
  username: principal.username,
  realname: principal.realname || principal.username,
  avatar: principal.avatar ?? '',
  authorities: principal.authorities ?? [],
  roles: principal.roles ?? [],
});

export const toPermission = (authorities: Authority[], roles: RoleInfo[] = []): PermissionInfo => ({
  permissions: authorities,
  isSuperAdmin:
    authorities.some((a) => a.authority === SUPER_ADMIN_ROLE) ||
    roles.some((r) => r.code === SUPER_ADMIN_ROLE),
});

/** What the web side remembers of a session (the session itself is an HttpOnly cookie). */
export interface Session {
  /** The "signed in" marker: the principal's username. */
  getToken: () => string | null;
  getUserInfo: () => UserInfo | null;
  getPermission: () => PermissionInfo | null;
  /** Stores user info and permission of a principal (after login or `GET /api/users/me`). */
  saveUserInfo: (principal: Principal, authorities?: Authority[]) => UserInfo;
  /** docs/product.md §4: login stores the token (the principal's username) and the user info. */
  saveLogin: (response: LoginResponse) => UserInfo;
  clearSession: () => void;
  /** The signed-in user's rights, for permission checks. */
  getUserAccess: () => UserAccess;
}

/** The session kept in `storage` under the keys `token`, `userInfo` and `permission` (after its prefix). */
export const createSession = (storage: KeyStorage): Session => {
  const readJson = <T>(key: string): T | null => {
    const raw = storage.read(key);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  };
  const getPermission = () => readJson<PermissionInfo>(SESSION_KEYS.permission);
  const saveUserInfo = (principal: Principal, authorities: Authority[] = principal.authorities ?? []) => {
    const info = toUserInfo(principal);
    storage.write(SESSION_KEYS.userInfo, JSON.stringify(info));
    storage.write(SESSION_KEYS.permission, JSON.stringify(toPermission(authorities, info.roles)));
    return info;
  };
  return {
    getToken: () => storage.read(SESSION_KEYS.token),
    getUserInfo: () => readJson<UserInfo>(SESSION_KEYS.userInfo),
    getPermission,
    saveUserInfo,
    saveLogin: (response) => {
      storage.write(SESSION_KEYS.token, response.principal.username);
      return saveUserInfo(response.principal, response.authorities ?? response.principal.authorities);
    },
    clearSession: () => {
      for (const key of Object.values(SESSION_KEYS)) storage.remove(key);
    },
    getUserAccess: () => {
      const permission = getPermission();
      return {
        isSuperAdmin: permission?.isSuperAdmin ?? false,
        authorities: (permission?.permissions ?? []).map((p) => p.authority),
      };
    },
  };
};

/**
 * The session under unprefixed keys (those of crudboard's own app): what the providers use when
 * they are made one by one without a session of their own. Reads nothing until it is asked.
 */
export const defaultSession: Session = createSession(createKeyStorage());
