import type { Knex } from 'knex';
import { authoritiesOf } from '../../auth/authorities';
import { PRIMARY } from '../../config';
import { SYSTEM } from '../../db/table-names';
import { getMetaTableByName } from '../tables/table-queries';
import { toNumber } from '../../db/values';
import { cachedRead } from '../../db/write-versions';
import { loadRoleGrants } from '../role-grants';
import { parseRowRules, type RoleRowRules, type RowRuleSet } from './row-rules';

const rulesByRoles = cachedRead<readonly RoleRowRules[]>('principal');
const users = cachedRead<Readonly<Record<string, unknown>>>('principal');

/**
 * The row rules of a set of roles on one data source, role by role with the codes each grants
 * (tablePermission records live in `primary`); an empty list when none of them has a row rule
 * there. Kept in memory until users, roles or table permissions are written, as column rules are.
 */
export const loadRowRules = (
  primary: Knex,
  roleIds: readonly number[],
  dataSource: string,
): Promise<readonly RoleRowRules[]> => {
  if (roleIds.length === 0) return Promise.resolve([]);
  const ids = [...roleIds].sort((a, b) => a - b);
  return rulesByRoles.get(primary, `rows:${dataSource}:${ids.join(',')}`, async () => {
    const rows: Record<string, unknown>[] = await primary(SYSTEM.tablePermission)
      .whereIn('roleId', ids)
      .where('dataSource', dataSource)
      .whereNotNull('rowRules')
      .select('roleId', 'tableId', 'rowRules');
    const byRole = new Map<number, Map<number, RowRuleSet>>();
    for (const row of rows) {
      const set = parseRowRules(row.rowRules);
      if (!set) continue;
      const roleId = toNumber(row.roleId);
      const tables = byRole.get(roleId) ?? new Map<number, RowRuleSet>();
      tables.set(toNumber(row.tableId), set);
      byRole.set(roleId, tables);
    }
    if (byRole.size === 0) return [];
    const grants = await loadRoleGrants(primary, (query) => query.whereIn('r.id', ids));
    return grants.map((grant) => ({
      authorities: authoritiesOf([grant]).map((authority) => authority.authority),
      tables: byRole.get(grant.id) ?? new Map(),
    }));
  });
};

/** The user's record (every column, password hash left out), for `$user.<column>` in row rules. */
export const loadRuleUser = (primary: Knex, userId: number): Promise<Readonly<Record<string, unknown>>> =>
  users.get(primary, `rule-user:${userId}`, async () => {
    const row: Record<string, unknown> | undefined = await primary(SYSTEM.user).where('id', userId).first();
    const { password: _password, ...rest } = row ?? {};
    return rest;
  });

/** The rule user of each kept user record, by the principal's id and username. */
const ruleUsers = new WeakMap<object, Map<string, Readonly<Record<string, unknown>>>>();

/**
 * What `$user.<column>` reads for a principal: its record (`loadRuleUser`) with the principal's id
 * and username. The same object while the record is kept, so that rules compiled for the user can
 * be kept too (compileRowRule).
 */
export const ruleUserOf = (
  record: Readonly<Record<string, unknown>>,
  principal: { id: number; username: string },
): Readonly<Record<string, unknown>> => {
  let made = ruleUsers.get(record);
  if (!made) {
    made = new Map();
    ruleUsers.set(record, made);
  }
  const key = `${principal.id}\n${principal.username}`;
  const known = made.get(key);
  if (known) return known;
  const user = Object.freeze({ ...record, id: principal.id, username: principal.username });
  made.set(key, user);
  return user;
};

/** The columns of the user table a `$user.<column>` variable may name (never a password column). */
export const ruleUserColumns = async (primary: Knex): Promise<Set<string>> => {
  const user = await getMetaTableByName(
    { db: primary, dataSource: PRIMARY, sameHandle: true },
    SYSTEM.user,
  ).catch(() => null);
  return new Set(
    (user?.columns ?? []).filter((column) => column.dataType !== 'PASSWORD').map((column) => column.name),
  );
};
