import { SUPER_ADMIN_ROLE } from '../../../contract/index';

const segmentMatches = (granted: string, required: string) => granted === '*' || granted === required;

/** Whether one granted code covers a required code; `*` matches any segment, and alone anything. */
export const grants = (granted: string, required: string): boolean => {
  if (granted === '*') return true;
  const g = granted.split(':');
  const r = required.split(':');
  return g.length === r.length && g.every((segment, i) => segmentMatches(segment, r[i] ?? ''));
};

export const isSuperAdmin = (authorities: readonly string[]): boolean =>
  authorities.includes(SUPER_ADMIN_ROLE);

/** API.md §6: the super admin passes every check; others need a granting code. */
export const hasPermission = (authorities: readonly string[], required: string): boolean =>
  isSuperAdmin(authorities) || authorities.some((granted) => grants(granted, required));
