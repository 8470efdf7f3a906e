import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { Client, InappropriateAuthError, InvalidCredentialsError, SizeLimitExceededError } from 'ldapts';
import { directoryIdentity, type DirectoryIdentity } from './directory-identity';
import { isAcceptableDirectoryUsername } from './directory-username';
import { entryValues, type DirectoryEntry } from './entry-values';
import { groupMembershipFilter } from './group-membership-filter';
import { userSearchFilter } from './user-search-filter';

export type { DirectoryIdentity };

/** How crudboard finds and checks people in an LDAP directory or Active Directory (docs/sign-in.md). */
export interface LdapDirectoryOptions {
  /** `ldap://host[:port]` or `ldaps://host[:port]`. */
  url: string;
  /** The service account that searches for people. */
  bindDN: string;
  bindPassword: string;
  /** Where people (and, without memberOf, groups) are searched, with all levels below. */
  searchBase: string;
  /** The filter that finds one person, e.g. `(uid={{username}})`; the typed name is escaped. */
  searchFilter: string;
  /** The attribute listing a person's group DNs, e.g. `memberOf`. */
  groupsAttribute: string;
  usernameAttribute: string;
  emailAttribute: string;
  nameAttribute: string;
  /** Upgrade an `ldap://` connection with StartTLS before anything is sent. */
  startTls: boolean;
  /** PEM file of the certificate authorities trusted for the directory's certificate. */
  tlsCaFile: string | null;
  /** How long connecting, and each request, may take (default 5 s). */
  timeoutMs?: number;
}

export type DirectoryFailure = 'credentials' | 'not_found' | 'ambiguous' | 'unavailable' | 'invalid_username';

export type DirectoryResult =
  | { ok: true; identity: DirectoryIdentity }
  /** `detail` says, for the log, why the directory could not be used (`unavailable` only). */
  | { ok: false; reason: DirectoryFailure; detail?: string };

export const DEFAULT_DIRECTORY_TIMEOUT_MS = 5000;

/** The attributes asked of a person's entry (entryUUID and objectGUID for a lasting subject). */
const entryAttributes = (options: LdapDirectoryOptions) => [
  options.usernameAttribute,
  options.emailAttribute,
  options.nameAttribute,
  options.groupsAttribute,
  'entryUUID',
  'objectGUID',
];

const describe = (error: unknown) => (error instanceof Error ? error.message || error.name : String(error));

const unavailable = (step: string, error: unknown): DirectoryResult => ({
  ok: false,
  reason: 'unavailable',
  detail: `${step}: ${describe(error)}`,
});

const tlsOptions = async (options: LdapDirectoryOptions): Promise<ConnectionOptions> => {
  const host = new URL(options.url).hostname.replace(/^\[(.*)\]$/, '$1');
  return {
    host,
    ...(isIP(host) === 0 ? { servername: host } : {}),
    ...(options.tlsCaFile === null ? {} : { ca: await readFile(options.tlsCaFile, 'utf8') }),
  };
};

/**
 * Checks a user name and password against the directory: binds as the service account, finds the
 * one entry the search filter matches for the (escaped) name, reads its groups, then binds as that
 * entry with the password. Every outcome is a result, never a throw: a directory that is down,
 * slow or misconfigured gives `unavailable`. The connection is always closed.
 */
export const authenticateWithDirectory = async (
  options: LdapDirectoryOptions,
  username: string,
  password: string,
): Promise<DirectoryResult> => {
  if (!isAcceptableDirectoryUsername(username)) return { ok: false, reason: 'invalid_username' };
  // A simple bind with an empty password is an unauthenticated bind, which many directories
  // accept whatever the DN: it must never sign anyone in.
  if (password === '') return { ok: false, reason: 'credentials' };

  const timeout = options.timeoutMs ?? DEFAULT_DIRECTORY_TIMEOUT_MS;
  let tls: ConnectionOptions;
  try {
    tls = await tlsOptions(options);
  } catch (error) {
    return unavailable('reading the TLS settings', error);
  }
  const secure = options.url.toLowerCase().startsWith('ldaps:');
  let client: Client;
  try {
    client = new Client({
      url: options.url,
      timeout,
      connectTimeout: timeout,
      ...(secure ? { tlsOptions: tls } : {}),
    });
  } catch (error) {
    return unavailable('reading the directory address', error);
  }
  try {
    try {
      if (options.startTls && !secure) await client.startTLS(tls);
      await client.bind(options.bindDN, options.bindPassword);
    } catch (error) {
      return unavailable('connecting as the service account', error);
    }

    let entries: DirectoryEntry[];
    try {
      const result = await client.search(options.searchBase, {
        scope: 'sub',
        filter: userSearchFilter(options.searchFilter, username),
        attributes: entryAttributes(options),
        explicitBufferAttributes: ['objectGUID'],
        sizeLimit: 2,
      });
      entries = result.searchEntries as DirectoryEntry[];
    } catch (error) {
      if (error instanceof SizeLimitExceededError) return { ok: false, reason: 'ambiguous' };
      return unavailable('searching for the user', error);
    }
    const [entry, ...others] = entries;
    if (entry === undefined) return { ok: false, reason: 'not_found' };
    if (others.length > 0) return { ok: false, reason: 'ambiguous' };

    let groups = entryValues(entry, options.groupsAttribute);
    if (groups.length === 0) {
      try {
        const uid = entryValues(entry, options.usernameAttribute)[0];
        const result = await client.search(options.searchBase, {
          scope: 'sub',
          filter: groupMembershipFilter(entry.dn, uid),
          attributes: ['1.1'],
        });
        groups = result.searchEntries.map((group) => group.dn);
      } catch (error) {
        return unavailable('searching for the user’s groups', error);
      }
    }

    try {
      await client.bind(entry.dn, password);
    } catch (error) {
      if (error instanceof InvalidCredentialsError || error instanceof InappropriateAuthError) {
        return { ok: false, reason: 'credentials' };
      }
      return unavailable('checking the password', error);
    }
    return { ok: true, identity: directoryIdentity(entry, options, username, groups) };
  } finally {
    await client.unbind().catch(() => undefined);
  }
};
