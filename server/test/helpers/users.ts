import type { Knex } from 'knex';
import { hashPassword } from '../../src/auth/password';
import type { App } from '../../src/app';
import { dateTimeText } from '../../src/db/clock';
import { SYSTEM } from '../../src/db/table-names';

export interface TestUser {
  username: string;
  password: string;
  enabled?: boolean;
  /** Roles to create and grant: code → comma-separated permissions. */
  roles?: Record<string, string>;
}

/** Inserts a user (and its roles) straight into primary; returns the user id. */
export const createUser = async (app: App, user: TestUser): Promise<number> => {
  const knex = app.dataSources.primary.knex;
  const now = dateTimeText(new Date());
  const stamps = { createdDate: now, lastModifiedDate: now };
  await knex(SYSTEM.user).insert({
    username: user.username,
    realname: user.username,
    password: await hashPassword(user.password, { N: 1024, r: 8, p: 1 }),
    enabled: user.enabled ?? true,
    ...stamps,
  });
  const { id } = await knex(SYSTEM.user).select('id').where('username', user.username).first();
  for (const [code, permissions] of Object.entries(user.roles ?? {})) {
    await knex(SYSTEM.role).insert({ name: code, code, permissions, ...stamps });
    const role = await knex(SYSTEM.role).select('id').where('code', code).first();
    await knex(SYSTEM.userRole).insert({ userId: id, roleId: role.id });
  }
  return Number(id);
};

/** Removes every user but the super admin (id 1), and every role but the super admin's. */
export const removeUsersAndRoles = async (knex: Knex): Promise<void> => {
  await knex(SYSTEM.userRole).whereNot('userId', 1).delete();
  await knex(SYSTEM.user).whereNot('id', 1).delete();
  await knex(SYSTEM.role).whereNot('code', 'ROLE_SUPER_ADMIN').delete();
};
