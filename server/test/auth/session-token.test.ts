import { describe, expect, it } from 'vitest';
import { hashSessionToken, newSessionToken } from '../../src/auth/session-token';

describe('session tokens', () => {
  it('are 32 random bytes, stored as a SHA-256 hex digest', () => {
    const token = newSessionToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newSessionToken()).not.toBe(token);
    expect(hashSessionToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken(token)).toBe(hashSessionToken(token));
  });
});
