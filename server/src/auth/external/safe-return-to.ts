/** Where the web app lives; a sign-in lands here unless it asked for another page of it. */
export const APP_HOME = '/crudboard/';

/**
 * `returnTo` when it is a path of this site's web app (`/crudboard/…`, no scheme, host, `//`,
 * backslash or control character); otherwise undefined, and the sign-in lands on APP_HOME.
 */
export const safeReturnTo = (value: unknown): string | undefined => {
  if (typeof value !== 'string' || value.length > 1000) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  if (!value.startsWith(APP_HOME) || value.startsWith('//')) return undefined;
  let url: URL;
  try {
    url = new URL(value, 'http://crudboard.invalid');
  } catch {
    return undefined;
  }
  if (url.origin !== 'http://crudboard.invalid' || !url.pathname.startsWith(APP_HOME)) return undefined;
  if (url.pathname.split('/').includes('..')) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
};
