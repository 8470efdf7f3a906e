import { SUPER_ADMIN_ROLE } from '../../../../contract/index';
import { isSuperAdmin } from '../../auth/permission';
import { SYSTEM } from '../../db/table-names';
import type { KeyValues } from '../items/record-keys';
import type { WriteContext } from '../items/write-context';
import { assertMayGrantRole, assertMayTouchUsers, sameId } from './grant-checks';
import { changes } from './field-checks';
import { forbidden } from './rule-errors';
import { superAdminRemains } from './super-admin-remains';
import type { SystemTableRules } from './system-table-rules';

const userRoleRows = async (write: WriteContext, keys: readonly KeyValues[]) => {
  const ids = keys.map((key) => key.id).filter((id) => id !== undefined && id !== null);
  if (ids.length === 0) return [];
  const rows: { userId: unknown; roleId: unknown; code: unknown }[] = await write
    .db(`${SYSTEM.userRole} as ur`)
    .join(`${SYSTEM.role} as r`, 'r.id', 'ur.roleId')
    .whereIn('ur.id', ids as (string | number)[])
    .select('ur.userId', 'ur.roleId', 'r.code');
  return rows;
};

/**
 * The user-role table (who holds which role): nobody changes their own roles; giving a role needs
 * every code it grants; only a super admin gives or takes the super-admin role or touches a super
 * admin's roles.
 */
export const userRoleRules: SystemTableRules = {
  beforeCreate: async ({ write, values }) => {
    if (sameId(values.userId, write.userId)) throw forbidden('selfRoleChange');
    await assertMayGrantRole(write, values.roleId);
  },
  beforeUpdate: async ({ write, current, values }) => {
    if (!changes(current, values, 'userId') && !changes(current, values, 'roleId')) return;
    const userId = Object.hasOwn(values, 'userId') ? values.userId : current.userId;
    const roleId = Object.hasOwn(values, 'roleId') ? values.roleId : current.roleId;
    if (sameId(current.userId, write.userId) || sameId(userId, write.userId))
      throw forbidden('selfRoleChange');
    await assertMayTouchUsers(write, [current.userId]);
    await assertMayGrantRole(write, roleId);
  },
  beforeDelete: async ({ write, keys }) => {
    const rows = await userRoleRows(write, keys);
    if (rows.some((row) => sameId(row.userId, write.userId))) throw forbidden('selfRoleChange');
    if (!isSuperAdmin(write.authorities) && rows.some((row) => row.code === SUPER_ADMIN_ROLE)) {
      throw forbidden('superAdminOnly');
    }
  },
  beforeCommit: superAdminRemains,
};
