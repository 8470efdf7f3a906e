import type { Knex } from 'knex';
import { SUPER_ADMIN_ROLE } from '../../../contract/index';
import { generatePassword, hashPassword } from '../auth/password';
import { dateTimeText } from './clock';
import { SYSTEM } from './table-names';
import { toNumber } from './values';

export const SUPER_ADMIN_USERNAME = 'superadmin';

export interface CreatedAdmin {
  username: string;
  /** Set when no ADMIN_PASSWORD was given: shown once, stored only as a hash. */
  generatedPassword?: string;
}

const userCount = async (knex: Knex): Promise<number> => {
  const row = (await knex(SYSTEM.user).count({ n: '*' }).first()) as { n: unknown } | undefined;
  return toNumber(row?.n ?? 0);
};

/**
 * On the first start (no user at all) creates `superadmin` with the super-admin role and the
 * given password, or a generated one that is returned. Later starts change nothing.
 */
export const ensureSuperAdmin = async (
  knex: Knex,
  adminPassword?: string,
): Promise<CreatedAdmin | undefined> => {
  if ((await userCount(knex)) > 0) return undefined;
  const password = adminPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);
  return knex.transaction(async (trx) => {
    if ((await userCount(trx)) > 0) return undefined;
    const now = dateTimeText(new Date());
    await trx(SYSTEM.user).insert({
      username: SUPER_ADMIN_USERNAME,
      realname: '超级管理员',
      password: passwordHash,
      enabled: true,
      createdDate: now,
      lastModifiedDate: now,
    });
    const user = await trx(SYSTEM.user).select('id').where('username', SUPER_ADMIN_USERNAME).first();
    const role = await trx(SYSTEM.role).select('id').where('code', SUPER_ADMIN_ROLE).first();
    if (!user || !role) throw new Error('the super-admin role is missing; the system migration did not run');
    await trx(SYSTEM.userRole).insert({ userId: user.id, roleId: role.id });
    return adminPassword === undefined
      ? { username: SUPER_ADMIN_USERNAME, generatedPassword: password }
      : { username: SUPER_ADMIN_USERNAME };
  });
};
