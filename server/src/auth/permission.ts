import { hasAnyPermission, holdsSuperAdmin } from '../../../contract/permission-match';

/** Whether the authorities include the super-admin role (who passes every check). */
export const isSuperAdmin = holdsSuperAdmin;

/** The server's check of one required code, by the shared rule (docs/contract.md). */
export const hasPermission = (authorities: readonly string[], required: string): boolean =>
  hasAnyPermission(authorities, [required]);
