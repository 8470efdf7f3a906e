import { describe, expect, it } from 'vitest';
import { directoryIdentity, directorySubject } from '../../../src/auth/external/directory-identity';
import { entryValues } from '../../../src/auth/external/entry-values';

const attributes = {
  usernameAttribute: 'sAMAccountName',
  emailAttribute: 'mail',
  nameAttribute: 'displayName',
};

describe('directoryIdentity', () => {
  it('reads attributes whatever the case of their names', () => {
    const entry = {
      dn: 'CN=Alice,OU=Staff,DC=corp,DC=example,DC=com',
      samaccountname: 'alice',
      MAIL: 'alice@corp.example.com',
      displayName: ' Alice Archer ',
    };
    expect(directoryIdentity(entry, attributes, 'ALICE', ['CN=Sales,DC=corp', 'CN=Sales,DC=corp'])).toEqual({
      subject: 'CN=Alice,OU=Staff,DC=corp,DC=example,DC=com',
      username: 'alice',
      email: 'alice@corp.example.com',
      emailVerified: true,
      displayName: 'Alice Archer',
      groups: ['CN=Sales,DC=corp'],
    });
  });

  it('falls back to the typed name, and leaves out an empty email and name', () => {
    expect(directoryIdentity({ dn: 'uid=x', mail: '', displayName: [] }, attributes, 'x', [])).toEqual({
      subject: 'uid=x',
      username: 'x',
      emailVerified: false,
      groups: [],
    });
  });

  it('takes entryUUID, then objectGUID, then the DN as the subject', () => {
    const guid = Buffer.from('a1f7d7c02e4b0e4f9b1a0123456789ab', 'hex');
    expect(directorySubject({ dn: 'uid=x', entryUUID: 'e-uuid', objectGUID: guid })).toBe('e-uuid');
    expect(directorySubject({ dn: 'uid=x', objectGUID: guid })).toBe('c0d7f7a1-4b2e-4f0e-9b1a-0123456789ab');
    expect(directorySubject({ dn: 'uid=x', objectGUID: Buffer.alloc(3) })).toBe('uid=x');
    expect(directorySubject({ dn: 'uid=x' })).toBe('uid=x');
  });
});

describe('entryValues', () => {
  it('gives one value, many or none, and skips binary values and the dn', () => {
    const entry = { dn: 'uid=x', memberOf: ['a', 'b'], cn: 'X', photo: Buffer.alloc(1) };
    expect(entryValues(entry, 'memberof')).toEqual(['a', 'b']);
    expect(entryValues(entry, 'CN')).toEqual(['X']);
    expect(entryValues(entry, 'photo')).toEqual([]);
    expect(entryValues(entry, 'dn')).toEqual([]);
    expect(entryValues(entry, 'mail')).toEqual([]);
  });
});
