import { describe, expect, it } from 'vitest';
import { grants, hasPermission } from '../../src/auth/permission';

describe('grants', () => {
  it.each([
    ['*', 'business:a:read', true],
    ['business:a:read', 'business:a:read', true],
    ['business:*:read', 'business:a:read', true],
    ['business:a:*', 'business:a:delete', true],
    ['business:a:read', 'business:b:read', false],
    ['business:a', 'business:a:read', false],
    ['metadata:*', 'metadata:write', true],
    ['metadata:read', 'metadata:write', false],
  ])('%s covers %s: %s', (granted, required, expected) => {
    expect(grants(granted, required)).toBe(expected);
  });
});

describe('hasPermission', () => {
  it('lets the super admin through and checks everyone else', () => {
    expect(hasPermission(['ROLE_SUPER_ADMIN'], 'sql:execute')).toBe(true);
    expect(hasPermission(['ROLE_X', 'business:*:read'], 'business:a:read')).toBe(true);
    expect(hasPermission(['ROLE_X', 'business:*:read'], 'business:a:update')).toBe(false);
  });
});
