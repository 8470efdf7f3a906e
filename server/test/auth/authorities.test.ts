import { describe, expect, it } from 'vitest';
import { authoritiesOf } from '../../src/auth/authorities';

describe('authoritiesOf', () => {
  it('lists role codes, then their permission codes, trimmed and without duplicates', () => {
    expect(
      authoritiesOf([
        { code: 'ROLE_A', permissions: 'business:x:read, metadata:read,,' },
        { code: 'ROLE_B', permissions: 'metadata:read' },
        { code: 'ROLE_C', permissions: null },
      ]),
    ).toEqual([
      { authority: 'ROLE_A' },
      { authority: 'ROLE_B' },
      { authority: 'ROLE_C' },
      { authority: 'business:x:read' },
      { authority: 'metadata:read' },
    ]);
  });
});
