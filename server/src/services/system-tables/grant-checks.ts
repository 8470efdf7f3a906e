import { codesNotHeld, grantCodesOf, mayGrant, SUPER_ADMIN_ROLE } from '../../../../contract/index';
import { isSuperAdmin } from '../../auth/permission';
import { SYSTEM } from '../../db/table-names';
import { toBool } from '../../db/values';
import { ApiException } from '../../errors/api-exception';
import { securityMessage } from '../../i18n/security-messages';
import type { WriteContext } from '../items/write-context';
import { loadRoleGrant, loadUserRoleGrants } from '../role-grants';
import { forbidden } from './rule-errors';

/** The permission codes of a comma-separated list, each once. */
export const codesOf = (permissions: unknown): string[] =>
  typeof permissions === 'string' ? grantCodesOf(permissions) : [];

export const sameId = (a: unknown, b: unknown): boolean =>
  a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);

const refuseNotHeld = (missing: readonly string[]): void => {
  if (missing.length > 0) throw forbidden('grantNotHeld', { codes: missing.join(', ').slice(0, 300) });
};

/**
 * 403 unless the editor holds every permission code an edit from `previous` to `next` grants, by
 * the shared grant rule (`codesNotHeld`, docs/permissions.md); the super admin holds all.
 */
export const assertGrants = (write: WriteContext, previous: unknown, next: unknown): void =>
  refuseNotHeld(codesNotHeld(write.authorities, codesOf(previous), codesOf(next)));

/** 403 unless the editor holds every one of `codes` (a new record grants all its codes). */
export const assertHolds = (write: WriteContext, codes: readonly string[]): void =>
  refuseNotHeld(codesNotHeld(write.authorities, [], codes));

/** Ids among `userIds` that hold the super-admin role. */
const superAdminUsers = async (write: WriteContext, userIds: readonly unknown[]): Promise<Set<string>> => {
  if (userIds.length === 0) return new Set();
  const rows: { userId: unknown }[] = await write
    .db(`${SYSTEM.userRole} as ur`)
    .join(`${SYSTEM.role} as r`, 'r.id', 'ur.roleId')
    .where('r.code', SUPER_ADMIN_ROLE)
    .whereIn('ur.userId', userIds as (string | number)[])
    .select('ur.userId');
  return new Set(rows.map((row) => String(row.userId)));
};

/** 403 when a super admin is among the users, unless the editor is one. */
export const assertMayTouchUsers = async (
  write: WriteContext,
  userIds: readonly unknown[],
): Promise<void> => {
  if (isSuperAdmin(write.authorities)) return;
  if ((await superAdminUsers(write, userIds)).size > 0) throw forbidden('superAdminOnly');
};

/**
 * Giving a user a role grants the role's effective codes (its own and its table permissions'),
 * the same ones the session loader gives: the editor must hold them (and be super admin for that role).
 */
export const assertMayGrantRole = async (write: WriteContext, roleId: unknown): Promise<void> => {
  if (isSuperAdmin(write.authorities)) return;
  if (roleId === null || roleId === undefined) return;
  const role = await loadRoleGrant(write.db, roleId as string | number);
  if (!role) return; // the foreign key refuses it
  if (role.code === SUPER_ADMIN_ROLE) throw forbidden('grantNotHeld', { codes: SUPER_ADMIN_ROLE });
  assertHolds(write, codesOf(role.permissions));
};

/** 403 unless the editor holds every permission code the user holds (the super admin holds all). */
export const assertHoldsUserCodes = async (write: WriteContext, userId: number | string): Promise<void> => {
  if (isSuperAdmin(write.authorities)) return;
  const codes = (await loadUserRoleGrants(write.db, userId)).flatMap((role) => codesOf(role.permissions));
  const missing = [...new Set(codes)].filter((code) => !mayGrant(write.authorities, code));
  if (missing.length > 0) {
    throw new ApiException(
      'FORBIDDEN',
      securityMessage('userNotHeld', { codes: missing.join(', ').slice(0, 300) }),
    );
  }
};

/** Ids of the enabled users holding the super-admin role. */
export const enabledSuperAdmins = async (write: WriteContext): Promise<unknown[]> => {
  const rows: { id: unknown; enabled: unknown }[] = await write
    .db(`${SYSTEM.user} as u`)
    .join(`${SYSTEM.userRole} as ur`, 'ur.userId', 'u.id')
    .join(`${SYSTEM.role} as r`, 'r.id', 'ur.roleId')
    .where('r.code', SUPER_ADMIN_ROLE)
    .select('u.id', 'u.enabled');
  return rows.filter((row) => toBool(row.enabled)).map((row) => row.id);
};
