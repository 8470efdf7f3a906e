import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { SUPER_ADMIN_ROLE } from '../../../../contract/index';
import type { ExternalIdentity } from '../../../src/auth/external/external-identity';
import { NO_PASSWORD, provisionExternalUser } from '../../../src/auth/external/provision-external-user';
import { dateTimeText } from '../../../src/db/clock';
import { SHARED_STATE, SYSTEM } from '../../../src/db/table-names';
import { toBool, toNumber } from '../../../src/db/values';
import { useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

describeEachDatabase('provisioning users of an identity provider ($name)', (db) => {
  const apps = useTestApps(db);
  let subjects = 0;

  const setup = async (): Promise<Knex> => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    const stamp = dateTimeText(new Date());
    for (const code of ['ROLE_SALES', 'ROLE_OPS']) {
      const exists = await knex(SYSTEM.role).where('code', code).first();
      if (!exists)
        await knex(SYSTEM.role).insert({
          name: code,
          code,
          permissions: '',
          createdDate: stamp,
          lastModifiedDate: stamp,
        });
    }
    return knex;
  };
  const identity = (over: Partial<ExternalIdentity> = {}): ExternalIdentity => {
    subjects += 1;
    return { subject: `sub-${subjects}`, username: `sso${subjects}`, groups: [], ...over };
  };
  const rolesOf = async (knex: Knex, userId: number) =>
    (
      await knex(`${SYSTEM.userRole} as ur`)
        .join(`${SYSTEM.role} as r`, 'r.id', 'ur.roleId')
        .where('ur.userId', userId)
        .select('r.code')
    )
      .map((row: { code: string }) => row.code)
      .sort();
  const addUser = async (knex: Knex, username: string, email: string | null, enabled = true) => {
    const stamp = dateTimeText(new Date());
    await knex(SYSTEM.user).insert({
      username,
      password: 'x',
      email,
      enabled,
      createdDate: stamp,
      lastModifiedDate: stamp,
    });
    const row = await knex(SYSTEM.user).where('username', username).first();
    return toNumber(row.id);
  };

  it('creates a user with the mapped roles, then finds it again and replaces its roles', async () => {
    const knex = await setup();
    const who = identity({ displayName: 'Sso User', email: 'sso@example.com' });
    const first = await provisionExternalUser(knex, who, {
      providerId: 'corp',
      linkByEmail: false,
      roleCodes: ['ROLE_SALES'],
    });
    expect(first).toMatchObject({ ok: true, created: true });
    if (!first.ok) return;
    const user = await knex(SYSTEM.user).where('id', first.userId).first();
    expect(user).toMatchObject({
      username: who.username,
      realname: 'Sso User',
      email: 'sso@example.com',
      password: NO_PASSWORD,
    });
    expect(toBool(user.enabled)).toBe(true);
    expect(await rolesOf(knex, first.userId)).toEqual(['ROLE_SALES']);

    const again = await provisionExternalUser(knex, who, {
      providerId: 'corp',
      linkByEmail: false,
      roleCodes: ['ROLE_OPS'],
    });
    expect(again).toEqual({ ok: true, userId: first.userId, created: false, linked: false });
    expect(await rolesOf(knex, first.userId)).toEqual(['ROLE_OPS']);
    expect(await knex(SHARED_STATE.userIdentity).where('userId', first.userId)).toHaveLength(1);
  });

  it('the same subject of another provider is another user', async () => {
    const knex = await setup();
    const who = identity();
    const a = await provisionExternalUser(knex, who, {
      providerId: 'corp',
      linkByEmail: false,
      roleCodes: ['ROLE_SALES'],
    });
    const b = await provisionExternalUser(knex, who, {
      providerId: 'other',
      linkByEmail: false,
      roleCodes: ['ROLE_SALES'],
    });
    expect(a.ok && b.ok && a.userId !== b.userId).toBe(true);
    if (b.ok)
      expect((await knex(SYSTEM.user).where('id', b.userId).first()).username).toBe(`${who.username}_2`);
  });

  it('does not take over an account with the same e-mail unless linkByEmail and the e-mail is verified', async () => {
    const knex = await setup();
    const existing = await addUser(knex, `local${subjects}`, `same${subjects}@example.com`);
    const email = `SAME${subjects}@example.com`;
    const off = await provisionExternalUser(knex, identity({ email, emailVerified: true }), {
      providerId: 'corp',
      linkByEmail: false,
      roleCodes: ['ROLE_SALES'],
    });
    expect(off.ok && off.userId !== existing).toBe(true);
    const unverified = await provisionExternalUser(knex, identity({ email, emailVerified: false }), {
      providerId: 'corp',
      linkByEmail: true,
      roleCodes: ['ROLE_SALES'],
    });
    expect(unverified.ok && unverified.userId !== existing).toBe(true);
    expect(await rolesOf(knex, existing)).toEqual([]);
    // Two users with the e-mail now: linking waits for a user of its own.
    const mine = await addUser(knex, `mine${subjects}`, `mine${subjects}@example.com`);
    const on = await provisionExternalUser(
      knex,
      identity({ email: `Mine${subjects}@example.com`, emailVerified: true }),
      { providerId: 'corp', linkByEmail: true, roleCodes: ['ROLE_SALES'] },
    );
    expect(on).toEqual({ ok: true, userId: mine, created: false, linked: true });
    expect(await rolesOf(knex, mine)).toEqual(['ROLE_SALES']);
    expect(await rolesOf(knex, existing)).toEqual([]);
  });

  it('never links a super administrator by e-mail: the identity gets an account of its own', async () => {
    // An attacker who can set a verified e-mail at the identity provider (self-service profiles,
    // a provider of another organisation) uses the super administrator's address.
    const knex = await setup();
    const admin = await knex(SYSTEM.user).where('username', 'superadmin').first();
    const adminId = toNumber(admin.id);
    const email = `root${subjects}@example.com`;
    await knex(SYSTEM.user).where('id', adminId).update({ email });
    const rolesBefore = await rolesOf(knex, adminId);
    expect(rolesBefore).toContain(SUPER_ADMIN_ROLE);
    const result = await provisionExternalUser(
      knex,
      identity({ email: email.toUpperCase(), emailVerified: true }),
      { providerId: 'corp', linkByEmail: true, roleCodes: ['ROLE_SALES'] },
    );
    expect(result).toMatchObject({ ok: true, created: true, linked: false });
    expect(result.ok && result.userId).not.toBe(adminId);
    expect(await rolesOf(knex, adminId)).toEqual(rolesBefore);
    expect(await knex(SHARED_STATE.userIdentity).where('userId', adminId)).toEqual([]);
  });

  it('refuses a disabled user and writes nothing', async () => {
    const knex = await setup();
    const existing = await addUser(knex, `off${subjects}`, `off${subjects}@example.com`, false);
    const result = await provisionExternalUser(
      knex,
      identity({ email: `off${subjects}@example.com`, emailVerified: true }),
      {
        providerId: 'corp',
        linkByEmail: true,
        roleCodes: ['ROLE_SALES'],
      },
    );
    expect(result).toEqual({ ok: false, reason: 'disabled' });
    expect(await knex(SHARED_STATE.userIdentity).where('userId', existing)).toHaveLength(0);
    expect(await rolesOf(knex, existing)).toEqual([]);
  });

  it('skips role codes that do not exist, with a warning; none left: refused, no user made', async () => {
    const knex = await setup();
    const warnings: unknown[] = [];
    const warn = (detail: Record<string, unknown>) => warnings.push(detail);
    const some = await provisionExternalUser(knex, identity(), {
      providerId: 'corp',
      linkByEmail: false,
      roleCodes: ['ROLE_NOPE', 'ROLE_OPS'],
      warn,
    });
    expect(some.ok).toBe(true);
    if (some.ok) expect(await rolesOf(knex, some.userId)).toEqual(['ROLE_OPS']);
    expect(warnings).toEqual([{ provider: 'corp', roles: ['ROLE_NOPE'] }]);
    const users = (await knex(SYSTEM.user).count({ n: '*' }))[0]?.n;
    const who = identity();
    expect(
      await provisionExternalUser(knex, who, {
        providerId: 'corp',
        linkByEmail: false,
        roleCodes: ['ROLE_NOPE'],
        warn,
      }),
    ).toEqual({ ok: false, reason: 'no_role' });
    expect(String((await knex(SYSTEM.user).count({ n: '*' }))[0]?.n)).toBe(String(users));
  });

  it('makes a free username when the identity username is taken (ignoring case)', async () => {
    const knex = await setup();
    const name = `taken${subjects}`;
    await addUser(knex, `T${name.slice(1)}`, null);
    const result = await provisionExternalUser(knex, identity({ username: name }), {
      providerId: 'corp',
      linkByEmail: false,
      roleCodes: ['ROLE_SALES'],
    });
    expect(result.ok).toBe(true);
    if (result.ok)
      expect((await knex(SYSTEM.user).where('id', result.userId).first()).username).toBe(`${name}_2`);
  });
});
