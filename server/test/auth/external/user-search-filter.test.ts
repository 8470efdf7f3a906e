import { describe, expect, it } from 'vitest';
import { userSearchFilter } from '../../../src/auth/external/user-search-filter';

describe('userSearchFilter', () => {
  it('puts the user name in place of every {{username}}', () => {
    expect(userSearchFilter('(uid={{username}})', 'alice')).toBe('(uid=alice)');
    expect(userSearchFilter('(|(uid={{username}})(mail={{username}}))', 'alice')).toBe(
      '(|(uid=alice)(mail=alice))',
    );
  });

  it('escapes *, (, ), \\ and NUL as RFC 4515 asks', () => {
    expect(userSearchFilter('(uid={{username}})', '*')).toBe('(uid=\\2a)');
    expect(userSearchFilter('(uid={{username}})', '*)(uid=*')).toBe('(uid=\\2a\\29\\28uid=\\2a)');
    expect(userSearchFilter('(uid={{username}})', 'alice)(|(uid=*')).toBe('(uid=alice\\29\\28|\\28uid=\\2a)');
    expect(userSearchFilter('(uid={{username}})', 'a\\b')).toBe('(uid=a\\5cb)');
    expect(userSearchFilter('(uid={{username}})', 'a\u0000b')).toBe('(uid=a\\00b)');
  });

  it('takes $ patterns and non-ASCII names literally', () => {
    expect(userSearchFilter('(uid={{username}})', "$&$'$`")).toBe("(uid=$&$'$`)");
    expect(userSearchFilter('(cn={{username}})', 'Zoë 张')).toBe('(cn=Zoë 张)');
  });
});
