import { SUPER_ADMIN_ROLE } from '../../../../contract/index';
import { hasPermission, isSuperAdmin } from '../../auth/permission';
import { SYSTEM } from '../../db/table-names';
import { toBool } from '../../db/values';
import { ApiException } from '../../errors/api-exception';
import type { Localized, Params } from '../../i18n/messages';
import { systemTableMessage, type SystemTableMessageKey } from '../../i18n/system-table-messages';
import type { StoredTable } from '../metadata-rows';
import type { ItemTable } from '../items/item-table';
import type { KeyValues } from '../items/record-keys';
import type { WriteContext } from '../items/write-context';
import { loadRoleGrant, loadUserRoleGrants } from '../role-grants';
import { endOtherSessions } from '../session-store';
import { securityMessage } from '../../i18n/security-messages';
import { checkUsername } from './username-rules';

type Values = Record<string, unknown>;

const forbidden = (key: SystemTableMessageKey, params?: Params) =>
  new ApiException('FORBIDDEN', systemTableMessage(key, params));
const conflict = (key: SystemTableMessageKey) => new ApiException('CONFLICT', systemTableMessage(key));
const invalid = (path: string, errors: Record<string, Localized>) =>
  new ApiException(
    'VALIDATION_ERROR',
    undefined,
    Object.fromEntries(Object.entries(errors).map(([field, message]) => [`${path}${field}`, message])),
  );

const guarded = (item: ItemTable, tableName: string) =>
  item.table.systemable && item.table.tableName === tableName;

const codesOf = (permissions: unknown): string[] =>
  typeof permissions === 'string'
    ? [...new Set(permissions.split(',').map((code) => code.trim()))].filter((code) => code !== '')
    : [];

/** 403 unless the editor holds every permission code it grants (docs/api.md §6); the super admin holds all. */
const assertHolds = (write: WriteContext, codes: readonly string[]) => {
  if (isSuperAdmin(write.authorities)) return;
  const missing = codes.filter(
    (code) => code === SUPER_ADMIN_ROLE || !hasPermission(write.authorities, code),
  );
  if (missing.length > 0) throw forbidden('grantNotHeld', { codes: missing.join(', ').slice(0, 300) });
};

/** Codes in `next` that `previous` did not hold: what an edit grants. */
const added = (previous: unknown, next: unknown): string[] => {
  const before = new Set(codesOf(previous));
  return codesOf(next).filter((code) => !before.has(code));
};

const sameId = (a: unknown, b: unknown) =>
  a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);

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

const assertMayTouchUsers = async (write: WriteContext, userIds: readonly unknown[]) => {
  if (isSuperAdmin(write.authorities)) return;
  if ((await superAdminUsers(write, userIds)).size > 0) throw forbidden('superAdminOnly');
};

/**
 * Giving a user a role grants the role's effective codes (its own and its table permissions'),
 * the same ones the session loader gives: the editor must hold them (and be super admin for that role).
 */
const assertMayGrantRole = async (write: WriteContext, roleId: unknown) => {
  if (isSuperAdmin(write.authorities)) return;
  if (roleId === null || roleId === undefined) return;
  const role = await loadRoleGrant(write.db, roleId as string | number);
  if (!role) return; // the foreign key refuses it
  if (role.code === SUPER_ADMIN_ROLE) throw forbidden('grantNotHeld', { codes: SUPER_ADMIN_ROLE });
  assertHolds(write, codesOf(role.permissions));
};

/** 403 unless the editor holds every permission code the user holds (the super admin holds all). */
const assertHoldsUserCodes = async (write: WriteContext, userId: number | string) => {
  if (isSuperAdmin(write.authorities)) return;
  const codes = (await loadUserRoleGrants(write.db, userId)).flatMap((role) => codesOf(role.permissions));
  const missing = [...new Set(codes)].filter(
    (code) => code === SUPER_ADMIN_ROLE || !hasPermission(write.authorities, code),
  );
  if (missing.length > 0) {
    throw new ApiException(
      'FORBIDDEN',
      securityMessage('userNotHeld', { codes: missing.join(', ').slice(0, 300) }),
    );
  }
};

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

const ROLE_CODE = /^ROLE_[A-Za-z0-9_]{1,59}$/;
const FORM_DEVICES = ['pc', 'pad', 'phone'];
const FORM_TYPES = ['create', 'update', 'list'];

const isJsonText = (value: unknown): boolean => {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'string') return false;
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
};

/** Field rules of the layout, extension and permission tables: enumerations and JSON text. */
const checkFields = (item: ItemTable, values: Values, path: string) => {
  const errors: Record<string, Localized> = {};
  const oneOf = (field: string, allowed: readonly string[]) => {
    const value = values[field];
    if (value !== undefined && !allowed.includes(String(value)))
      errors[field] = systemTableMessage('oneOf', { values: allowed.join(', ') });
  };
  const json = (field: string) => {
    if (Object.hasOwn(values, field) && !isJsonText(values[field]))
      errors[field] = systemTableMessage('jsonText');
  };
  if (guarded(item, SYSTEM.tableFormBuilder)) {
    oneOf('device', FORM_DEVICES);
    oneOf('type', FORM_TYPES);
    json('body');
  }
  if (guarded(item, SYSTEM.role)) {
    const code = values.code;
    // A role's code becomes an authority of its users: never a permission code or a wildcard.
    if (code !== undefined && !ROLE_CODE.test(String(code))) errors.code = systemTableMessage('roleCode');
  }
  if (guarded(item, SYSTEM.columnExtProperty)) json('value');
  if (guarded(item, SYSTEM.tablePermission)) json('columns');
  if (Object.keys(errors).length > 0) throw invalid(path, errors);
};

