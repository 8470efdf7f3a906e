/** Where the server is: `VITE_API_BASE` without a trailing slash, or same origin. */
const SERVER_BASE = (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');

/**
 * The link for a download URL the server returned (`/download/...`): on the server's origin, so the
 * session cookie goes with it. Absolute URLs are kept.
 */
export const downloadHref = (url: string, base: string = SERVER_BASE): string => {
  if (/^https?:\/\//i.test(url)) return url;
  return `${base}${url.startsWith('/') ? '' : '/'}${url}`;
};
