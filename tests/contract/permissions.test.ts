import { describe, expect, it } from 'vitest';
import { qualifyBusinessPermission } from '../../contract';

describe('qualifyBusinessPermission', () => {
  it('names a table of another data source as <dataSource>.<table>', () => {
    expect(qualifyBusinessPermission('business:product:read', 'store')).toBe('business:store.product:read');
    expect(qualifyBusinessPermission('business:product:*', 'store')).toBe('business:store.product:*');
  });

  it('leaves primary, wildcards, qualified names and other codes as they are', () => {
    expect(qualifyBusinessPermission('business:product:read', 'primary')).toBe('business:product:read');
    expect(qualifyBusinessPermission('business:product:read')).toBe('business:product:read');
    expect(qualifyBusinessPermission('business:*:read', 'store')).toBe('business:*:read');
    expect(qualifyBusinessPermission('business:crm.product:read', 'store')).toBe('business:crm.product:read');
    for (const code of ['sql:execute', 'metadata:read', 'file:upload', '*', 'business:product'])
      expect(qualifyBusinessPermission(code, 'store')).toBe(code);
  });
});
