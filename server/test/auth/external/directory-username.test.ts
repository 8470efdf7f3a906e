import { describe, expect, it } from 'vitest';
import { isAcceptableDirectoryUsername } from '../../../src/auth/external/directory-username';

describe('isAcceptableDirectoryUsername', () => {
  it('takes ordinary names, with spaces, dots, @ and any script', () => {
    for (const name of [
      'alice',
      'alice.archer@example.com',
      'CORP\\alice',
      'Zoë Wang',
      '张伟',
      'star*user',
    ]) {
      expect(isAcceptableDirectoryUsername(name), name).toBe(true);
    }
  });

  it('refuses empty names, names over 200 characters and control characters', () => {
    expect(isAcceptableDirectoryUsername('')).toBe(false);
    expect(isAcceptableDirectoryUsername('a'.repeat(200))).toBe(true);
    expect(isAcceptableDirectoryUsername('a'.repeat(201))).toBe(false);
    expect(isAcceptableDirectoryUsername('张'.repeat(200))).toBe(true);
    for (const name of ['a\u0000', 'a\nb', 'a\rb', 'a\tb', '\u001bx', 'a\u007f', 'a\u0085']) {
      expect(isAcceptableDirectoryUsername(name), JSON.stringify(name)).toBe(false);
    }
  });
});
