import { describe, expect, it } from 'vitest';
import { PERMISSION_CASES } from '../../../contract/permission-cases';
import { hasAnyPermission } from '../../../src/auth/lib/permission';

describe('hasAnyPermission (the shared case table)', () => {
  it.each(PERMISSION_CASES)('$granted covers $required: $covers', ({ granted, required, covers }) => {
    expect(hasAnyPermission({ isSuperAdmin: false, authorities: ['ROLE_X', granted] }, [required])).toBe(
      covers,
    );
  });
});

describe('hasAnyPermission', () => {
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
