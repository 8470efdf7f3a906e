import { describe, expect, it } from 'vitest';
import { hasAnyPermission, permissionMatches } from '../../src/lib/permission';

describe('permissionMatches (API.md §6 wildcards)', () => {
  it.each<[string, string, boolean]>([
    ['business:orders:read', 'business:orders:read', true],
    ['business:orders:read', 'business:orders:update', false],
    ['business:*:read', 'business:orders:read', true],
    ['business:*:read', 'business:orders:delete', false],
    ['business:orders:*', 'business:orders:export', true],
    ['business:*', 'business:orders:read', true],
    ['business:*:*', 'business:orders:read', true],
    ['*', 'sql:execute', true],
    ['metadata:*', 'metadata:write', true],
    ['metadata:read', 'metadata:write', false],
    ['metadata:read', 'metadata', false],
    ['business:orders', 'business:orders:read', false],
    ['sql:execute', 'sql:execute:extra', false],
    ['ROLE_BUSINESS', 'ROLE_BUSINESS', true],
    ['business:orders:read', 'business:*:read', true],
  ])('%s covers %s: %s', (granted, required, expected) => {
    expect(permissionMatches(granted, required)).toBe(expected);
  });
});

describe('hasAnyPermission (SPEC §6)', () => {
  it('lets the super admin through whatever is required', () => {
    expect(hasAnyPermission({ isSuperAdmin: true, authorities: [] }, ['sql:execute'])).toBe(true);
    expect(hasAnyPermission({ isSuperAdmin: false, authorities: ['ROLE_SUPER_ADMIN'] }, ['x:y'])).toBe(true);
  });

  it('needs one authority covering one of the required codes', () => {
    const access = { isSuperAdmin: false, authorities: ['ROLE_BUSINESS', 'business:*:read'] };
    expect(hasAnyPermission(access, ['business:orders:update', 'business:orders:read'])).toBe(true);
    expect(hasAnyPermission(access, ['ROLE_BUSINESS'])).toBe(true);
    expect(hasAnyPermission(access, ['business:orders:delete'])).toBe(false);
    expect(hasAnyPermission(access, [])).toBe(false);
  });
});
