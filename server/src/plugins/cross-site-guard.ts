import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiException } from '../errors/api-exception';
import { securityMessage } from '../i18n/security-messages';

export interface CrossSiteGuardOptions {
  /** Origins besides the server's own whose pages may send state-changing requests. */
  allowedOrigins: readonly string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = 'application/json';

const originOf = (value: string): string | undefined => {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
};

/** The origin the request claims to come from (`Origin`, else `Referer`); null for an opaque one. */
const claimedOrigin = (request: FastifyRequest): string | null | undefined => {
  const origin = request.headers.origin;
  if (origin !== undefined) return originOf(origin) ?? null;
  const referer = request.headers.referer;
  if (referer !== undefined) return originOf(referer) ?? null;
  return undefined;
};

const hasBody = (request: FastifyRequest) => {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
};

const mediaType = (contentType: string | undefined) =>
  (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** Media types a route takes: its schema's `consumes`, else JSON only. */
const acceptedTypes = (request: FastifyRequest): readonly string[] => {
  const consumes = (request.routeOptions.schema as { consumes?: readonly string[] } | undefined)?.consumes;
  return consumes && consumes.length > 0 ? consumes : [JSON_TYPE];
};

/**
 * Keeps other sites' pages from acting with a signed-in user's cookie. SameSite cookies do not
 * tell apart sites on the same host (another port, a sibling subdomain), so:
 * - a state-changing request whose `Origin` (or, lacking it, `Referer`) is neither the server's
 *   own origin nor an allowed one is refused with 403 (clients that send neither, such as
 *   scripts, are let through: browsers always send one on such requests);
 * - a body is taken only in the media types the route declares (JSON unless its schema lists
 *   `consumes`), so HTML forms (form-encoded, multipart, text/plain) cannot reach JSON endpoints: 415.
 */
export default fp<CrossSiteGuardOptions>(
  async (app, { allowedOrigins }) => {
    const allowed = new Set(allowedOrigins);
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      const claimed = claimedOrigin(request);
      if (claimed !== undefined) {
        const own = `${request.protocol}://${request.host}`;
        if (claimed === null || (claimed !== own && !allowed.has(claimed))) {
          throw new ApiException('FORBIDDEN', securityMessage('crossOrigin', { origin: claimed ?? 'null' }));
        }
      }
      const accepted = acceptedTypes(request);
      if (hasBody(request) && !accepted.includes(mediaType(request.headers['content-type']))) {
        throw new ApiException(
          'UNSUPPORTED_MEDIA_TYPE',
          securityMessage('mediaType', { types: accepted.join(', ') }),
        );
      }
    });
  },
  { name: 'cross-site-guard' },
);
