import type { Knex } from 'knex';
import type { Principal } from '../../../contract/index';
import { authoritiesOf } from '../auth/authorities';
import { SYSTEM } from '../db/table-names';
import { toBool, toNumber, toStringOrNull } from '../db/values';
import { loadUserRoleGrants } from './role-grants';

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
  const roles = await loadUserRoleGrants(knex, userId);
  return {
    id: toNumber(user.id),
    username: String(user.username),
    realname: toStringOrNull(user.realname),
    avatar: toStringOrNull(user.avatar),
    roles: roles.map(({ id, name, code }) => ({ id, name, code })),
    authorities: authoritiesOf(roles),
  };
};
