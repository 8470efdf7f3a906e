import { SUPER_ADMIN_ROLE } from './auth';
import { hasAnyPermission, holdsSuperAdmin } from './permission-match';

/**
 * The grant rule (docs/permissions.md): nobody gives away a permission code they do not hold.
 * The super admin may grant anything; anyone else only codes their own authorities cover
 * (`permissionCovers`), and never the super-admin role itself, even holding `*`.
 */
export const mayGrant = (authorities: readonly string[], code: string, isSuperAdmin = false): boolean => {
  if (isSuperAdmin || holdsSuperAdmin(authorities)) return true;
  return code !== SUPER_ADMIN_ROLE && hasAnyPermission(authorities, [code]);
};

/** The codes of a comma-separated list (or a list), trimmed, blanks and repeats dropped, in order. */
export const grantCodesOf = (codes: unknown): string[] => {
  const list = typeof codes === 'string' ? codes.split(',') : Array.isArray(codes) ? codes : [];
  return [
    ...new Set(list.filter((code): code is string => typeof code === 'string').map((code) => code.trim())),
  ].filter((code) => code !== '');
};

/**
 * What an edit from `previous` to `next` grants that the editor does not hold: the codes of `next`
 * that `previous` did not have and `mayGrant` refuses. Empty means the edit may be saved; codes
 * the record already had stay, held or not. Lists may be arrays or comma-separated text.
 */
export const codesNotHeld = (
  authorities: readonly string[],
  previous: unknown,
  next: unknown,
  isSuperAdmin = false,
): string[] => {
  const before = new Set(grantCodesOf(previous));
  return grantCodesOf(next).filter((code) => !before.has(code) && !mayGrant(authorities, code, isSuperAdmin));
};
