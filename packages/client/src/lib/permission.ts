import { hasAnyPermission as anyPermission } from '../../../../contract';

/** What the web app knows about the signed-in user's rights. */
export interface UserAccess {
  isSuperAdmin: boolean;
  /** Role codes and permission codes. */
  authorities: readonly string[];
}

export const NO_ACCESS: UserAccess = { isSuperAdmin: false, authorities: [] };

/**
 * The shared access rule (docs/contract.md) applied to the signed-in user: the super admin passes;
 * otherwise one of the user's authorities must cover one of `required`.
 */
export const hasAnyPermission = (access: UserAccess, required: readonly string[]): boolean =>
  anyPermission(access.authorities, required, access.isSuperAdmin);
