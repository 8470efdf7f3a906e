import type { Authority, LoginResponse, Principal, RoleInfo } from '../../contract';
import { SUPER_ADMIN_ROLE } from '../../contract';
import type { UserAccess } from '../lib/permission';

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

const readJson = <T>(key: string): T | null => {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
};

/** The "signed in" marker: the principal's username (the session itself is an HttpOnly cookie). */
export const getToken = (): string | null => localStorage.getItem(SESSION_KEYS.token);

export const getUserInfo = (): UserInfo | null => readJson<UserInfo>(SESSION_KEYS.userInfo);

export const getPermission = (): PermissionInfo | null => readJson<PermissionInfo>(SESSION_KEYS.permission);

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

/** Stores user info and permission of a principal (after login or `GET /api/users/me`). */
export const saveUserInfo = (
  principal: Principal,
  authorities: Authority[] = principal.authorities ?? [],
): UserInfo => {
  const info = toUserInfo(principal);
  localStorage.setItem(SESSION_KEYS.userInfo, JSON.stringify(info));
  localStorage.setItem(SESSION_KEYS.permission, JSON.stringify(toPermission(authorities, info.roles)));
  return info;
};

/** docs/product.md §4: login stores the token (the principal's username) and the user info. */
export const saveLogin = (response: LoginResponse): UserInfo => {
  localStorage.setItem(SESSION_KEYS.token, response.principal.username);
  return saveUserInfo(response.principal, response.authorities ?? response.principal.authorities);
};

export const clearSession = (): void => {
  for (const key of Object.values(SESSION_KEYS)) localStorage.removeItem(key);
};

/** The signed-in user's rights, for permission checks. */
export const getUserAccess = (): UserAccess => {
  const permission = getPermission();
  return {
    isSuperAdmin: permission?.isSuperAdmin ?? false,
    authorities: (permission?.permissions ?? []).map((p) => p.authority),
  };
};
