import { describe, expect, it } from 'vitest';
import {
  AuthProvidersConfigError,
  parseAuthProviders,
} from '../../../src/auth/external/auth-providers-config';
import { ConfigError, loadConfig } from '../../../src/config';

const oidc = {
  id: 'corp',
  kind: 'oidc',
  name: 'Corp SSO',
  issuer: 'https://idp.example.com/realms/acme',
  clientId: 'crudboard',
  clientSecret: 'secret',
  scopes: 'openid email profile groups',
  rolesClaim: 'groups',
  roles: { sales: 'ROLE_SALES' },
  defaultRole: null,
  linkByEmail: false,
};
const ldap = {
  id: 'ad',
  kind: 'ldap',
  name: '公司目录',
  url: 'ldaps://ldap.example.com',
  bindDN: 'cn=reader,dc=example,dc=com',
  bindPassword: 'pw',
  searchBase: 'ou=people,dc=example,dc=com',
  searchFilter: '(uid={{username}})',
  groupsAttribute: 'memberOf',
  roles: { 'cn=sales,ou=groups,dc=example,dc=com': 'ROLE_SALES' },
  defaultRole: null,
  startTls: false,
  tlsCaFile: null,
  usernameAttribute: 'uid',
  emailAttribute: 'mail',
  nameAttribute: 'cn',
};

const parse = (list: unknown, passwordSignIn?: unknown) =>
  parseAuthProviders(list, passwordSignIn, 'AUTH_PROVIDERS');
const refusal = (list: unknown, passwordSignIn?: unknown): string => {
  try {
    parse(list, passwordSignIn);
  } catch (error) {
    expect(error).toBeInstanceOf(AuthProvidersConfigError);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('parseAuthProviders', () => {
  it('reads an OIDC and an LDAP provider as given', () => {
    const { providers, passwordSignIn } = parse([oidc, ldap]);
    expect(passwordSignIn).toBe(true);
    expect(providers).toEqual([oidc, ldap]);
  });

  it('fills defaults: scopes, groups claim, no linking, no default role', () => {
    const { id, kind, name, issuer, clientId, clientSecret } = oidc;
    const [provider] = parse([{ id, kind, name, issuer, clientId, clientSecret }]).providers;
    expect(provider).toMatchObject({
      scopes: 'openid email profile',
      rolesClaim: 'groups',
      roles: {},
      defaultRole: null,
      linkByEmail: false,
    });
  });

  it('no list: no providers, password sign-in on', () => {
    expect(parse(undefined)).toEqual({ providers: [], passwordSignIn: true });
  });

  it('turns password sign-in off only with a provider to sign in through', () => {
    expect(parse([oidc], false).passwordSignIn).toBe(false);
    expect(refusal([], false)).toMatch(/no provider/);
  });

  it('refuses bad entries with a message naming the field', () => {
    expect(refusal({})).toMatch(/AUTH_PROVIDERS must be a JSON array/);
    expect(refusal([{ ...oidc, id: 'Corp' }])).toMatch(/AUTH_PROVIDERS\[0\]: id must match/);
    expect(refusal([{ ...oidc, id: 'a'.repeat(33) }])).toMatch(/id must match/);
    expect(refusal([oidc, { ...ldap, id: 'corp' }])).toMatch(/duplicate provider id "corp"/);
    expect(refusal([{ ...oidc, kind: 'saml' }])).toMatch(/\(corp\): kind must be "oidc" or "ldap"/);
    expect(refusal([{ ...oidc, issuer: 'http://idp.example.com' }])).toMatch(/issuer must start with https/);
    expect(refusal([{ ...oidc, issuer: 'not a url' }])).toMatch(/issuer must be a URL/);
    expect(refusal([{ ...oidc, clientSecret: '' }])).toMatch(/clientSecret must be a non-empty string/);
    expect(refusal([{ ...oidc, scopes: 'email' }])).toMatch(/scopes must include openid/);
    expect(refusal([{ ...oidc, roles: ['ROLE_SALES'] }])).toMatch(/roles must be an object/);
    expect(refusal([{ ...oidc, roles: { sales: 1 } }])).toMatch(/roles\["sales"\] must be a role code/);
    expect(refusal([{ ...oidc, defaultRole: '' }])).toMatch(/defaultRole must be a role code or null/);
    expect(refusal([{ ...oidc, linkByEmail: 'yes' }])).toMatch(/linkByEmail must be true or false/);
    expect(refusal([{ ...ldap, url: 'https://ldap' }])).toMatch(/\(ad\): url must start with ldap/);
    expect(refusal([{ ...ldap, searchFilter: '(uid=*)' }])).toMatch(
      /searchFilter must contain \{\{username\}\}/,
    );
    expect(refusal([{ ...ldap, startTls: true }])).toMatch(/startTls is for ldap:\/\//);
    expect(refusal([oidc], 'no')).toMatch(/passwordSignIn must be true or false/);
  });

  it('allows http:// issuers on the loopback address only', () => {
    expect(parse([{ ...oidc, issuer: 'http://127.0.0.1:4000' }]).providers[0]).toMatchObject({
      issuer: 'http://127.0.0.1:4000',
    });
    expect(parse([{ ...oidc, issuer: 'http://localhost:4000/oidc' }]).providers).toHaveLength(1);
    expect(refusal([{ ...oidc, issuer: 'http://127.0.0.2:4000' }])).toMatch(/issuer must start with https/);
  });
});

describe('loadConfig: authProviders', () => {
  const noFile = () => undefined;

  it('reads AUTH_PROVIDERS and PASSWORD_SIGN_IN', () => {
    const config = loadConfig(
      { AUTH_PROVIDERS: JSON.stringify([oidc]), PASSWORD_SIGN_IN: '0' },
      '/srv',
      noFile,
    );
    expect(config.authProviders.providers.map((provider) => provider.id)).toEqual(['corp']);
    expect(config.authProviders.passwordSignIn).toBe(false);
  });

  it('reads authProviders and passwordSignIn of crudboard.config.json beside dataSources', () => {
    const file = JSON.stringify({ dataSources: [], authProviders: [ldap], passwordSignIn: true });
    const config = loadConfig({}, '/srv', () => file);
    expect(config.authProviders).toEqual({ providers: [ldap], passwordSignIn: true });
    expect(
      loadConfig({}, '/srv', () => JSON.stringify({ authProviders: [oidc] })).authProviders.providers,
    ).toHaveLength(1);
  });

  it('no providers by default', () => {
    expect(loadConfig({}, '/srv', noFile).authProviders).toEqual({ providers: [], passwordSignIn: true });
  });

  it('turns a bad entry into a ConfigError', () => {
    expect(() => loadConfig({ AUTH_PROVIDERS: '[{"id":"x"}]' }, '/srv', noFile)).toThrow(ConfigError);
    expect(() => loadConfig({ AUTH_PROVIDERS: '[' }, '/srv', noFile)).toThrow(
      /AUTH_PROVIDERS is not valid JSON/,
    );
    expect(() => loadConfig({ PASSWORD_SIGN_IN: 'maybe' }, '/srv', noFile)).toThrow(
      /PASSWORD_SIGN_IN must be 1 or 0/,
    );
  });
});
