import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../src/app';
import type { LdapProviderConfig } from '../../src/auth/external/auth-providers-config';
import type { LoginLimits } from '../../src/auth/login-limiter';
import { dateTimeText } from '../../src/db/clock';
import { SHARED_STATE, SYSTEM } from '../../src/db/table-names';
import { auditOf } from '../helpers/audit-entries';
import {
  SALES_DN,
  SERVICE_DN,
  SERVICE_PASSWORD,
  SUFFIX,
  SUPPORT_DN,
  USERS,
  slapdInstalled,
  slapdSkipNote,
  startSlapd,
  userDn,
  type Slapd,
} from '../../../test-support/slapd';
import { ADMIN_PASSWORD, cookieFrom, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

const LOOSE: LoginLimits = {
  freeFailures: 1000,
  baseDelayMs: 1,
  maxDelayMs: 1,
  maxAccountsPerAddress: 1000,
  windowMs: 60_000,
};

const directory = (url: string, over: Partial<LdapProviderConfig> = {}): LdapProviderConfig => ({
  id: 'corp-ldap',
  kind: 'ldap',
  name: '公司目录',
  url,
  bindDN: SERVICE_DN,
  bindPassword: SERVICE_PASSWORD,
  searchBase: SUFFIX,
  searchFilter: '(&(objectClass=inetOrgPerson)(uid={{username}}))',
  groupsAttribute: 'memberOf',
  startTls: false,
  tlsCaFile: null,
  usernameAttribute: 'uid',
  emailAttribute: 'mail',
  nameAttribute: 'cn',
  roles: { [SALES_DN.toUpperCase()]: 'ROLE_SALES', [SUPPORT_DN]: 'ROLE_SUPPORT' },
  defaultRole: null,
  ...over,
});

let slapd: Slapd | undefined;
beforeAll(async () => {
  if (slapdInstalled) slapd = await startSlapd();
}, 60_000);
afterAll(async () => {
  await slapd?.remove();
});

describeEachDatabase(`directory sign-in through POST /api/auth/login ($name)${slapdSkipNote}`, (db) => {
  const apps = useTestApps(db);

  const build = async (provider: LdapProviderConfig, passwordSignIn = true): Promise<App> => {
    const app = await apps.build(
      { loginLimits: LOOSE },
      apps.config({ authProviders: { providers: [provider], passwordSignIn } }),
    );
    const knex = app.dataSources.primary.knex;
    const stamp = dateTimeText(new Date());
    for (const code of ['ROLE_SALES', 'ROLE_SUPPORT']) {
      if (!(await knex(SYSTEM.role).where('code', code).first())) {
        await knex(SYSTEM.role).insert({
          name: code,
          code,
          permissions: code === 'ROLE_SALES' ? 'audit:read' : '',
          createdDate: stamp,
          lastModifiedDate: stamp,
        });
      }
    }
    return app;
  };
  const signIn = (app: App, username: string, password: string, provider = 'corp-ldap') =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password, provider },
      headers: { 'accept-language': 'en' },
    });
  const rolesOf = async (app: App, username: string) => {
    const knex = app.dataSources.primary.knex;
    const user = (await knex(SYSTEM.user).where('username', username).first()) as { id: number } | undefined;
    if (!user) return undefined;
    const rows = (await knex(SYSTEM.userRole)
      .join(SYSTEM.role, `${SYSTEM.role}.id`, `${SYSTEM.userRole}.roleId`)
      .where(`${SYSTEM.userRole}.userId`, user.id)
      .select(`${SYSTEM.role}.code as code`)) as { code: string }[];
    return rows.map((row) => row.code).sort();
  };
  const userCount = async (app: App) =>
    Number(((await app.dataSources.primary.knex(SYSTEM.user).count({ n: '*' })) as { n: unknown }[])[0]?.n);

  it.skipIf(!slapdInstalled)(
    'signs a directory user in, creating the crudboard user with the mapped roles, and audits it',
    async () => {
      await slapd!.setMembers(SALES_DN, [userDn('alice')]);
      const app = await build(directory(slapd!.url));
      const response = await signIn(app, 'alice', USERS.alice.password);
      expect(response.statusCode, response.body).toBe(200);
      const cookie = cookieFrom(response);
      const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
      expect(me.json()).toMatchObject({ username: 'alice' });
      expect(await rolesOf(app, 'alice')).toEqual(['ROLE_SALES']);
      const knex = app.dataSources.primary.knex;
      const links = (await knex(SHARED_STATE.userIdentity).where('providerId', 'corp-ldap')) as unknown[];
      expect(links).toHaveLength(1);
      const [entry] = await auditOf(knex, 'signIn');
      expect(entry?.detail).toMatchObject({ provider: 'corp-ldap', created: true });
      // The next sign-in finds the same user: no second account.
      const before = await userCount(app);
      expect((await signIn(app, 'alice', USERS.alice.password)).statusCode).toBe(200);
      expect(await userCount(app)).toBe(before);
    },
  );

  it.skipIf(!slapdInstalled)('takes a role away at the next sign-in once the directory does', async () => {
    await slapd!.setMembers(SALES_DN, [userDn('alice'), userDn('bob')]);
    const app = await build(directory(slapd!.url, { defaultRole: 'ROLE_SUPPORT' }));
    expect((await signIn(app, 'bob', USERS.bob.password)).statusCode).toBe(200);
    expect(await rolesOf(app, 'bob')).toEqual(['ROLE_SALES', 'ROLE_SUPPORT']);
    await slapd!.setMembers(SALES_DN, [userDn('alice')]);
    expect((await signIn(app, 'bob', USERS.bob.password)).statusCode).toBe(200);
    expect(await rolesOf(app, 'bob')).toEqual(['ROLE_SUPPORT']);
  });

  it.skipIf(!slapdInstalled)(
    'refuses a wrong password, an injected name and an empty password with 401, creating no one',
    async () => {
      const app = await build(directory(slapd!.url));
      const before = await userCount(app);
      for (const [username, password] of [
        ['alice', 'not her password'],
        ['*)(uid=*', USERS.alice.password],
        ['ali*', USERS.alice.password],
        ['alice', ''],
      ] as const) {
        const response = await signIn(app, username, password);
        expect(response.statusCode, `${username}: ${response.body}`).toBe(password === '' ? 400 : 401);
        expect(response.headers['set-cookie']).toBeUndefined();
      }
      expect(await userCount(app)).toBe(before);
      const failures = await auditOf(app.dataSources.primary.knex, 'signInFailed');
      expect(failures.map((entry) => entry.detail)).toContainEqual(
        expect.objectContaining({ provider: 'corp-ldap', reason: 'credentials' }),
      );
    },
  );

  it.skipIf(!slapdInstalled)('refuses a person none of whose groups maps to a role (403)', async () => {
    const app = await build(directory(slapd!.url));
    const response = await signIn(app, 'carol', USERS.carol.password);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/None of your groups/);
    expect(await rolesOf(app, 'carol')).toBeUndefined();
  });

  it('answers 503 with a clear message when the directory is down, and local sign-in still works', async () => {
    // Nothing listens on port 1 of the loopback address.
    const app = await build(directory('ldap://127.0.0.1:1', { name: 'down' }));
    const response = await signIn(app, 'alice', 'whatever');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'DIRECTORY_UNAVAILABLE' });
    expect(response.json().message).toMatch(/directory cannot be reached/);
    const local = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'superadmin', password: ADMIN_PASSWORD },
    });
    expect(local.statusCode).toBe(200);
  });
});
