import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../../../src/auth/lib/safe-redirect';

describe('safeRedirectPath', () => {
  it.each<[string | null, string]>([
    ['/about', '/about'],
    ['/dataSource/pg/business/orders?x=1', '/dataSource/pg/business/orders?x=1'],
    [null, '/'],
    ['https://evil.example/', '/'],
    ['//evil.example', '/'],
    ['/login', '/'],
  ])('%s → %s', (to, expected) => {
    expect(safeRedirectPath(to)).toBe(expected);
  });
});
