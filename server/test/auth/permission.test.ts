import { describe, expect, it } from 'vitest';
import { PERMISSION_CASES } from '../../../contract/permission-cases';
import { hasPermission, isSuperAdmin } from '../../src/auth/permission';

describe('hasPermission (the shared case table)', () => {
  it.each(PERMISSION_CASES)('$granted covers $required: $covers', ({ granted, required, covers }) => {
    expect(hasPermission(['ROLE_X', granted], required)).toBe(covers);
  });
});

describe('hasPermission', () => {
  it('lets the super admin through and checks everyone else', () => {
    expect(isSuperAdmin(['ROLE_SUPER_ADMIN'])).toBe(true);
    expect(isSuperAdmin(['*'])).toBe(false);
    expect(hasPermission(['ROLE_SUPER_ADMIN'], 'sql:execute')).toBe(true);
    expect(hasPermission(['ROLE_X', 'business:*:read'], 'business:a:read')).toBe(true);
    expect(hasPermission(['ROLE_X', 'business:*:read'], 'business:a:update')).toBe(false);
    expect(hasPermission([], 'business:a:read')).toBe(false);
  });
});
