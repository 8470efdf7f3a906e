/** A `to` query value is followed only when it is a path inside the app (no scheme, no `//host`). */
export const safeRedirectPath = (to: string | null | undefined, fallback = '/'): string => {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  if (to === '/login' || to.startsWith('/login?') || to.startsWith('/login/')) return fallback;
  return to;
};