/**
 * Rules of a system-table record about to be created (docs/api.md §3, §6): nobody changes their own
 * roles or grants what they do not hold; layout fields must be valid. `values` are the checked
 * column values (passwords still in clear).
 */
export const guardInsert = async (
  write: WriteContext,
  item: ItemTable,
  values: Values,
  path: string,
): Promise<void> => {
  if (!item.table.systemable) return;
  checkFields(item, values, path);
  await checkUsername(write, item, values, path);
  if (guarded(item, SYSTEM.role) || guarded(item, SYSTEM.tablePermission)) {
    assertHolds(write, codesOf(values.permissions));
  }
  if (guarded(item, SYSTEM.userRole)) {
    if (sameId(values.userId, write.userId)) throw forbidden('selfRoleChange');
    await assertMayGrantRole(write, values.roleId);
  }
};

/** Rules of a system-table record about to be updated: `current` is the stored record, `values` the changes. */
export const guardUpdate = async (
  write: WriteContext,
  item: ItemTable,
  current: Values,
  values: Values,
  path: string,
): Promise<void> => {
  if (!item.table.systemable) return;
  checkFields(item, values, path);
  const changes = (field: string) =>
    Object.hasOwn(values, field) && String(values[field] ?? '') !== String(current[field] ?? '');

  if (guarded(item, SYSTEM.user)) {
    await checkUsername(write, item, values, path, current.id);
    await assertMayTouchUsers(write, [current.id]);
    if (sameId(current.id, write.userId) && Object.hasOwn(values, 'enabled') && !toBool(values.enabled)) {
      throw conflict('selfDisable');
    }
    const newPassword = typeof values.password === 'string';
    // Taking over an account (its name, password or enabled flag) takes every code it holds.
    if (!sameId(current.id, write.userId) && (newPassword || changes('username') || changes('enabled'))) {
      await assertHoldsUserCodes(write, current.id as string | number);
    }
    if (newPassword) await endOtherSessions(write.db, current.id as string | number, write.sessionTokenHash);
  }
  if (guarded(item, SYSTEM.role)) {
    if (current.code === SUPER_ADMIN_ROLE && (changes('code') || changes('permissions'))) {
      throw conflict('superAdminRole');
    }
    assertHolds(write, added(current.permissions, values.permissions));
  }
  if (guarded(item, SYSTEM.tablePermission)) {
    assertHolds(write, added(current.permissions, values.permissions));
    if (changes('roleId')) assertHolds(write, codesOf(values.permissions ?? current.permissions));
  }
  if (guarded(item, SYSTEM.userRole) && (changes('userId') || changes('roleId'))) {
    const userId = Object.hasOwn(values, 'userId') ? values.userId : current.userId;
    const roleId = Object.hasOwn(values, 'roleId') ? values.roleId : current.roleId;
    if (sameId(current.userId, write.userId) || sameId(userId, write.userId))
      throw forbidden('selfRoleChange');
    await assertMayTouchUsers(write, [current.userId]);
    await assertMayGrantRole(write, roleId);
  }
};

/** Rules of system-table records about to be deleted (before any cascade). */
export const guardDelete = async (
  write: WriteContext,
  item: ItemTable,
  keys: readonly KeyValues[],
): Promise<void> => {
  if (!item.table.systemable) return;
  if (guarded(item, SYSTEM.user)) {
    const ids = keys.map((key) => key.id);
    if (ids.some((id) => sameId(id, write.userId))) throw conflict('selfDelete');
    const enabledAdmins = await enabledSuperAdmins(write);
    if (enabledAdmins.length > 0 && enabledAdmins.every((admin) => ids.some((id) => sameId(id, admin)))) {
      throw conflict('lastSuperAdmin');
    }
    await assertMayTouchUsers(write, ids);
  }
  if (guarded(item, SYSTEM.role) && keys.length > 0) {
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
  }
  if (guarded(item, SYSTEM.userRole)) {
    const rows = await userRoleRows(write, keys);
    if (rows.some((row) => sameId(row.userId, write.userId))) throw forbidden('selfRoleChange');
    if (!isSuperAdmin(write.authorities) && rows.some((row) => row.code === SUPER_ADMIN_ROLE)) {
      throw forbidden('superAdminOnly');
    }
  }
};

/** Ids of the enabled users holding the super-admin role. */
const enabledSuperAdmins = async (write: WriteContext): Promise<unknown[]> => {
  const rows: { id: unknown; enabled: unknown }[] = await write
    .db(`${SYSTEM.user} as u`)
    .join(`${SYSTEM.userRole} as ur`, 'ur.userId', 'u.id')
    .join(`${SYSTEM.role} as r`, 'r.id', 'ur.roleId')
    .where('r.code', SUPER_ADMIN_ROLE)
    .select('u.id', 'u.enabled');
  return rows.filter((row) => toBool(row.enabled)).map((row) => row.id);
};

const INVARIANT_TABLES = new Set<string>([SYSTEM.user, SYSTEM.role, SYSTEM.userRole]);

/**
 * Checked at the end of a write that reached the user, role or user-role table, inside its
 * transaction: at least one enabled user must still hold the super-admin role (else 409, and the
 * whole write is rolled back).
 */
export const checkInvariants = async (
  write: WriteContext,
  reached: readonly StoredTable[],
): Promise<void> => {
  if (!reached.some((table) => table.systemable && INVARIANT_TABLES.has(table.tableName))) return;
  if ((await enabledSuperAdmins(write)).length === 0) throw conflict('lastSuperAdmin');
};
