import { usePermissions } from '@refinedev/core';
import type { UserAccess } from '../lib/permission';
import { getUserAccess, type PermissionInfo } from '../../store/session';

/** The signed-in user's rights (docs/api.md §6), from the auth provider or the stored session. */
export const useUserAccess = (): UserAccess => {
  const { data } = usePermissions<PermissionInfo | null>({});
  return data
    ? { isSuperAdmin: data.isSuperAdmin, authorities: data.permissions.map((p) => p.authority) }
    : getUserAccess();
};
