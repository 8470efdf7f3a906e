import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Principal } from '../../../contract/index';
import { bearerTokenOf, isTokenExpired, narrowPrincipal, shouldTouchToken } from '../auth/api-token-rules';
import { SESSION_COOKIE, sessionCookieOptions } from '../auth/session-cookie';
import { isExpired, shouldExtend } from '../auth/session-expiry';
import { hashSessionToken } from '../auth/session-token';
import { deepFreeze } from '../db/deep-freeze';
import { writeVersion } from '../db/write-versions';
import { ApiException } from '../errors/api-exception';
import { securityMessage } from '../i18n/security-messages';
import { findApiToken, touchApiToken } from '../services/api-token-store';
import { loadPrincipal } from '../services/user-store';
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  extendSession,
  findSession,
} from '../services/session-store';

export interface SessionManager {
  readonly ttlSeconds: number;
  /** onRequest hook: 401 unless the route is public or the cookie names a live session. */
  authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** As `authenticate`, on a public route too: 401 unless the cookie names a live session. */
  requireSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Starts a session for a user who just proved who they are and sets the cookie. */
  start(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void>;
  /** Deletes the request's session (if any) and clears the cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * Lets this server call its own API as `principal` (loaded by the caller) for a flow's run
   * (`app.inject` with the headers it answers): a random value kept in this process's memory
   * only, good until `release`. A request naming a value it does not hold is refused (401).
   */
  grantInternal(
    principal: Principal,
    flowRunId: number,
  ): { headers: Record<string, string>; release(): void };
}

/** The header of a call a server makes to its own API for a flow's run (see `grantInternal`). */
export const INTERNAL_CALL_HEADER = 'x-crudboard-internal-call';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionManager;
  }
  interface FastifyRequest {
    /** The signed-in user; set by `sessions.authenticate` on non-public routes. */
    principal: Principal | null;
    /** The API token the request came with (`Authorization: Bearer`), once it was accepted. */
    apiToken: { id: number; name: string } | null;
    /** The flow run this request is a step of (a call the server made to itself), else null. */
    flowRun: number | null;
  }
  interface FastifyContextConfig {
    /** true: no session needed. */
    public?: boolean;
    /** true: a signed-in session only; a request with an API token is refused (403). */
    sessionOnly?: boolean;
  }
}

const isHttps = (request: FastifyRequest) => request.protocol === 'https';

/**
 * How long a signed-in user's principal is answered from memory (writes to users or roles end it at
 * once; another server's within a poll of `cb_cache_version`).
 */
export const PRINCIPAL_CACHE_MS = 5000;
const PRINCIPAL_CACHE_SIZE = 10_000;

interface CachedPrincipal {
  principal: Principal;
  expiresAt: number;
  /** Principal write version (`writeVersion`) it was read under. */
  version: number;
  readAt: number;
}

/** Whether a request comes with an API token (`Authorization: Bearer`), accepted or not. */
export const hasBearerToken = (request: FastifyRequest): boolean =>
  bearerTokenOf(request.headers.authorization) !== undefined;

/** The signed-in user of a request that passed `sessions.authenticate`. */
export const principalOf = (request: FastifyRequest): Principal => {
  if (!request.principal) throw new Error(`${request.url} reached its handler without a session`);
  return request.principal;
};

