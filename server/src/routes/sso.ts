import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { Type } from 'typebox';
import type { AuthProvidersConfig, OidcProviderConfig } from '../auth/external/auth-providers-config';
import { mapExternalRoles } from '../auth/external/map-external-roles';
import { OidcClients } from '../auth/external/oidc-clients';
import { oidcIdentity } from '../auth/external/oidc-identity';
import { provisionExternalUser } from '../auth/external/provision-external-user';
import { APP_HOME, safeReturnTo } from '../auth/external/safe-return-to';
import { sessionCookieOptions } from '../auth/session-cookie';
import { sameText } from '../auth/same-text';
import { errorResponses } from '../schemas/common';
import type { LoginLimiter } from '../services/login-throttle';
import { loadPrincipal } from '../services/user-store';
import {
  SSO_STATE_TTL_MS,
  deleteExpiredSsoStates,
  saveSsoState,
  takeSsoState,
} from '../services/sso/sso-state-store';

/** The provider a browser signed in through, for the sign-out redirect to it. */
export const SSO_PROVIDER_COOKIE = 'crudboard_sso';
/**
 * The state of the sign-in this browser started: the callback must bring the same, so that a way
 * back from the provider made for someone else (login cross-site request forgery) signs no one in.
 */
export const SSO_STATE_COOKIE = 'crudboard_sso_state';
const SSO_COOKIE_PATH = '/api/auth/sso';
/** The sign-in page, to which every failed single sign-on returns with `?error=<code>`. */
export const LOGIN_PAGE = `${APP_HOME}login`;

/** Error codes of `/crudboard/login?error=`: the sign-in page shows a sentence for each. */
export type SsoErrorCode =
  | 'sso_failed'
  | 'sso_state'
  | 'sso_unavailable'
  | 'sso_no_role'
  | 'sso_disabled'
  | 'sso_denied'
  | 'sso_throttled';

class SsoFailure extends Error {
  override name = 'SsoFailure';
  constructor(
    readonly code: SsoErrorCode,
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(reason, options);
  }
}

/** A network failure or timeout talking to the provider (rather than an answer refusing us). */
const isUnreachable = (error: unknown): boolean => {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (['AbortError', 'TimeoutError'].includes(cause.name)) return true;
    if (cause instanceof TypeError && /fetch failed/i.test(cause.message)) return true;
    const code = (cause as NodeJS.ErrnoException).code;
    if (code && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|ETIMEDOUT|EHOSTUNREACH|UND_ERR_)/.test(code))
      return true;
  }
  return false;
};

/** The most precise message of an openid-client error: its innermost cause's ("unexpected JWT "aud" …"). */
const detailOf = (error: unknown): string => {
  let message = error instanceof Error ? error.message : String(error);
  for (
    let cause = error instanceof Error ? error.cause : undefined;
    cause instanceof Error;
    cause = cause.cause
  ) {
    message = cause.message;
  }
  const claim = (error instanceof Error ? error.cause : undefined) as { claim?: unknown } | undefined;
  const named = typeof claim?.claim === 'string' && !message.includes(claim.claim) ? ` (${claim.claim})` : '';
  return `${message}${named}`.slice(0, 200);
};

const unavailable = (error: unknown) =>
  new SsoFailure('sso_unavailable', 'provider unavailable', { cause: error });

const callbackUrl = (request: FastifyRequest, providerId: string) =>
  `${request.protocol}://${request.host}/api/auth/sso/${providerId}/callback`;

const ProviderParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const StartQuery = Type.Object({ returnTo: Type.Optional(Type.String({ maxLength: 2000 })) });
const CallbackQuery = Type.Record(Type.String(), Type.String());

export const AuthProvidersSchema = Type.Object({
  providers: Type.Array(
    Type.Object({
      id: Type.String(),
      kind: Type.Union([Type.Literal('oidc'), Type.Literal('ldap')]),
      name: Type.String(),
    }),
  ),
  passwordSignIn: Type.Boolean(),
});

const SWEEP_MS = 60_000;

export interface SsoRoutesOptions {
  authProviders: AuthProvidersConfig;
  limiter: LoginLimiter;
  clients: OidcClients;
}

/**
 * Single sign-on with OpenID Connect (docs/api.md §1): `/providers`, `/sso/{id}` (to the provider,
 * authorization code flow with PKCE, state and nonce kept in `cb_sso_state`) and
 * `/sso/{id}/callback` (openid-client checks the answer and the ID token; the user is provisioned
 * and signed in). Every failure lands on the sign-in page with `?error=`, never on an error page.
 */
