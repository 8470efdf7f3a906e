import type { Knex } from 'knex';
import type { RoleGrant } from '../auth/authorities';
import { SYSTEM } from '../db/table-names';
import { toNumber, toStringOrNull } from '../db/values';

export interface StoredRoleGrant extends RoleGrant {
  id: number;
  name: string;
}

/**
 * Roles with their effective permission codes: the role's own `permissions` plus the codes its
 * table permission rows grant. The one source of what a role gives its users, for the session
 * loader and for the grant checks alike.
 */
export const loadRoleGrants = async (
  knex: Knex,
  select: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
): Promise<StoredRoleGrant[]> => {
  const roleRows: Record<string, unknown>[] = await select(
    knex(`${SYSTEM.role} as r`).select('r.id', 'r.name', 'r.code', 'r.permissions'),
  ).orderBy('r.id');
  if (roleRows.length === 0) return [];
  const tableCodes = new Map<number, string[]>();
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
  return roleRows.map((row) => {
    const id = toNumber(row.id);
    const permissions = [toStringOrNull(row.permissions), ...(tableCodes.get(id) ?? [])].filter(Boolean);
    return {
      id,
      name: String(row.name),
      code: String(row.code),
      permissions: permissions.length > 0 ? permissions.join(',') : null,
    };
  });
};

/** The roles of one user, with their effective codes. */
export const loadUserRoleGrants = (knex: Knex, userId: number | string): Promise<StoredRoleGrant[]> =>
  loadRoleGrants(knex, (query) =>
    query.join(`${SYSTEM.userRole} as ur`, 'ur.roleId', 'r.id').where('ur.userId', userId),
  );

/** One role, with its effective codes. */
export const loadRoleGrant = async (
  knex: Knex,
  roleId: number | string,
): Promise<StoredRoleGrant | undefined> =>
  (await loadRoleGrants(knex, (query) => query.where('r.id', roleId)))[0];
