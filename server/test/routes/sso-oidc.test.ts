import type { LightMyRequestResponse } from 'fastify';
import type { Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../src/app';
import type { AuthProvidersConfig, OidcProviderConfig } from '../../src/auth/external/auth-providers-config';
import type { LoginLimits } from '../../src/auth/login-limiter';
import { dateTimeText } from '../../src/db/clock';
import { SHARED_STATE, SYSTEM } from '../../src/db/table-names';
import { auditOf } from '../helpers/audit-entries';
import {
  signInAtProvider,
  startOidcProvider,
  type OidcProviderProcess,
  type TestAccounts,
} from '../helpers/oidc-provider-process';
import { cookieFrom, login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

/** The host the tests send: the callback URL registered at the provider is on it. */
const HOST = 'crudboard.test';
const CALLBACK = `http://${HOST}/api/auth/sso/corp/callback`;
const SECRET = 'crudboard-client-secret';
const clients = [
  { client_id: 'crudboard', client_secret: SECRET, redirect_uris: [CALLBACK] },
  // Another application at the same provider: its tokens must not sign anyone in to crudboard.
  { client_id: 'other-app', client_secret: 'other-secret', redirect_uris: [CALLBACK] },
];
const accounts: TestAccounts = {
  alice: {
    preferred_username: 'alice',
    email: 'alice@example.com',
    email_verified: true,
    name: 'Alice',
    groups: ['sales'],
  },
  bob: { preferred_username: 'bob', groups: ['ops'] },
  nobody: { preferred_username: 'nobody', groups: ['visitors'] },
  carol: { preferred_username: 'carol', email: 'carol@example.com', email_verified: true, groups: ['sales'] },
};
/** No waits: the tests fail on purpose again and again; the throttle test sets its own. */
const LOOSE: LoginLimits = {
  freeFailures: 1000,
  baseDelayMs: 1,
  maxDelayMs: 1,
  maxAccountsPerAddress: 1000,
  windowMs: 60_000,
};

const corp = (issuer: string, over: Partial<OidcProviderConfig> = {}): OidcProviderConfig => ({
  id: 'corp',
  kind: 'oidc',
  name: 'Corp SSO',
  issuer,
  clientId: 'crudboard',
  clientSecret: SECRET,
  scopes: 'openid email profile groups',
  rolesClaim: 'groups',
  roles: { sales: 'ROLE_SALES', ops: 'ROLE_OPS' },
  defaultRole: null,
  linkByEmail: false,
  ...over,
});

let idp: OidcProviderProcess;
beforeAll(async () => {
  idp = await startOidcProvider({ clients, accounts });
}, 60_000);
afterAll(async () => {
  await idp?.stop();
});

describeEachDatabase('single sign-on with OpenID Connect ($name)', (db) => {
  const apps = useTestApps(db);
  let addresses = 0;

  const build = async (
    providers: AuthProvidersConfig = { providers: [corp(idp.issuer)], passwordSignIn: true },
    limits: LoginLimits = LOOSE,
  ): Promise<App> => {
    const app = await apps.build({ loginLimits: limits }, apps.config({ authProviders: providers }));
    const knex = app.dataSources.primary.knex;
    const stamp = dateTimeText(new Date());
    for (const code of ['ROLE_SALES', 'ROLE_OPS']) {
      if (!(await knex(SYSTEM.role).where('code', code).first())) {
        await knex(SYSTEM.role).insert({
          name: code,
          code,
          permissions: '',
          createdDate: stamp,
          lastModifiedDate: stamp,
        });
      }
    }
    return app;
  };
  /** Each test signs in from an address of its own, so that throttling of one does not touch another. */
  const newAddress = () => {
    addresses += 1;
    return `10.7.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  };
  const get = (app: App, url: string, address: string, cookie = '') =>
    app.inject({
      method: 'GET',
      url,
      remoteAddress: address,
      headers: { host: HOST, ...(cookie ? { cookie } : {}) },
    });

  /** GET /api/auth/sso/corp: the provider's authorization URL it redirects to. */
  /** The sign-in state cookie each test browser (one per address) was given when it started. */
  const browsers = new Map<string, string>();
  const start = async (app: App, address: string, query = '', issuer = idp.issuer): Promise<URL> => {
    const response = await get(app, `/api/auth/sso/corp${query}`, address);
    expect(response.statusCode, response.body).toBe(302);
    const stateCookie = [response.headers['set-cookie'] ?? []]
      .flat()
      .find((cookie) => cookie.startsWith('crudboard_sso_state='));
    expect(stateCookie).toMatch(/HttpOnly/);
    browsers.set(address, String(stateCookie).split(';')[0]!);
    const location = new URL(String(response.headers.location));
    expect(location.origin).toBe(issuer);
    return location;
  };
  /** The provider's redirect back (callback URL with code and state) after signing in as `user`. */
  const atProvider = (authorization: URL, user: string) =>
    signInAtProvider(authorization.href, user, CALLBACK);
  const callback = (app: App, url: URL, address: string) =>
    get(app, `${url.pathname}${url.search}`, address, browsers.get(address));
  const ssoSignIn = async (app: App, user: string, address = newAddress()) =>
    callback(app, await atProvider(await start(app, address), user), address);

  const errorOf = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(302);
    const location = new URL(String(response.headers.location), `http://${HOST}`);
    expect(location.pathname).toBe('/crudboard/login');
    expect(response.headers['set-cookie'] ?? '').not.toContain('crudboard_session=');
    return location.searchParams.get('error');
  };
  const signedIn = async (app: App, response: LightMyRequestResponse, landing = '/crudboard/') => {
    expect(response.statusCode, response.body).toBe(302);
    expect(response.headers.location).toBe(landing);
    const cookie = cookieFrom(response);
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    return { cookie, principal: me.json<{ id: number; username: string; roles: { code: string }[] }>() };
  };
  const codesOf = (principal: { roles: { code: string }[] }) =>
    principal.roles.map((role) => role.code).sort();
  const failures = async (knex: Knex) => (await auditOf(knex, 'signInFailed')).map((entry) => entry.detail);
  const lastFailure = async (knex: Knex) => (await failures(knex)).at(-1);

  // Attacker cases first.

  it('refuses a callback in a browser that did not start the sign-in (login cross-site request forgery)', async () => {
    const app = await build();
    // The attacker starts a sign-in, signs in at the provider as himself and keeps the way back...
    const attacker = newAddress();
    const back = await atProvider(await start(app, attacker), 'bob');
    // ...which a victim's browser follows: it must not end up signed in as the attacker.
    const victim = newAddress();
    const response = await callback(app, back, victim);
    expect(errorOf(response)).toBe('sso_state');
    expect(await lastFailure(app.dataSources.primary.knex)).toEqual({
      provider: 'corp',
      reason: 'state of another browser',
    });
  });

  it('refuses a callback whose state is not the one the sign-in started with', async () => {
    const app = await build();
    const address = newAddress();
    const back = await atProvider(await start(app, address), 'alice');
    back.searchParams.set('state', 'a-state-crudboard-never-issued');
    expect(errorOf(await callback(app, back, address))).toBe('sso_state');
    expect(await lastFailure(app.dataSources.primary.knex)).toEqual({
      provider: 'corp',
      reason: 'unknown state',
    });
  });

  it('refuses a callback without state', async () => {
    const app = await build();
    const address = newAddress();
    const back = await atProvider(await start(app, address), 'alice');
    back.searchParams.delete('state');
    expect(errorOf(await callback(app, back, address))).toBe('sso_state');
    expect(await lastFailure(app.dataSources.primary.knex)).toEqual({
      provider: 'corp',
      reason: 'missing state',
    });
  });

  it('refuses a replayed callback: its state served once', async () => {
    const app = await build();
    const address = newAddress();
    const back = await atProvider(await start(app, address), 'alice');
    await signedIn(app, await callback(app, back, address));
    const state = String(back.searchParams.get('state'));
    expect(await app.dataSources.primary.knex(SHARED_STATE.ssoState).where('state', state)).toEqual([]);
    expect(errorOf(await callback(app, back, address))).toBe('sso_state');
  });

  it('refuses a replayed code under a fresh state', async () => {
    const app = await build();
    const address = newAddress();
    const used = await atProvider(await start(app, address), 'alice');
    await signedIn(app, await callback(app, used, address));
    // A new sign-in's state, with the code already exchanged.
    const fresh = await start(app, address);
    const replay = new URL(used.href);
    replay.searchParams.set('state', String(fresh.searchParams.get('state')));
    expect(errorOf(await callback(app, replay, address))).toBe('sso_failed');
    expect(await lastFailure(app.dataSources.primary.knex)).toMatchObject({
      provider: 'corp',
      reason: expect.stringMatching(/^token: /),
    });
  });

  it('refuses an ID token issued for another audience', async () => {
    const app = await build();
    await idp.adjust({ idTokenAudience: 'other-app' });
    try {
      expect(errorOf(await ssoSignIn(app, 'alice'))).toBe('sso_failed');
    } finally {
      await idp.adjust({ idTokenAudience: null });
    }
    expect(await lastFailure(app.dataSources.primary.knex)).toMatchObject({
      reason: expect.stringMatching(/aud/),
    });
  });

  it('refuses an expired ID token', async () => {
    const app = await build();
    // The provider's clock two hours behind: its ID tokens (5 minutes) expired long ago.
    await idp.adjust({ clockOffsetMs: -2 * 3600_000 });
    try {
      expect(errorOf(await ssoSignIn(app, 'alice'))).toBe('sso_failed');
    } finally {
      await idp.adjust({ clockOffsetMs: 0 });
    }
    expect(await lastFailure(app.dataSources.primary.knex)).toMatchObject({
      reason: expect.stringMatching(/exp/),
    });
  });

  it('a provider that is down: a clear error, and password sign-in still works', async () => {
    const down = await startOidcProvider({ clients, accounts });
    try {
      const providers = { providers: [corp(down.issuer)], passwordSignIn: true };
      const app = await build(providers);
      const address = newAddress();
      // Down mid-sign-in (discovery already read) ...
      const back = await atProvider(await start(app, address, '', down.issuer), 'alice');
      await down.stop();
      expect(errorOf(await callback(app, back, address))).toBe('sso_unavailable');
      // ... and down from the start (a fresh server, nothing discovered yet).
      const fresh = await build(providers);
      expect(errorOf(await get(fresh, '/api/auth/sso/corp', address))).toBe('sso_unavailable');
      expect(await lastFailure(app.dataSources.primary.knex)).toEqual({
        provider: 'corp',
        reason: 'provider unavailable',
      });
      expect((await login(fresh)).response.statusCode).toBe(200);
    } finally {
      // Stopped already unless the test failed before.
      await down.stop();
    }
  }, 60_000);

  it('refuses an unknown provider with a redirect, not an error page', async () => {
    const app = await build();
    expect(errorOf(await get(app, '/api/auth/sso/nope', newAddress()))).toBe('sso_failed');
    expect(errorOf(await get(app, '/api/auth/sso/nope/callback?state=x&code=y', newAddress()))).toBe(
      'sso_failed',
    );
  });

  it('counts failures in the login throttle: past the free ones, the callback is refused', async () => {
    const app = await build(undefined, {
      ...LOOSE,
      freeFailures: 2,
      baseDelayMs: 60_000,
      maxDelayMs: 60_000,
    });
    const address = newAddress();
    for (let i = 0; i < 2; i += 1) {
      expect(errorOf(await get(app, '/api/auth/sso/corp/callback?state=forged&code=x', address))).toBe(
        'sso_state',
      );
    }
    expect(errorOf(await ssoSignIn(app, 'alice', address))).toBe('sso_throttled');
    expect(await lastFailure(app.dataSources.primary.knex)).toEqual({
      provider: 'corp',
      reason: 'throttled',
    });
  });

  // The sign-in itself.

  it('signs in: creates the user with the mapped roles, audits signIn, lands on the app', async () => {
    const app = await build();
    const { principal } = await signedIn(app, await ssoSignIn(app, 'alice'));
    expect(principal.username).toBe('alice');
    expect(codesOf(principal)).toEqual(['ROLE_SALES']);
    const knex = app.dataSources.primary.knex;
    expect((await auditOf(knex, 'signIn')).at(-1)).toMatchObject({
      user: { name: 'alice' },
      detail: { provider: 'corp' },
    });
    // A user made by single sign-on has no password that works.
    expect((await login(app, 'alice', '!external')).response.statusCode).toBe(401);
  });

  it('reads the groups from userinfo when the ID token does not carry them', async () => {
    const conforming = await startOidcProvider({ clients, accounts, claimsInUserinfoOnly: true });
    try {
      const app = await build({ providers: [corp(conforming.issuer, { id: 'corp' })], passwordSignIn: true });
      const address = newAddress();
      const authorization = await start(app, address, '', conforming.issuer);
      const back = await signInAtProvider(authorization.href, 'bob', CALLBACK);
      const { principal } = await signedIn(app, await callback(app, back, address));
      expect(codesOf(principal)).toEqual(['ROLE_OPS']);
    } finally {
      await conforming.stop();
    }
  }, 60_000);

  it("changes the user's roles at the next sign-in when the groups change", async () => {
    const app = await build();
    const first = await signedIn(app, await ssoSignIn(app, 'carol'));
    expect(codesOf(first.principal)).toEqual(['ROLE_SALES']);
    idp.setAccounts({ ...accounts, carol: { ...accounts.carol, groups: ['ops', 'visitors'] } });
    try {
      const second = await signedIn(app, await ssoSignIn(app, 'carol'));
      expect(second.principal.id).toBe(first.principal.id);
      expect(codesOf(second.principal)).toEqual(['ROLE_OPS']);
    } finally {
      idp.setAccounts(accounts);
    }
  });

  it('refuses a user none of whose groups maps to a role, when there is no default role', async () => {
    const app = await build();
    expect(errorOf(await ssoSignIn(app, 'nobody'))).toBe('sso_no_role');
    const knex = app.dataSources.primary.knex;
    expect(await knex(SYSTEM.user).where('username', 'nobody')).toHaveLength(0);
    expect(await lastFailure(knex)).toEqual({ provider: 'corp', reason: 'no role' });
    // With a default role the same user signs in.
    const lenient = await build({
      providers: [corp(idp.issuer, { defaultRole: 'ROLE_OPS' })],
      passwordSignIn: true,
    });
    expect(codesOf((await signedIn(lenient, await ssoSignIn(lenient, 'nobody'))).principal)).toEqual([
      'ROLE_OPS',
    ]);
  });

  it('does not take over a local account with the same e-mail when linkByEmail is off', async () => {
    const app = await build();
    const knex = app.dataSources.primary.knex;
    const stamp = dateTimeText(new Date());
    await knex(SYSTEM.user).insert({
      username: 'Local-Alice',
      password: 'x',
      email: 'alice@example.com',
      enabled: true,
      createdDate: stamp,
      lastModifiedDate: stamp,
    });
    const local = await knex(SYSTEM.user).where('username', 'Local-Alice').first();
    const { principal } = await signedIn(app, await ssoSignIn(app, 'alice'));
    expect(String(principal.id)).not.toBe(String(local.id));
    expect(await knex(SHARED_STATE.userIdentity).where('userId', local.id)).toHaveLength(0);
  });

  it('a sign-in started on one server finishes on another', async () => {
    const one = await build();
    const two = await build();
    const address = newAddress();
    const back = await atProvider(await start(one, address), 'bob');
    const { principal } = await signedIn(two, await callback(two, back, address));
    expect(codesOf(principal)).toEqual(['ROLE_OPS']);
  });

  it('keeps a returnTo of the web app, and drops one elsewhere', async () => {
    const app = await build();
    const address = newAddress();
    const kept = await atProvider(
      await start(app, address, '?returnTo=%2Fcrudboard%2Fsystem%2Fusers'),
      'alice',
    );
    await signedIn(app, await callback(app, kept, address), '/crudboard/system/users');
    for (const evil of ['https://evil.example/', '//evil.example/crudboard/', '/crudboard/\\evil']) {
      const dropped = await atProvider(
        await start(app, address, `?returnTo=${encodeURIComponent(evil)}`),
        'alice',
      );
      await signedIn(app, await callback(app, dropped, address), '/crudboard/');
    }
  });

  it("signing out answers the provider's sign-out address", async () => {
    const app = await build();
    const { cookie } = await signedIn(app, await ssoSignIn(app, 'alice'));
    const provider = 'crudboard_sso=corp';
    const out = await app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { cookie: `${cookie}; ${provider}` },
    });
    expect(out.statusCode).toBe(200);
    const { endSessionUrl } = out.json<{ endSessionUrl: string }>();
    expect(endSessionUrl.startsWith(`${idp.issuer}/`)).toBe(true);
    expect(new URL(endSessionUrl).searchParams.get('client_id')).toBe('crudboard');
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(
      401,
    );
    // Signed in with a password: no provider to sign out of.
    const local = await login(app);
    const plain = await app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { cookie: local.cookie },
    });
    expect(plain.json()).toBeNull();
  });

  it('lists the providers; with password sign-in off, the password form is refused', async () => {
    const ldap = {
      id: 'ad',
      kind: 'ldap' as const,
      name: '公司目录',
      // Nothing listens there: the directory cannot be reached.
      url: 'ldaps://127.0.0.1:1',
      bindDN: 'cn=reader',
      bindPassword: 'pw',
      searchBase: 'dc=example',
      searchFilter: '(uid={{username}})',
      groupsAttribute: 'memberOf',
      roles: {},
      defaultRole: null,
      startTls: false,
      tlsCaFile: null,
      usernameAttribute: 'uid',
      emailAttribute: 'mail',
      nameAttribute: 'cn',
    };
    const app = await build({ providers: [corp(idp.issuer), ldap], passwordSignIn: false });
    const listed = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(listed.json()).toEqual({
      providers: [
        { id: 'corp', kind: 'oidc', name: 'Corp SSO' },
        { id: 'ad', kind: 'ldap', name: '公司目录' },
      ],
      passwordSignIn: false,
    });
    const refused = await login(app);
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json().message).toMatch(/单点登录/);
    const post = (payload: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'accept-language': 'en' } });
    // A directory sign-in is not a local one: it goes to the directory, here one that is down.
    const directory = await post({ username: 'u', password: 'p', provider: 'ad' });
    expect(directory.statusCode).toBe(503);
    expect(directory.json()).toMatchObject({ code: 'DIRECTORY_UNAVAILABLE' });
    expect((await post({ username: 'u', password: 'p', provider: 'corp' })).statusCode).toBe(400);
    expect((await post({ username: 'u', password: 'p', provider: 'nope' })).statusCode).toBe(400);
  });
});
