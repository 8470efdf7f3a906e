import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, sessionCookieOptions } from '../../src/auth/session-cookie';

describe('session cookie options', () => {
  it('are HttpOnly, SameSite=Lax, site-wide, Secure over https', () => {
    expect(SESSION_COOKIE).toBe('crudboard_session');
    expect(sessionCookieOptions(true, 60)).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: true,
      maxAge: 60,
    });
    expect(sessionCookieOptions(false)).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: false,
    });
  });
});
