import type { ExternalIdentity } from './external-identity';

const MAX_USERNAME = 64;

/** The username a new user is given first: the identity's, else its e-mail's local part, cleaned. */
export const baseUsername = (identity: ExternalIdentity): string => {
  const source = identity.username.trim() || identity.email?.split('@')[0] || identity.subject;
  const cleaned = source
    .normalize('NFKC')
    .replace(/[\s/\\?#%"'<>]+/g, '_')
    .slice(0, MAX_USERNAME - 8);
  return cleaned === '' ? 'user' : cleaned;
};

/** The n-th candidate (0: the base itself; then base_2, base_3, …). */
export const usernameCandidate = (base: string, n: number): string => (n === 0 ? base : `${base}_${n + 1}`);
