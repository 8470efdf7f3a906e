import type { LdapDirectoryOptions } from './ldap-directory';

/** Identity providers crudboard signs users in through (`AUTH_PROVIDERS`, README "Single sign-on"). */

/** How groups of the identity map to crudboard role codes, shared by every kind of provider. */
export interface RoleMappingConfig {
  /** Group (as the provider names it) → crudboard role code. */
  roles: Record<string, string>;
  /** Role code given when no group maps; null: such a user is refused. */
  defaultRole: string | null;
}

export interface OidcProviderConfig extends RoleMappingConfig {
  id: string;
  kind: 'oidc';
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  /** The ID token (or userinfo) claim holding the user's groups. */
  rolesClaim: string;
  /** Link an existing user with the same, verified e-mail on first sign-in. */
  linkByEmail: boolean;
}

/** A directory: its connection and search settings (ldap-directory.ts) and the role mapping. */
export interface LdapProviderConfig extends RoleMappingConfig, LdapDirectoryOptions {
  id: string;
  kind: 'ldap';
  name: string;
}

export type AuthProviderConfig = OidcProviderConfig | LdapProviderConfig;

export interface AuthProvidersConfig {
  providers: AuthProviderConfig[];
  /** false: the local password form is off (`PASSWORD_SIGN_IN=0`). */
  passwordSignIn: boolean;
}

export const PROVIDER_ID = /^[a-z][a-z0-9_-]{0,31}$/;

/** A configuration error naming the field; config.ts turns it into its ConfigError. */
export class AuthProvidersConfigError extends Error {
  override name = 'AuthProvidersConfigError';
}

type Raw = Record<string, unknown>;

const fail = (message: string): never => {
  throw new AuthProvidersConfigError(message);
};

const text = (raw: Raw, key: string, where: string, fallback?: string): string => {
  const value = raw[key];
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'string' || value.trim() === '')
    return fail(`${where}: ${key} must be a non-empty string`);
  return value;
};

const bool = (raw: Raw, key: string, where: string, fallback: boolean): boolean => {
  const value = raw[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') return fail(`${where}: ${key} must be true or false`);
  return value;
};

const rolesOf = (raw: Raw, where: string): RoleMappingConfig => {
  const roles = raw.roles ?? {};
  if (typeof roles !== 'object' || roles === null || Array.isArray(roles)) {
    return fail(`${where}: roles must be an object {"group": "ROLE_CODE"}`);
  }
  const mapped: Record<string, string> = {};
  for (const [group, code] of Object.entries(roles)) {
    if (typeof code !== 'string' || code.trim() === '') {
      return fail(`${where}: roles["${group}"] must be a role code (a non-empty string)`);
    }
    mapped[group] = code;
  }
  const defaultRole = raw.defaultRole ?? null;
  if (defaultRole !== null && (typeof defaultRole !== 'string' || defaultRole.trim() === '')) {
    return fail(`${where}: defaultRole must be a role code or null`);
  }
  return { roles: mapped, defaultRole };
};

const isLoopback = (host: string) => host === '127.0.0.1' || host === 'localhost' || host === '[::1]';

const issuerOf = (value: string, where: string): string => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail(`${where}: issuer must be a URL such as https://idp.example.com/realms/acme`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    return fail(`${where}: issuer must start with https:// (http:// only for 127.0.0.1 or localhost)`);
  }
  if (url.search || url.hash) return fail(`${where}: issuer must not have a query or fragment`);
  return value;
};

const oidcOf = (raw: Raw, id: string, name: string, where: string): OidcProviderConfig => {
  const scopes = text(raw, 'scopes', where, 'openid email profile');
  if (!scopes.split(/\s+/).includes('openid')) return fail(`${where}: scopes must include openid`);
  return {
    id,
    kind: 'oidc',
    name,
    issuer: issuerOf(text(raw, 'issuer', where), where),
    clientId: text(raw, 'clientId', where),
    clientSecret: text(raw, 'clientSecret', where),
    scopes,
    rolesClaim: text(raw, 'rolesClaim', where, 'groups'),
    linkByEmail: bool(raw, 'linkByEmail', where, false),
    ...rolesOf(raw, where),
  };
};

const ldapOf = (raw: Raw, id: string, name: string, where: string): LdapProviderConfig => {
  const url = text(raw, 'url', where);
  if (!/^ldaps?:\/\/[^/]+/.test(url)) return fail(`${where}: url must start with ldap:// or ldaps://`);
  const searchFilter = text(raw, 'searchFilter', where, '(uid={{username}})');
  if (!searchFilter.includes('{{username}}')) return fail(`${where}: searchFilter must contain {{username}}`);
  const startTls = bool(raw, 'startTls', where, false);
  if (startTls && url.startsWith('ldaps:'))
    return fail(`${where}: startTls is for ldap:// URLs, not ldaps://`);
  const tlsCaFile = raw.tlsCaFile ?? null;
  if (tlsCaFile !== null && (typeof tlsCaFile !== 'string' || tlsCaFile.trim() === '')) {
    return fail(`${where}: tlsCaFile must be a file path or null`);
  }
  return {
    id,
    kind: 'ldap',
    name,
    url,
    bindDN: text(raw, 'bindDN', where),
    bindPassword: text(raw, 'bindPassword', where),
    searchBase: text(raw, 'searchBase', where),
    searchFilter,
    groupsAttribute: text(raw, 'groupsAttribute', where, 'memberOf'),
    startTls,
    tlsCaFile,
    usernameAttribute: text(raw, 'usernameAttribute', where, 'uid'),
    emailAttribute: text(raw, 'emailAttribute', where, 'mail'),
    nameAttribute: text(raw, 'nameAttribute', where, 'cn'),
    ...rolesOf(raw, where),
  };
};

const providerOf = (raw: unknown, index: number, origin: string): AuthProviderConfig => {
  const at = `${origin}[${index}]`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return fail(`${at} must be an object {id, kind, name, …}`);
  const entry = raw as Raw;
  const { id, kind } = entry;
  if (typeof id !== 'string' || !PROVIDER_ID.test(id))
    return fail(`${at}: id must match ${PROVIDER_ID.source}`);
  const where = `${at} (${id})`;
  const name = text(entry, 'name', where);
  if (kind === 'oidc') return oidcOf(entry, id, name, where);
  if (kind === 'ldap') return ldapOf(entry, id, name, where);
  return fail(`${where}: kind must be "oidc" or "ldap", got ${JSON.stringify(kind)}`);
};

/**
 * Parses the provider list (`AUTH_PROVIDERS` or `authProviders` of crudboard.config.json, named by
 * `origin` in messages) and the password sign-in switch. Throws AuthProvidersConfigError.
 */
export const parseAuthProviders = (
  list: unknown,
  passwordSignIn: unknown,
  origin: string,
): AuthProvidersConfig => {
  const entries = list ?? [];
  if (!Array.isArray(entries)) return fail(`${origin} must be a JSON array of providers`);
  const providers = entries.map((entry, index) => providerOf(entry, index, origin));
  const seen = new Set<string>();
  for (const provider of providers) {
    if (seen.has(provider.id)) fail(`${origin}: duplicate provider id "${provider.id}"`);
    seen.add(provider.id);
  }
  if (passwordSignIn !== undefined && typeof passwordSignIn !== 'boolean') {
    fail('passwordSignIn must be true or false');
  }
  const enabled = passwordSignIn !== false;
  if (!enabled && providers.length === 0) {
    fail('passwordSignIn is false but no provider is configured: nobody could sign in');
  }
  return { providers, passwordSignIn: enabled };
};
