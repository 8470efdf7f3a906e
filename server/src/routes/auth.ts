import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { LoginResponse } from '../../../contract/index';
import type { AuthProvidersConfig } from '../auth/external/auth-providers-config';
import { OidcClients } from '../auth/external/oidc-clients';
import { signInWithDirectory } from '../auth/external/sign-in-with-directory';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from '../auth/login-limiter';
import { hashPassword, verifyPassword } from '../auth/password';
import { ApiException } from '../errors/api-exception';
import { hasBearerToken } from '../plugins/session';
import { LoginBody, LoginResponseSchema } from '../schemas/auth';
import { errorResponses } from '../schemas/common';
import { securityMessage } from '../i18n/security-messages';
import { createLoginThrottle } from '../services/login-throttle';
import { findLoginUser, loadPrincipal } from '../services/user-store';
import ssoRoutes, { SSO_PROVIDER_COOKIE, endSessionUrlOf } from './sso';

export type { LoginLimits };

const accountKey = (username: string) => username.toLowerCase();

/** How often login failures past their window are deleted. */
const THROTTLE_SWEEP_MS = 60_000;

const NO_PROVIDERS: AuthProvidersConfig = { providers: [], passwordSignIn: true };

/** POST /api/auth/login, GET /api/auth/logout and single sign-on (docs/api.md §1). */
const authRoutes: FastifyPluginAsyncTypebox<{
  limits?: LoginLimits;
  authProviders?: AuthProvidersConfig;
}> = async (app, options) => {
  const authProviders = options.authProviders ?? NO_PROVIDERS;
  // Form bodies are taken here only (a sign-in form works without script); everywhere else JSON.
  await app.register(formbody);
  const limits = options.limits ?? DEFAULT_LOGIN_LIMITS;
  // In primary, so that every server counts the same failures.
  const limiter = createLoginThrottle(app.dataSources.primary.auth, limits);
  const sweep = setInterval(() => {
    limiter
      .removeExpired(Date.now())
      .catch((error: unknown) => app.log.warn({ err: error }, 'removing expired login failures failed'));
  }, THROTTLE_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  // Unknown usernames are checked against this hash so that they take as long as known ones.
  const dummyHash = hashPassword('not a password of anyone');
  const clients = new OidcClients();
  await app.register(ssoRoutes, { authProviders, limiter, clients });

  app.post(
    '/login',
    {
      config: { public: true, dataSource: false },
      schema: {
        tags: ['auth'],
        summary: 'Sign in (form-encoded or JSON); sets the session cookie',
        security: [],
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: LoginBody,
        response: { 200: LoginResponseSchema, ...errorResponses },
      },
    },
    async (request, reply): Promise<LoginResponse> => {
      const { username, password, provider: providerId } = request.body;
      const provider =
        providerId === undefined || providerId === ''
          ? undefined
          : authProviders.providers.find((candidate) => candidate.id === providerId);
      if (providerId && provider?.kind !== 'ldap') {
        const message = securityMessage('unknownDirectory', { provider: providerId.slice(0, 64) });
        throw new ApiException('VALIDATION_ERROR', message, { provider: message });
      }
      if (!provider && !authProviders.passwordSignIn) {
        throw new ApiException('FORBIDDEN', securityMessage('passwordSignInOff'));
      }
      const account = provider ? `${provider.id}:${accountKey(username)}` : accountKey(username);
      // An allowed attempt is counted as a failure before the password is checked, so that
      // parallel guesses cannot all slip under the limit.
      const state = await limiter.admit(account, request.ip, Date.now());
      if (!state.allowed) {
        await app.audit.record(
          request,
          { action: 'signInFailed', detail: { username: username.slice(0, 200), reason: 'throttled' } },
          null,
        );
        throw new ApiException('TOO_MANY_REQUESTS', undefined, undefined, {
          headers: { 'retry-after': String(state.retryAfterSeconds) },
        });
      }
      if (provider?.kind === 'ldap') {
        const knex = app.dataSources.primary.auth;
        const outcome = await signInWithDirectory(knex, provider, username, password, (detail, message) =>
          request.log.warn(detail, message),
        );
        const principal = outcome.ok ? await loadPrincipal(knex, outcome.userId) : undefined;
        if (!outcome.ok || !principal) {
          const reason = outcome.ok ? 'disabled' : outcome.reason;
          if (!outcome.ok && outcome.detail)
            request.log.warn({ provider: provider.id, detail: outcome.detail }, 'directory unavailable');
          await app.audit.record(
            request,
            {
              action: 'signInFailed',
              detail: { username: username.slice(0, 200), provider: provider.id, reason },
            },
            null,
          );
          if (reason === 'unavailable')
            throw new ApiException('DIRECTORY_UNAVAILABLE', undefined, undefined, {
              headers: { 'retry-after': '30' },
            });
          if (reason === 'no_role') throw new ApiException('FORBIDDEN', securityMessage('directoryNoRole'));
          throw new ApiException('AUTH_ERROR');
        }
        await limiter.succeeded(account, request.ip);
        await app.sessions.start(request, reply, principal.id);
        await app.audit.record(
          request,
          {
            action: 'signIn',
            detail: { provider: provider.id, ...(outcome.created ? { created: true } : {}) },
          },
          principal,
        );
        return { name: principal.username, authorities: principal.authorities, principal };
      }
      const knex = app.dataSources.primary.auth;
      const user = await findLoginUser(knex, username);
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
      const principal = user && valid && user.enabled ? await loadPrincipal(knex, user.id) : undefined;
      if (!principal) {
        await app.audit.record(
          request,
          {
            action: 'signInFailed',
            detail: {
              username: username.slice(0, 200),
              reason: user && valid ? 'disabled' : 'credentials',
            },
          },
          null,
        );
        throw new ApiException('AUTH_ERROR');
      }
      await limiter.succeeded(account, request.ip);
      await app.sessions.start(request, reply, principal.id);
      await app.audit.record(request, { action: 'signIn' }, principal);
      return { name: principal.username, authorities: principal.authorities, principal };
    },
  );

  app.get(
    '/logout',
    {
      config: { public: true, dataSource: false },
      schema: {
        tags: ['auth'],
        summary:
          "Sign out: ends the session (if any) and clears the cookie; always 200. After a single sign-on, the provider's sign-out address when it has one",
        security: [],
        response: {
          200: Type.Union([Type.Null(), Type.Object({ endSessionUrl: Type.String() })]),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      // Who is signing out, for the audit log: the session's user, if it is still valid (an API
      // token signs nobody out).
      const user = hasBearerToken(request)
        ? null
        : await app.sessions.requireSession(request, reply).then(
            () => request.principal,
            () => null,
          );
      await app.sessions.end(request, reply);
      if (user) await app.audit.record(request, { action: 'signOut' }, user);
      const endSessionUrl = await endSessionUrlOf(request, authProviders, clients);
      if (request.cookies[SSO_PROVIDER_COOKIE] !== undefined)
        reply.clearCookie(SSO_PROVIDER_COOKIE, { path: '/' });
      return endSessionUrl === undefined ? null : { endSessionUrl };
    },
  );
};

export default authRoutes;
