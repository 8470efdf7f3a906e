import { SUPER_ADMIN_ROLE } from './auth';

/**
 * The one rule for permission codes (docs/contract.md). Codes are colon-separated segments.
 * A `*` segment in a granted code matches exactly one segment; a trailing `*` also matches every
 * remaining segment, so `business:*` covers `business:orders:read` and `*` covers everything.
 * A required code that itself holds `*` (`business:*:read`) is covered only by a granted code at
 * least as broad (`business:*:read`, `business:*`, `*`), never by one naming a single table.
 */
export const permissionCovers = (granted: string, required: string): boolean => {
  if (granted === required) return true;
  const have = granted.split(':');
  const want = required.split(':');
  for (let i = 0; i < have.length; i += 1) {
    const segment = have[i];
    if (segment === '*' && i === have.length - 1) return want.length >= have.length;
    const wanted = want[i];
    if (wanted === undefined) return false;
    if (segment !== '*' && segment !== wanted) return false;
  }
  return have.length === want.length;
};

/**
 * Whether two codes cover at least one common concrete code: `*` (and a trailing `*`) on either
 * side stands for any segment(s). Used to ask "does the user hold any business read code".
 */
export const permissionsOverlap = (a: string, b: string): boolean => {
  if (a === b) return true;
  const left = a.split(':');
  const right = b.split(':');
  const length = Math.max(left.length, right.length);
  for (let i = 0; i < length; i += 1) {
    const x = left[i];
    const y = right[i];
    if (x === undefined || y === undefined) return false;
    if ((x === '*' && i === left.length - 1) || (y === '*' && i === right.length - 1)) return true;
    if (x !== '*' && y !== '*' && x !== y) return false;
  }
  return true;
};

/** Whether the authorities (role codes and permission codes) include the super-admin role. */
export const holdsSuperAdmin = (authorities: readonly string[]): boolean =>
  authorities.includes(SUPER_ADMIN_ROLE);

/**
 * The one access check: the super admin passes everything; anyone else needs an authority
 * covering at least one of `required` (an empty list allows nobody but the super admin).
 */
export const hasAnyPermission = (
  authorities: readonly string[],
  required: readonly string[],
  isSuperAdmin = false,
): boolean =>
  isSuperAdmin ||
  holdsSuperAdmin(authorities) ||
  required.some((code) => authorities.some((granted) => permissionCovers(granted, code)));
