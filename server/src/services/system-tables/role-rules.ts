import { ROLE_CODE_PATTERN, SUPER_ADMIN_ROLE } from '../../../../contract/index';
import { SYSTEM } from '../../db/table-names';
import { systemTableMessage } from '../../i18n/system-table-messages';
import { assertGrants, assertHolds, codesOf } from './grant-checks';
import { changes, checkFields } from './field-checks';
import { conflict } from './rule-errors';
import { superAdminRemains } from './super-admin-remains';
import type { SystemTableRules } from './system-table-rules';

const checkCode = (values: Record<string, unknown>, path: string) =>
  checkFields(values, path, (check) =>
    check.matches('code', ROLE_CODE_PATTERN, systemTableMessage('roleCode')),
  );

/**
 * The role table: codes look like `ROLE_...`; the editor holds every code a role gets; the
 * super-admin role keeps its code and permissions and is never deleted.
 */
export const roleRules: SystemTableRules = {
  beforeCreate: ({ write, values, path }) => {
    checkCode(values, path);
    assertHolds(write, codesOf(values.permissions));
  },
  beforeUpdate: ({ write, current, values, path }) => {
    checkCode(values, path);
    if (
      current.code === SUPER_ADMIN_ROLE &&
      (changes(current, values, 'code') || changes(current, values, 'permissions'))
    ) {
      throw conflict('superAdminRole');
    }
    assertGrants(write, current.permissions, values.permissions);
  },
  beforeDelete: async ({ write, keys }) => {
    if (keys.length === 0) return;
    const superRole = await write
      .db(SYSTEM.role)
      .select('id')
      .where('code', SUPER_ADMIN_ROLE)
      .whereIn(
        'id',
        keys.map((key) => key.id as string | number),
      )
      .first();
    if (superRole) throw conflict('superAdminRole');
  },
  beforeCommit: superAdminRemains,
};
