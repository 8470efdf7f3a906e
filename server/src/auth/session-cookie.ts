import type { CookieSerializeOptions } from '@fastify/cookie';

export const SESSION_COOKIE = 'crudboard_session';

/** HttpOnly, SameSite=Lax, whole site; Secure when the request came over https. */
export const sessionCookieOptions = (secure: boolean, maxAgeSeconds?: number): CookieSerializeOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure,
  ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
});
