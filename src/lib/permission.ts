import { SUPER_ADMIN_ROLE } from '../../contract';

/** What the web app knows about the signed-in user's rights. */
export interface UserAccess {
  isSuperAdmin: boolean;
  /** Role codes and permission codes (API.md §6). */
  authorities: readonly string[];
}

export const NO_ACCESS: UserAccess = { isSuperAdmin: false, authorities: [] };

/**
 * Whether a granted code covers a required one. Codes are colon-separated; `*` matches any one
 * segment, and a trailing `*` also matches any remaining segments (`business:*` covers
 * `business:orders:read`, `*` covers everything).
 */
export const permissionMatches = (granted: string, required: string): boolean => {
  if (granted === required) return true;
  const have = granted.split(':');
  const want = required.split(':');
  for (let i = 0; i < have.length; i += 1) {
    const segment = have[i];
    const wanted = want[i];
    const last = i === have.length - 1;
    if (segment === '*' && last) return want.length >= have.length;
    if (wanted === undefined) return false;
    if (segment !== '*' && wanted !== '*' && segment !== wanted) return false;
  }
  return have.length === want.length;
};

/** SPEC §6: super admin passes; otherwise one of the user's authorities must cover one of `required`. */
export const hasAnyPermission = (access: UserAccess, required: readonly string[]): boolean => {
  if (access.isSuperAdmin || access.authorities.includes(SUPER_ADMIN_ROLE)) return true;
  return required.some((code) => access.authorities.some((granted) => permissionMatches(granted, code)));
};