/** Server-side sessions in `primary` (table cb_session), keyed by the SHA-256 of the cookie token. */
export default fp<{ ttlSeconds: number }>(
  async (app, { ttlSeconds }) => {
    const ttlMs = ttlSeconds * 1000;
    const knex = () => app.dataSources.primary.auth;

    const setCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(isHttps(request), ttlSeconds));
    const clearCookie = (request: FastifyRequest, reply: FastifyReply) =>
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(isHttps(request)));

    const principals = new Map<string, CachedPrincipal>();
    const fresh = (tokenHash: string, now: number): CachedPrincipal | undefined => {
      const cached = principals.get(tokenHash);
      if (!cached) return undefined;
      if (
        cached.version === writeVersion(knex(), 'principal') &&
        now - cached.readAt < PRINCIPAL_CACHE_MS &&
        !isExpired(cached.expiresAt, now)
      ) {
        return cached;
      }
      principals.delete(tokenHash);
      return undefined;
    };
    const keep = (tokenHash: string, cached: CachedPrincipal) => {
      if (cached.version !== writeVersion(knex(), 'principal')) return;
      if (principals.size >= PRINCIPAL_CACHE_SIZE) principals.clear();
      principals.set(tokenHash, cached);
    };
    const forget = async (tokenHash: string) => {
      principals.delete(tokenHash);
      await deleteSession(knex(), tokenHash);
    };

    const refuse = (request: FastifyRequest, reply: FastifyReply): never => {
      clearCookie(request, reply);
      throw new ApiException('UNAUTHORIZED');
    };

    /**
     * A request with an API token: the token row is read on every request (a revoked or expired
     * token is refused at once, on every server), the user's principal as for a session (cached
     * under the principal write version, so a role taken away counts at once), narrowed to the
     * token's codes. Routes marked `sessionOnly` (tokens, passwords) are refused.
     */
    const acceptApiToken = async (request: FastifyRequest, bearer: string): Promise<void> => {
      const now = Date.now();
      const tokenHash = hashSessionToken(bearer);
      const stored = await findApiToken(knex(), tokenHash);
      if (!stored || isTokenExpired(stored.expiresAt, now)) throw new ApiException('UNAUTHORIZED');
      const cacheKey = `api:${tokenHash}`;
      let principal = fresh(cacheKey, now)?.principal;
      if (!principal) {
        const version = writeVersion(knex(), 'principal');
        const loaded = await loadPrincipal(knex(), stored.userId);
        if (!loaded) throw new ApiException('UNAUTHORIZED');
        principal = deepFreeze(narrowPrincipal(loaded, stored.permissions));
        keep(cacheKey, {
          principal,
          expiresAt: stored.expiresAt ?? Number.MAX_SAFE_INTEGER,
          version,
          readAt: now,
        });
      }
      if (shouldTouchToken(stored.lastUsedAt, now)) await touchApiToken(knex(), stored.id, now);
      request.principal = principal;
      request.apiToken = { id: stored.id, name: stored.name };
      if (request.routeOptions.config.sessionOnly === true) {
        throw new ApiException('FORBIDDEN', securityMessage('tokenRoute'));
      }
    };

    /** Internal calls in progress: their random value → who they act as, for which run. */
    const internalCalls = new Map<string, { principal: Principal; flowRunId: number }>();
    const acceptInternalCall = (request: FastifyRequest, value: string): void => {
      const grant = internalCalls.get(value);
      if (!grant) throw new ApiException('UNAUTHORIZED');
      request.principal = grant.principal;
      request.flowRun = grant.flowRunId;
    };

    const sessions: SessionManager = {
      ttlSeconds,
      async authenticate(request, reply) {
        if (request.routeOptions.config.public) return;
        await sessions.requireSession(request, reply);
      },
      async requireSession(request, reply) {
        const internal = request.headers[INTERNAL_CALL_HEADER];
        if (internal !== undefined) {
          acceptInternalCall(request, String(internal));
          return;
        }
        const bearer = bearerTokenOf(request.headers.authorization);
        if (bearer !== undefined) {
          await acceptApiToken(request, bearer);
          return;
        }
        const token = request.cookies[SESSION_COOKIE];
        if (!token) throw new ApiException('UNAUTHORIZED');
        const now = Date.now();
        const tokenHash = hashSessionToken(token);
        const cached = fresh(tokenHash, now);
        if (cached) {
          if (shouldExtend(cached.expiresAt, now, ttlMs)) {
            await extendSession(knex(), tokenHash, now, ttlMs);
            cached.expiresAt = now + ttlMs;
            setCookie(request, reply, token);
          }
          request.principal = cached.principal;
          return;
        }
        const version = writeVersion(knex(), 'principal');
        const session = await findSession(knex(), token);
        if (!session) return refuse(request, reply);
        if (isExpired(session.expiresAt, now)) {
          await forget(session.tokenHash);
          return refuse(request, reply);
        }
        const principal = await loadPrincipal(knex(), session.userId);
        if (!principal) {
          await forget(session.tokenHash);
          return refuse(request, reply);
        }
        let expiresAt = session.expiresAt;
        if (shouldExtend(session.expiresAt, now, ttlMs)) {
          await extendSession(knex(), session.tokenHash, now, ttlMs);
          expiresAt = now + ttlMs;
          setCookie(request, reply, token);
        }
        keep(session.tokenHash, { principal: deepFreeze(principal), expiresAt, version, readAt: now });
        request.principal = principal;
      },
      async start(request, reply, userId) {
        const now = Date.now();
        const previous = request.cookies[SESSION_COOKIE];
        if (previous) await forget(hashSessionToken(previous));
        await deleteExpiredSessions(knex(), now);
        setCookie(request, reply, await createSession(knex(), userId, now, ttlMs));
      },
      async end(request, reply) {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await forget(hashSessionToken(token));
        clearCookie(request, reply);
      },
      grantInternal(principal, flowRunId) {
        const value = randomBytes(32).toString('base64url');
        internalCalls.set(value, { principal: deepFreeze(principal), flowRunId });
        return {
          headers: { [INTERNAL_CALL_HEADER]: value },
          release: () => internalCalls.delete(value),
        };
      },
    };

    app.decorate('sessions', sessions);
    app.decorateRequest('principal', null);
    app.decorateRequest('apiToken', null);
    app.decorateRequest('flowRun', null);
  },
  { name: 'session', dependencies: ['db', '@fastify/cookie'] },
);
