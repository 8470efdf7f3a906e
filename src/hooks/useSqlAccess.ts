import { usePermissions } from '@refinedev/core';
import { SQL_PERMISSIONS } from '../providers/custom-calls';
import { hasAnyPermission } from '../lib/permission';
import { getUserAccess, type PermissionInfo } from '../store/session';

/** Whether the signed-in user may run SQL (`sql:execute`, or super admin). */
export const useSqlAccess = (): boolean => {
  const { data } = usePermissions<PermissionInfo | null>({});
  const access = data
    ? { isSuperAdmin: data.isSuperAdmin, authorities: data.permissions.map((p) => p.authority) }
    : getUserAccess();
  return hasAnyPermission(access, SQL_PERMISSIONS);
};
