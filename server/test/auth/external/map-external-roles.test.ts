import { describe, expect, it } from 'vitest';
import { mapExternalRoles } from '../../../src/auth/external/map-external-roles';
import { baseUsername, usernameCandidate } from '../../../src/auth/external/username-for-identity';

const roles = { sales: 'ROLE_SALES', 'CN=Ops,DC=example': 'ROLE_OPS', team: 'ROLE_SALES' };

describe('mapExternalRoles', () => {
  it('maps every group found, each code once', () => {
    expect(
      mapExternalRoles(['sales', 'team', 'cn=ops,dc=example', 'other'], { roles, defaultRole: null }),
    ).toEqual({
      ok: true,
      codes: ['ROLE_SALES', 'ROLE_OPS'],
    });
  });

  it('falls back to the default role when no group maps', () => {
    expect(mapExternalRoles(['other'], { roles, defaultRole: 'ROLE_VIEW' })).toEqual({
      ok: true,
      codes: ['ROLE_VIEW'],
    });
  });

  it('refuses when no group maps and there is no default', () => {
    expect(mapExternalRoles([], { roles, defaultRole: null })).toEqual({ ok: false, reason: 'no_role' });
    expect(mapExternalRoles(['Sales '], { roles, defaultRole: null })).toEqual({
      ok: false,
      reason: 'no_role',
    });
  });
});

describe('username for a new user', () => {
  it('takes the identity username, else the e-mail local part, cleaned', () => {
    expect(baseUsername({ subject: 's1', username: 'alice', groups: [] })).toBe('alice');
    expect(baseUsername({ subject: 's1', username: ' ', email: 'bob@example.com', groups: [] })).toBe('bob');
    expect(baseUsername({ subject: 's1', username: 'a b/c', groups: [] })).toBe('a_b_c');
    expect(baseUsername({ subject: 'sub', username: '', groups: [] })).toBe('sub');
    expect(baseUsername({ subject: 's', username: 'x'.repeat(100), groups: [] })).toHaveLength(56);
  });

  it('numbers further candidates', () => {
    expect([0, 1, 2].map((n) => usernameCandidate('alice', n))).toEqual(['alice', 'alice_2', 'alice_3']);
  });
});
