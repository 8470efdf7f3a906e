import type { Principal } from '../../../contract/index';
import { API_TOKEN_NAME_MAX } from '../../../contract/api-token';
import { hasAnyPermission } from '../../../contract/permission-match';
import { isRoleCode } from '../../../contract/role-code';
import type { Localized } from '../i18n/messages';
import { securityMessage } from '../i18n/security-messages';

/** The header an API token comes in: `Authorization: Bearer <token>`. */
export const bearerTokenOf = (authorization: string | undefined): string | undefined => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
};

/** How often a token's `lastUsedAt` is written at most. */
export const TOKEN_TOUCH_MS = 60_000;

/** Whether a use at `now` is worth writing down (never used, or last written a minute ago or more). */
export const shouldTouchToken = (lastUsedAt: number | null, now: number): boolean =>
  lastUsedAt === null || now - lastUsedAt >= TOKEN_TOUCH_MS;

export const isTokenExpired = (expiresAt: number | null, now: number): boolean =>
  expiresAt !== null && expiresAt <= now;

/** The codes a principal holds: role codes and permission codes. */
export const codesOf = (principal: Pick<Principal, 'authorities'>): string[] =>
  principal.authorities.map((authority) => authority.authority);

/**
 * What a token may do: its user as they are now, narrowed to the token's codes when it lists any
 * (each kept only while the user still holds it, so a token never does more than its user; a super
 * admin's token that lists codes holds exactly those, no longer the super-admin role). Role codes
 * are never kept: a token lists permission codes only.
 */
export const narrowPrincipal = (principal: Principal, permissions: readonly string[] | null): Principal => {
  if (permissions === null) return principal;
  const held = codesOf(principal);
  const kept = permissions.filter((code) => !isRoleCode(code) && hasAnyPermission(held, [code]));
  return { ...principal, authorities: [...new Set(kept)].map((authority) => ({ authority })) };
};

export interface TokenRequest {
  name: string;
  expiresAt: number | null;
  permissions: string[] | null;
}

/**
 * A create request checked against the user's codes now: a name of 1 to 100 characters, an expiry
 * in the future, and codes the user holds. Field errors in Chinese and English, or the request.
 */
export const checkTokenRequest = (
  body: { name: string; expiresAt?: string | null; permissions?: string[] | null },
  held: readonly string[],
  now: number,
): { errors: Record<string, Localized> } | { request: TokenRequest } => {
  const errors: Record<string, Localized> = {};
  const name = body.name.trim();
  if (name.length === 0 || name.length > API_TOKEN_NAME_MAX) {
    errors.name = securityMessage('tokenName', { max: API_TOKEN_NAME_MAX });
  }
  let expiresAt: number | null = null;
  if (body.expiresAt !== undefined && body.expiresAt !== null) {
    const at = Date.parse(body.expiresAt);
    if (Number.isNaN(at)) errors.expiresAt = securityMessage('tokenExpiryFormat');
    else if (at <= now) errors.expiresAt = securityMessage('tokenExpiryPast');
    else expiresAt = at;
  }
  let permissions: string[] | null = null;
  if (body.permissions !== undefined && body.permissions !== null) {
    const codes = [...new Set(body.permissions.map((code) => code.trim()))];
    const notHeld = codes.filter(
      (code) => code === '' || isRoleCode(code) || !hasAnyPermission(held, [code]),
    );
    if (codes.length === 0) errors.permissions = securityMessage('tokenNoPermissions');
    else if (notHeld.length > 0)
      errors.permissions = securityMessage('tokenPermissionNotHeld', { codes: notHeld.join(', ') });
    else permissions = codes;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { request: { name, expiresAt, permissions } };
};
