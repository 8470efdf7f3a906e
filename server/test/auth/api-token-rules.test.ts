import { describe, expect, it } from 'vitest';
import type { Principal } from '../../../contract/index';
import {
  bearerTokenOf,
  checkTokenRequest,
  isTokenExpired,
  narrowPrincipal,
  shouldTouchToken,
  TOKEN_TOUCH_MS,
} from '../../src/auth/api-token-rules';

const principal = (...codes: string[]): Principal => ({
  id: 7,
  username: 'ann',
  realname: null,
  avatar: null,
  roles: [{ id: 1, name: 'r', code: 'ROLE_R' }],
  authorities: codes.map((authority) => ({ authority })),
});

describe('bearerTokenOf', () => {
  it('reads `Bearer <token>` only', () => {
    expect(bearerTokenOf('Bearer abc_-1')).toBe('abc_-1');
    expect(bearerTokenOf('bearer abc')).toBe('abc');
    expect(bearerTokenOf(undefined)).toBeUndefined();
    expect(bearerTokenOf('Basic abc')).toBeUndefined();
    expect(bearerTokenOf('Bearer ')).toBeUndefined();
    expect(bearerTokenOf('Bearer a b')).toBeUndefined();
  });
});

describe('token use and expiry', () => {
  it('writes a use at most once a minute and expires at its time', () => {
    expect(shouldTouchToken(null, 1000)).toBe(true);
    expect(shouldTouchToken(1000, 1000 + TOKEN_TOUCH_MS - 1)).toBe(false);
    expect(shouldTouchToken(1000, 1000 + TOKEN_TOUCH_MS)).toBe(true);
    expect(isTokenExpired(null, 5)).toBe(false);
    expect(isTokenExpired(5, 4)).toBe(false);
    expect(isTokenExpired(5, 5)).toBe(true);
  });
});

describe('narrowPrincipal', () => {
  it('keeps everything without a list, else the listed codes the user still holds', () => {
    const user = principal('ROLE_R', 'business:*', 'audit:read');
    expect(narrowPrincipal(user, null)).toBe(user);
    expect(narrowPrincipal(user, ['business:order:read', 'metadata:read']).authorities).toEqual([
      { authority: 'business:order:read' },
    ]);
  });

  it("gives a super admin's narrowed token exactly its codes, never the super-admin role", () => {
    const admin = principal('ROLE_SUPER_ADMIN');
    expect(narrowPrincipal(admin, ['metadata:read', 'ROLE_SUPER_ADMIN']).authorities).toEqual([
      { authority: 'metadata:read' },
    ]);
  });
});

describe('checkTokenRequest', () => {
  const now = Date.parse('2030-01-01T00:00:00Z');
  const held = ['ROLE_R', 'business:order:*'];

  it('takes a good request, trimmed', () => {
    expect(
      checkTokenRequest(
        { name: ' nightly ', expiresAt: '2030-02-01T00:00:00Z', permissions: ['business:order:read'] },
        held,
        now,
      ),
    ).toEqual({
      request: {
        name: 'nightly',
        expiresAt: Date.parse('2030-02-01T00:00:00Z'),
        permissions: ['business:order:read'],
      },
    });
  });

  it('names each bad field, in Chinese and English', () => {
    const checked = checkTokenRequest(
      { name: ' ', expiresAt: '2029-12-31T00:00:00Z', permissions: ['audit:read', 'ROLE_R'] },
      held,
      now,
    );
    expect('errors' in checked && Object.keys(checked.errors).sort()).toEqual([
      'expiresAt',
      'name',
      'permissions',
    ]);
    if (!('errors' in checked)) throw new Error('expected errors');
    expect(checked.errors.permissions?.en).toContain('audit:read, ROLE_R');
    expect(checked.errors.permissions?.zh).toContain('令牌只能包含你当前拥有的权限');
    expect(checkTokenRequest({ name: 'x', expiresAt: 'soon' }, held, now)).toHaveProperty('errors.expiresAt');
  });
});