const ssoRoutes: FastifyPluginAsyncTypebox<SsoRoutesOptions> = async (app, options) => {
  const { authProviders, limiter, clients } = options;
  const oidc = new Map(
    authProviders.providers
      .filter((provider): provider is OidcProviderConfig => provider.kind === 'oidc')
      .map((provider) => [provider.id, provider]),
  );
  const primary = () => app.dataSources.primary.auth;
  if (oidc.size > 0) {
    const sweep = setInterval(() => {
      deleteExpiredSsoStates(primary(), Date.now()).catch((error: unknown) =>
        app.log.warn({ err: error }, 'removing expired single sign-on states failed'),
      );
    }, SWEEP_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  }

  const throttleKey = (providerId: string) => `sso:${providerId}`;

  /** Audits the failure, counts it in the login throttle and sends the browser to the sign-in page. */
  const fail = async (
    request: FastifyRequest,
    reply: FastifyReply,
    providerId: string,
    failure: SsoFailure,
    counted: boolean,
  ) => {
    request.log.warn(
      { provider: providerId, reason: failure.reason, err: failure.cause },
      'single sign-on failed',
    );
    if (!counted) await limiter.admit(throttleKey(providerId), request.ip, Date.now()).catch(() => undefined);
    await app.audit.record(
      request,
      { action: 'signInFailed', detail: { provider: providerId.slice(0, 64), reason: failure.reason } },
      null,
    );
    return reply.redirect(`${LOGIN_PAGE}?error=${failure.code}`, 302);
  };

  const providerOf = (id: string): OidcProviderConfig => {
    const provider = oidc.get(id);
    if (!provider) throw new SsoFailure('sso_failed', 'unknown provider');
    return provider;
  };

  const configurationOf = async (provider: OidcProviderConfig) => {
    try {
      return await clients.configuration(provider);
    } catch (error) {
      throw unavailable(error);
    }
  };

  app.get(
    '/providers',
    {
      config: { public: true, dataSource: false },
      schema: {
        tags: ['auth'],
        summary: 'Sign-in choices: the configured identity providers and whether password sign-in is on',
        security: [],
        response: { 200: AuthProvidersSchema, ...errorResponses },
      },
    },
    async () => ({
      providers: authProviders.providers.map(({ id, kind, name }) => ({ id, kind, name })),
      passwordSignIn: authProviders.passwordSignIn,
    }),
  );

  app.get(
    '/sso/:id',
    {
      config: { public: true, dataSource: false },
      schema: {
        tags: ['auth'],
        summary: "Single sign-on: redirects (302) to the OpenID provider's sign-in page",
        security: [],
        params: ProviderParams,
        querystring: StartQuery,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      try {
        const provider = providerOf(id);
        const configuration = await configurationOf(provider);
        const state = client.randomState();
        const nonce = client.randomNonce();
        const codeVerifier = client.randomPKCECodeVerifier();
        const now = Date.now();
        await saveSsoState(primary(), {
          state,
          providerId: provider.id,
          nonce,
          codeVerifier,
          returnTo: safeReturnTo(request.query.returnTo) ?? null,
          createdAt: now,
          expiresAt: now + SSO_STATE_TTL_MS,
        });
        const url = client.buildAuthorizationUrl(configuration, {
          redirect_uri: callbackUrl(request, provider.id),
          scope: provider.scopes,
          response_type: 'code',
          state,
          nonce,
          code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
        });
        reply.setCookie(SSO_STATE_COOKIE, state, {
          ...sessionCookieOptions(request.protocol === 'https', Math.floor(SSO_STATE_TTL_MS / 1000)),
          path: SSO_COOKIE_PATH,
        });
        return reply.redirect(url.href, 302);
      } catch (error) {
        const failure =
          error instanceof SsoFailure ? error : new SsoFailure('sso_failed', 'start', { cause: error });
        return fail(request, reply, id, failure, false);
      }
    },
  );

  app.get(
    '/sso/:id/callback',
    {
      config: { public: true, dataSource: false },
      schema: {
        tags: ['auth'],
        summary:
          'Single sign-on: where the provider returns; signs in and redirects (302) to the web app, or to the sign-in page with ?error=',
        security: [],
        params: ProviderParams,
        querystring: CallbackQuery,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const query = request.query;
      const admitted = await limiter.admit(throttleKey(id), request.ip, Date.now());
      if (!admitted.allowed) {
        return fail(request, reply, id, new SsoFailure('sso_throttled', 'throttled'), true);
      }
      try {
        const provider = providerOf(id);
        const stateParam = query.state;
        if (!stateParam) throw new SsoFailure('sso_state', 'missing state');
        const browserState = request.cookies[SSO_STATE_COOKIE];
        const stored = await takeSsoState(primary(), stateParam, Date.now());
        if (!stored || stored.providerId !== provider.id) throw new SsoFailure('sso_state', 'unknown state');
        if (browserState === undefined || !sameText(browserState, stored.state))
          throw new SsoFailure('sso_state', 'state of another browser');
        if (query.error) {
          throw new SsoFailure(
            query.error === 'access_denied' ? 'sso_denied' : 'sso_failed',
            `provider: ${query.error.slice(0, 100)}`,
          );
        }
        const configuration = await configurationOf(provider);
        const current = new URL(callbackUrl(request, provider.id));
        for (const [key, value] of Object.entries(query)) current.searchParams.set(key, value);
        let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
        try {
          tokens = await client.authorizationCodeGrant(configuration, current, {
            pkceCodeVerifier: stored.codeVerifier,
            expectedState: stored.state,
            expectedNonce: stored.nonce,
            idTokenExpected: true,
          });
        } catch (error) {
          if (isUnreachable(error)) throw unavailable(error);
          throw new SsoFailure('sso_failed', `token: ${detailOf(error)}`, {
            cause: error,
          });
        }
        const claims = tokens.claims();
        if (!claims) throw new SsoFailure('sso_failed', 'no ID token');
        let userinfo: Record<string, unknown> | undefined;
        if (claims[provider.rolesClaim] === undefined) {
          try {
            userinfo = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
          } catch (error) {
            if (isUnreachable(error)) throw unavailable(error);
            throw new SsoFailure('sso_failed', `userinfo: ${detailOf(error)}`, {
              cause: error,
            });
          }
        }
        const identity = oidcIdentity(claims, userinfo, provider.rolesClaim);
        const mapped = mapExternalRoles(identity.groups, provider);
        if (!mapped.ok) throw new SsoFailure('sso_no_role', 'no role');
        const knex = app.dataSources.primary.auth;
        const result = await provisionExternalUser(knex, identity, {
          providerId: provider.id,
          linkByEmail: provider.linkByEmail,
          roleCodes: mapped.codes,
          warn: (detail, message) => request.log.warn(detail, message),
        });
        if (!result.ok)
          throw new SsoFailure(result.reason === 'disabled' ? 'sso_disabled' : 'sso_no_role', result.reason);
        const principal = await loadPrincipal(knex, result.userId);
        if (!principal) throw new SsoFailure('sso_disabled', 'disabled');
        await limiter.succeeded(throttleKey(id), request.ip);
        await app.sessions.start(request, reply, principal.id);
        reply.setCookie(SSO_PROVIDER_COOKIE, provider.id, sessionCookieOptions(request.protocol === 'https'));
        reply.clearCookie(SSO_STATE_COOKIE, { path: SSO_COOKIE_PATH });
        await app.audit.record(
          request,
          {
            action: 'signIn',
            detail: { provider: provider.id, ...(result.created ? { created: true } : {}) },
          },
          principal,
        );
        return reply.redirect(stored.returnTo ?? APP_HOME, 302);
      } catch (error) {
        const failure =
          error instanceof SsoFailure
            ? error
            : isUnreachable(error)
              ? unavailable(error)
              : new SsoFailure('sso_failed', 'callback', { cause: error });
        if (request.cookies[SSO_STATE_COOKIE] !== undefined)
          reply.clearCookie(SSO_STATE_COOKIE, { path: SSO_COOKIE_PATH });
        return fail(request, reply, id, failure, true);
      }
    },
  );
};

/**
 * The provider's sign-out address for a browser that signed in through it (the `crudboard_sso`
 * cookie), when its discovery document names an `end_session_endpoint`.
 */
export const endSessionUrlOf = async (
  request: FastifyRequest,
  authProviders: AuthProvidersConfig,
  clients: OidcClients,
): Promise<string | undefined> => {
  const id = request.cookies[SSO_PROVIDER_COOKIE];
  const provider = authProviders.providers.find((candidate) => candidate.id === id);
  if (!provider || provider.kind !== 'oidc') return undefined;
  try {
    const configuration = await clients.configuration(provider);
    if (!configuration.serverMetadata().end_session_endpoint) return undefined;
    return client.buildEndSessionUrl(configuration, { client_id: provider.clientId }).href;
  } catch (error) {
    request.log.warn({ provider: provider.id, err: error }, 'the provider sign-out address is unknown');
    return undefined;
  }
};

export default ssoRoutes;
