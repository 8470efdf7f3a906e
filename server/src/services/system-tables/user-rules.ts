import { toBool } from '../../db/values';
import { ApiException } from '../../errors/api-exception';
import { securityMessage } from '../../i18n/security-messages';
import { endOtherSessions } from '../session-store';
import { assertHoldsUserCodes, assertMayTouchUsers, enabledSuperAdmins, sameId } from './grant-checks';
import { changes } from './field-checks';
import { conflict } from './rule-errors';
import { superAdminRemains } from './super-admin-remains';
import type { SystemTableRules } from './system-table-rules';
import { checkUsername } from './username-rules';

/**
 * The user table: usernames are normalised and distinct (username-rules.ts); only a super admin
 * touches a super admin; nobody disables or deletes themselves; taking over an account (its name,
 * password or enabled flag) needs every code it holds; no password is set with an API token; a new password ends the user's other
 * sessions; the last enabled super admin stays.
 */
export const userRules: SystemTableRules = {
  beforeCreate: ({ write, values, path }) => checkUsername(write, values, path),
  beforeUpdate: async ({ write, current, values, path }) => {
    await checkUsername(write, values, path, current.id);
    await assertMayTouchUsers(write, [current.id]);
    if (sameId(current.id, write.userId) && Object.hasOwn(values, 'enabled') && !toBool(values.enabled)) {
      throw conflict('selfDisable');
    }
    const newPassword = typeof values.password === 'string';
    if (newPassword && write.viaApiToken) throw new ApiException('FORBIDDEN', securityMessage('tokenRoute'));
    const takesOver =
      newPassword || changes(current, values, 'username') || changes(current, values, 'enabled');
    if (!sameId(current.id, write.userId) && takesOver) {
      await assertHoldsUserCodes(write, current.id as string | number);
    }
    if (newPassword) await endOtherSessions(write.db, current.id as string | number, write.sessionTokenHash);
  },
  beforeDelete: async ({ write, keys }) => {
    const ids = keys.map((key) => key.id);
    if (ids.some((id) => sameId(id, write.userId))) throw conflict('selfDelete');
    const enabledAdmins = await enabledSuperAdmins(write);
    if (enabledAdmins.length > 0 && enabledAdmins.every((admin) => ids.some((id) => sameId(id, admin)))) {
      throw conflict('lastSuperAdmin');
    }
    await assertMayTouchUsers(write, ids);
  },
  beforeCommit: superAdminRemains,
};
