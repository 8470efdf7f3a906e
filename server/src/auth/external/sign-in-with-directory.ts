import type { Knex } from 'knex';
import type { LdapProviderConfig } from './auth-providers-config';
import { authenticateWithDirectory, type DirectoryFailure } from './ldap-directory';
import { mapExternalRoles } from './map-external-roles';
import { provisionExternalUser } from './provision-external-user';

export type DirectorySignIn =
  | { ok: true; userId: number; created: boolean }
  | { ok: false; reason: DirectoryFailure | 'no_role' | 'disabled'; detail?: string };

/**
 * Password sign-in against a directory (LDAP, Active Directory): the directory checks the name and
 * password and lists the person's groups; the groups map to role codes (none and no default role:
 * refused); the crudboard user linked to the entry is found or created, and its roles are set to
 * the mapped ones, as at every sign-in. Every outcome is a result: the route audits and answers it.
 */
export const signInWithDirectory = async (
  knex: Knex,
  provider: LdapProviderConfig,
  username: string,
  password: string,
  warn: (detail: Record<string, unknown>, message: string) => void,
): Promise<DirectorySignIn> => {
  const checked = await authenticateWithDirectory(provider, username, password);
  if (!checked.ok) return checked;
  const mapped = mapExternalRoles(checked.identity.groups, provider);
  if (!mapped.ok) return { ok: false, reason: 'no_role' };
  const result = await provisionExternalUser(knex, checked.identity, {
    providerId: provider.id,
    // The directory is the organisation's own, but an account made by hand is never taken over.
    linkByEmail: false,
    roleCodes: mapped.codes,
    warn,
  });
  return result.ok ? { ok: true, userId: result.userId, created: result.created } : result;
};
