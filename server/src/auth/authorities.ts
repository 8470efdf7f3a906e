import { IMPLIED_PERMISSIONS, type Authority } from '../../../contract/index';

export interface RoleGrant {
  code: string;
  permissions: string | null;
}

/**
 * docs/api.md §6: a user's authorities are its role codes plus the roles' permission codes, and
 * the codes those stand for (`webhook:manage`: the webhook tables').
 */
export const authoritiesOf = (roles: readonly RoleGrant[]): Authority[] => {
  const codes = new Set<string>();
  for (const role of roles) codes.add(role.code);
  for (const role of roles) {
    for (const code of (role.permissions ?? '').split(',')) {
      const trimmed = code.trim();
      if (trimmed) codes.add(trimmed);
      for (const implied of IMPLIED_PERMISSIONS[trimmed] ?? []) codes.add(implied);
    }
  }
  return [...codes].map((authority) => ({ authority }));
};
