import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bearerTokenOf } from '../auth/api-token-rules';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { ApiException } from '../errors/api-exception';
import { securityMessage } from '../i18n/security-messages';
import { forwardedOrigin } from '../net/forwarded-origin';
import { trustedProxyTest } from '../net/trusted-proxy';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This route's GET changes state (kept for older clients; the route's POST is the way): it is
     * refused when another site's page sends it, as a changing request is.
     */
    changingGet?: boolean;
  }
}

export interface CrossSiteGuardOptions {
  /** Origins besides the server's own whose pages may send state-changing requests. */
  allowedOrigins: readonly string[];
  /** `TRUST_PROXY`: which peers' `Forwarded` header names the server's public origin. */
  trustProxy?: boolean | number | string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = 'application/json';

/** The origin of a URL (`Origin` or `Referer` text); undefined for an opaque one or no URL. */
export const originOf = (value: string): string | undefined => {
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
 * The origins the server answers as: its protocol and host as Fastify reads them (behind a trusted
 * proxy, `X-Forwarded-Proto` and `X-Forwarded-Host`), and the host a trusted proxy names in an
 * RFC 7239 `Forwarded` header.
 */
const ownOrigins = (
  request: FastifyRequest,
  trusted: (address: string) => boolean,
): { origin: string; accepted: string[] } => {
  const raw = `${request.protocol}://${request.host}`;
  const origin = originOf(raw) ?? raw;
  const accepted = [raw, origin];
  const forwarded = request.headers.forwarded;
  if (forwarded && trusted(request.socket.remoteAddress ?? '')) {
    const named = forwardedOrigin(forwarded, request.protocol);
    if (named) accepted.push(named);
  }
  return { origin, accepted };
};

/**
 * A request with an API token and no session cookie: nothing a browser adds on its own (a page of
 * another site cannot make one act as a signed-in user), so where it comes from does not matter.
 * With a session cookie too, it is checked as any browser request.
 */
const tokenOnly = (request: FastifyRequest): boolean =>
  bearerTokenOf(request.headers.authorization) !== undefined && !request.cookies?.[SESSION_COOKIE];

/**
 * Keeps other sites' pages from acting with a signed-in user's cookie. SameSite cookies do not
 * tell apart sites on the same host (another port, a sibling subdomain), so:
 * - a state-changing request whose `Origin` (or, lacking it, `Referer`) is neither the server's
 *   own origin nor an allowed one is refused with 403 (clients that send neither, such as
 *   scripts, are let through: browsers always send one on such requests);
 * - a body is taken only in the media types the route declares (JSON unless its schema lists
 *   `consumes`), so HTML forms (form-encoded, multipart, text/plain) cannot reach JSON endpoints: 415;
 * - a GET that changes state (route `config.changingGet`, kept for older clients) is refused like a
 *   changing request from another origin, and also when `Sec-Fetch-Site` says another site
 *   (`cross-site`, or `same-site`: a sibling subdomain or port) sent it, unless its `Origin` is an
 *   allowed one; scripts that send none of these headers are let through;
 * - a request with an API token (`Authorization: Bearer`) and no session cookie is not checked for
 *   its origin (its media type still is);
 * - behind a trusted proxy (`TRUST_PROXY`) the server's own origin is the one the proxy forwards
 *   (`X-Forwarded-Host` / `-Proto`, or RFC 7239 `Forwarded`); an untrusted peer's forwarding
 *   headers count for nothing, and the refusal names the origin the server took as its own.
 */
export default fp<CrossSiteGuardOptions>(
  async (app, { allowedOrigins, trustProxy = false }) => {
    const allowed = new Set(allowedOrigins);
    const trusted = trustedProxyTest(trustProxy);
    app.addHook('onRequest', async (request) => {
      const safe = SAFE_METHODS.has(request.method);
      if (safe && request.routeOptions.config.changingGet !== true) return;
      const claimed = tokenOnly(request) ? undefined : claimedOrigin(request);
      if (claimed !== undefined) {
        const own = ownOrigins(request, trusted);
        if (claimed === null || (!own.accepted.includes(claimed) && !allowed.has(claimed))) {
          // The answer says what the server took as its own origin: behind a proxy that rewrites
          // Host (Vite's changeOrigin, nginx's default proxy_pass) that is the proxy's target.
          throw new ApiException(
            'FORBIDDEN',
            securityMessage('crossOrigin', { origin: claimed ?? 'null', own: own.origin }),
          );
        }
      }
      if (safe) {
        // A page's GET need not name its origin (an image, a link, a no-referrer policy); the
        // browser's Sec-Fetch-Site still tells whether another site, or a sibling one, sent it.
        const site = tokenOnly(request) ? undefined : request.headers['sec-fetch-site'];
        if ((site === 'cross-site' || site === 'same-site') && !(claimed && allowed.has(claimed))) {
          throw new ApiException(
            'FORBIDDEN',
            securityMessage('crossOrigin', {
              origin: claimed ?? site,
              own: ownOrigins(request, trusted).origin,
            }),
          );
        }
        return;
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
