import type { ExternalIdentity } from './external-identity';

type Claims = Record<string, unknown>;

const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** A groups claim as a list: an array of strings, a single string, or a space-free comma list. */
export const groupsOf = (value: unknown): string[] | undefined => {
  if (Array.isArray(value)) return value.filter((group): group is string => typeof group === 'string');
  if (typeof value === 'string')
    return value
      .split(',')
      .map((group) => group.trim())
      .filter(Boolean);
  return undefined;
};

/**
 * The identity of an OpenID Connect sign-in: `sub` from the verified ID token; username, e-mail and
 * name from the ID token or else userinfo; groups from `rolesClaim` of the ID token, else userinfo.
 */
export const oidcIdentity = (
  idToken: Claims,
  userinfo: Claims | undefined,
  rolesClaim: string,
): ExternalIdentity => {
  const pick = (name: string) => idToken[name] ?? userinfo?.[name];
  const subject = String(idToken.sub);
  const email = stringOf(pick('email'));
  const verified = pick('email_verified');
  const displayName = stringOf(pick('name'));
  return {
    subject,
    username: stringOf(pick('preferred_username')) ?? email?.split('@')[0] ?? subject,
    ...(email === undefined ? {} : { email }),
    ...(verified === true || verified === 'true' ? { emailVerified: true } : { emailVerified: false }),
    ...(displayName === undefined ? {} : { displayName }),
    groups: groupsOf(idToken[rolesClaim]) ?? groupsOf(userinfo?.[rolesClaim]) ?? [],
  };
};
