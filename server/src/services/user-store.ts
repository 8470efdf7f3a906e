import type { Knex } from 'knex';
import type { Principal } from '../../../contract/index';
import { authoritiesOf } from '../auth/authorities';
import { SYSTEM } from '../db/table-names';
import { toBool, toNumber, toStringOrNull } from '../db/values';

export interface LoginUser {
  id: number;
  username: string;
  passwordHash: string;
  enabled: boolean;
}

/** The user a login names, matched exactly (MySQL's case-insensitive collation notwithstanding). */
export const findLoginUser = async (knex: Knex, username: string): Promise<LoginUser | undefined> => {
  const rows: Record<string, unknown>[] = await knex(SYSTEM.user)
    .select('id', 'username', 'password', 'enabled')
    .where('username', username);
  const row = rows.find((candidate) => candidate.username === username);
  if (!row) return undefined;
  return {
    id: toNumber(row.id),
    username: String(row.username),
    passwordHash: String(row.password),
    enabled: toBool(row.enabled),
  };
};

/** The principal of an enabled user, with roles and authorities; never the password. */
export const loadPrincipal = async (knex: Knex, userId: number): Promise<Principal | undefined> => {
  const user: Record<string, unknown> | undefined = await knex(SYSTEM.user)
    .select('id', 'username', 'realname', 'avatar', 'enabled')
    .where('id', userId)
    .first();
  if (!user || !toBool(user.enabled)) return undefined;
  const roleRows: Record<string, unknown>[] = await knex(`${SYSTEM.role} as r`)
    .join(`${SYSTEM.userRole} as ur`, 'ur.roleId', 'r.id')
    .where('ur.userId', userId)
    .select('r.id', 'r.name', 'r.code', 'r.permissions')
    .orderBy('r.id');
  // A role's table permissions (tablePermission.permissions) grant their codes too.
  const tableCodes = new Map<number, string[]>();
  if (roleRows.length > 0) {
    const rows: Record<string, unknown>[] = await knex(SYSTEM.tablePermission)
      .whereIn(
        'roleId',
        roleRows.map((row) => toNumber(row.id)),
      )
      .select('roleId', 'permissions');
    for (const row of rows) {
      const codes = toStringOrNull(row.permissions);
      if (!codes) continue;
      const roleId = toNumber(row.roleId);
      tableCodes.set(roleId, [...(tableCodes.get(roleId) ?? []), codes]);
    }
  }
  const roles = roleRows.map((row) => {
    const id = toNumber(row.id);
    const permissions = [toStringOrNull(row.permissions), ...(tableCodes.get(id) ?? [])].filter(Boolean);
    return {
      id,
      name: String(row.name),
      code: String(row.code),
      permissions: permissions.length > 0 ? permissions.join(',') : null,
    };
  });
  return {
    id: toNumber(user.id),
    username: String(user.username),
    realname: toStringOrNull(user.realname),
    avatar: toStringOrNull(user.avatar),
    roles: roles.map(({ id, name, code }) => ({ id, name, code })),
    authorities: authoritiesOf(roles),
  };
};
