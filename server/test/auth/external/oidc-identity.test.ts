import { describe, expect, it } from 'vitest';
import { oidcIdentity } from '../../../src/auth/external/oidc-identity';
import { safeReturnTo } from '../../../src/auth/external/safe-return-to';

describe('oidcIdentity', () => {
  it('takes groups from the ID token, else from userinfo', () => {
    const idToken = {
      sub: 's1',
      preferred_username: 'alice',
      email: 'a@x.com',
      email_verified: true,
      groups: ['g1'],
    };
    expect(oidcIdentity(idToken, { groups: ['g2'] }, 'groups')).toEqual({
      subject: 's1',
      username: 'alice',
      email: 'a@x.com',
      emailVerified: true,
      groups: ['g1'],
    });
    expect(oidcIdentity({ sub: 's1' }, { groups: 'g2, g3', name: 'Al' }, 'groups')).toMatchObject({
      username: 's1',
      displayName: 'Al',
      emailVerified: false,
      groups: ['g2', 'g3'],
    });
    expect(oidcIdentity({ sub: 's1' }, undefined, 'roles').groups).toEqual([]);
  });
});

describe('safeReturnTo', () => {
  it('keeps paths of the web app only', () => {
    expect(safeReturnTo('/crudboard/system/users?x=1')).toBe('/crudboard/system/users?x=1');
    for (const value of [
      'https://evil.example/crudboard/',
      '//evil.example/crudboard/',
      '/crudboard/\\evil',
      '/api/auth/logout',
      '/crudboard/../api/x',
      '/crudboard/\nx',
      42,
      undefined,
    ]) {
      expect(safeReturnTo(value), String(value)).toBeUndefined();
    }
  });
});
