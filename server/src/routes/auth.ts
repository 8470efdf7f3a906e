import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { LoginResponse } from '../../../contract/index';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from '../auth/login-limiter';
import { hashPassword, verifyPassword } from '../auth/password';
import { ApiException } from '../errors/api-exception';
import { LoginBody, LoginResponseSchema } from '../schemas/auth';
import { errorResponses } from '../schemas/common';
import { createLoginThrottle } from '../services/login-throttle';
import { findLoginUser, loadPrincipal } from '../services/user-store';

export type { LoginLimits };

const accountKey = (username: string) => username.toLowerCase();

/** How often login failures past their window are deleted. */
const THROTTLE_SWEEP_MS = 60_000;

/** POST /api/auth/login and GET /api/auth/logout (docs/api.md §1). */
const authRoutes: FastifyPluginAsyncTypebox<{ limits?: LoginLimits }> = async (app, options) => {
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
      const { username, password } = request.body;
      const account = accountKey(username);
      // An allowed attempt is counted as a failure before the password is checked, so that
      // parallel guesses cannot all slip under the limit.
      const state = await limiter.admit(account, request.ip, Date.now());
      if (!state.allowed) {
        throw new ApiException('TOO_MANY_REQUESTS', undefined, undefined, {
          headers: { 'retry-after': String(state.retryAfterSeconds) },
        });
      }
      const knex = app.dataSources.primary.auth;
      const user = await findLoginUser(knex, username);
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
      const principal = user && valid && user.enabled ? await loadPrincipal(knex, user.id) : undefined;
      if (!principal) throw new ApiException('AUTH_ERROR');
      await limiter.succeeded(account, request.ip);
      await app.sessions.start(request, reply, principal.id);
      return { name: principal.username, authorities: principal.authorities, principal };
    },
  );

  app.get(
    '/logout',
    {
      config: { public: true, dataSource: false },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: ends the session (if any) and clears the cookie; always 200',
        security: [],
        response: { 200: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await app.sessions.end(request, reply);
      return null;
    },
  );
};

export default authRoutes;
