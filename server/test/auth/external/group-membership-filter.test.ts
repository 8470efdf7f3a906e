import { describe, expect, it } from 'vitest';
import { groupMembershipFilter } from '../../../src/auth/external/group-membership-filter';

describe('groupMembershipFilter', () => {
  it('looks for the DN in member and uniqueMember, and the user name in memberUid', () => {
    expect(groupMembershipFilter('uid=alice,ou=people,dc=example,dc=com', 'alice')).toBe(
      '(|(member=uid=alice,ou=people,dc=example,dc=com)' +
        '(uniqueMember=uid=alice,ou=people,dc=example,dc=com)(memberUid=alice))',
    );
  });

  it('escapes filter syntax in the DN and the user name', () => {
    expect(groupMembershipFilter('cn=A (B)\\2C C,dc=x', 'star*')).toBe(
      '(|(member=cn=A \\28B\\29\\5c2C C,dc=x)(uniqueMember=cn=A \\28B\\29\\5c2C C,dc=x)(memberUid=star\\2a))',
    );
  });

  it('leaves memberUid out without a user name', () => {
    expect(groupMembershipFilter('cn=x', undefined)).toBe('(|(member=cn=x)(uniqueMember=cn=x))');
    expect(groupMembershipFilter('cn=x', '')).toBe('(|(member=cn=x)(uniqueMember=cn=x))');
  });
});
