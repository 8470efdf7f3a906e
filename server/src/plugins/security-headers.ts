import fp from 'fastify-plugin';

/**
 * What pages of the server may load: scripts only from its own files (the built app has no
 * inline script), styles inline too (antd's CSS-in-JS writes style elements), images and fonts
 * also as data/blob URLs, frames from the server itself, and only the server may frame it.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // The browser's md5 of big files runs WebAssembly: compiling it is allowed, eval is not.
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': CONTENT_SECURITY_POLICY,
} as const;

/** The API browser (Swagger UI) runs inline script of its own: it keeps only the framing rule. */
const DOCS_UI = '/api/docs/ui';

/** Headers every response carries (unless a route set its own value). */
export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        if (reply.hasHeader(name)) continue;
        if (name === 'content-security-policy' && request.url.startsWith(DOCS_UI)) {
          reply.header(name, "frame-ancestors 'self'");
          continue;
        }
        reply.header(name, value);
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
