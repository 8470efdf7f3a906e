import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { API_TOKEN_NAME_MAX, API_TOKEN_PERMISSIONS_MAX } from '../../../contract/api-token';
import { businessPermission } from '../../../contract/index';
import { checkTokenRequest, codesOf } from '../auth/api-token-rules';
import { hasPermission, isSuperAdmin } from '../auth/permission';
import { PRIMARY } from '../config';
import { ApiException } from '../errors/api-exception';
import { principalOf } from '../plugins/session';
import { errorResponses, Nullable } from '../schemas/common';
import { createApiToken, deleteApiToken, listApiTokens } from '../services/api-token-store';
import { loadPrincipal } from '../services/user-store';

const TokenInfoSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Nullable(Type.String({ format: 'date-time' })),
  lastUsedAt: Nullable(Type.String({ format: 'date-time' })),
  permissions: Nullable(Type.Array(Type.String())),
});

const CreatedTokenSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  token: Type.String({ description: 'the token itself: sent this once, never again' }),
  expiresAt: Nullable(Type.String({ format: 'date-time' })),
  permissions: Nullable(Type.Array(Type.String())),
});

const CreateTokenBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: API_TOKEN_NAME_MAX }),
    expiresAt: Type.Optional(Nullable(Type.String({ description: 'ISO time in the future' }))),
    permissions: Type.Optional(
      Nullable(
        Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
          maxItems: API_TOKEN_PERMISSIONS_MAX,
          description: 'codes the user holds; none: all of them',
        }),
      ),
    ),
  },
  { additionalProperties: false },
);

const TokenIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const UserTokenParams = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  tokenId: Type.Integer({ minimum: 1 }),
});

/** Token routes are for a signed-in session only: an API token never manages tokens. */
const SESSION_ONLY = { dataSource: false, sessionOnly: true } as const;
const SESSION_SECURITY = [{ session: [] }];

/**
 * 403 unless the caller may manage users (the super admin, or a holder of `business:user:update`;
 * only the super admin reaches a super admin's tokens); 404 for an unknown user.
 */
const assertMayManage = async (request: FastifyRequest, userId: number): Promise<void> => {
  const codes = codesOf(principalOf(request));
  if (!hasPermission(codes, businessPermission('user', 'update', PRIMARY))) {
    throw new ApiException('FORBIDDEN');
  }
  const target = await loadPrincipal(request.server.dataSources.primary.knex, userId);
  if (!target) throw new ApiException('NOT_FOUND');
  if (isSuperAdmin(codesOf(target)) && !isSuperAdmin(codes)) throw new ApiException('FORBIDDEN');
};

/**
 * Personal API tokens (docs/api.md §1): the signed-in user's under /users/me/tokens; any user's for
 * an administrator under /users/{id}/tokens. Creation and revocation are audited.
 */
const apiTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const knex = () => app.dataSources.primary.auth;

  const revoke = async (request: FastifyRequest, userId: number, tokenId: number) => {
    const name = await deleteApiToken(knex(), userId, tokenId);
    if (name === undefined) throw new ApiException('NOT_FOUND');
    await app.audit.record(request, { action: 'tokenRevoke', detail: { tokenId, name, userId } });
  };

  app.post(
    '/me/tokens',
    {
      config: SESSION_ONLY,
      schema: {
        tags: ['users'],
        security: SESSION_SECURITY,
        summary: 'Create a personal API token; the token is in this answer only',
        body: CreateTokenBody,
        response: { 201: CreatedTokenSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const now = Date.now();
      const checked = checkTokenRequest(request.body, codesOf(principal), now);
      if ('errors' in checked) {
        const first = Object.values(checked.errors)[0];
        throw new ApiException('VALIDATION_ERROR', first, checked.errors);
      }
      const { request: wanted } = checked;
      const { id, token } = await createApiToken(knex(), principal.id, wanted, now);
      await app.audit.record(request, {
        action: 'tokenCreate',
        detail: { tokenId: id, name: wanted.name, userId: principal.id },
      });
      reply.code(201);
      return {
        id,
        name: wanted.name,
        token,
        expiresAt: wanted.expiresAt === null ? null : new Date(wanted.expiresAt).toISOString(),
        permissions: wanted.permissions,
      };
    },
  );

  app.get(
    '/me/tokens',
    {
      config: SESSION_ONLY,
      schema: {
        tags: ['users'],
        security: SESSION_SECURITY,
        summary: "The signed-in user's API tokens, newest first (never the tokens themselves)",
        response: { 200: Type.Array(TokenInfoSchema), ...errorResponses },
      },
    },
    async (request) => listApiTokens(knex(), principalOf(request).id),
  );

  app.delete(
    '/me/tokens/:id',
    {
      config: SESSION_ONLY,
      schema: {
        tags: ['users'],
        security: SESSION_SECURITY,
        summary: "Revoke one of the signed-in user's API tokens (404 for another user's)",
        params: TokenIdParams,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await revoke(request, principalOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:id/tokens',
    {
      config: SESSION_ONLY,
      schema: {
        tags: ['users'],
        security: SESSION_SECURITY,
        summary: "A user's API tokens, for an administrator (business:user:update)",
        params: UserIdParams,
        response: { 200: Type.Array(TokenInfoSchema), ...errorResponses },
      },
    },
    async (request) => {
      await assertMayManage(request, request.params.id);
      return listApiTokens(knex(), request.params.id);
    },
  );

  app.delete(
    '/:id/tokens/:tokenId',
    {
      config: SESSION_ONLY,
      schema: {
        tags: ['users'],
        security: SESSION_SECURITY,
        summary: "Revoke a user's API token, for an administrator (business:user:update)",
        params: UserTokenParams,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await assertMayManage(request, request.params.id);
      await revoke(request, request.params.id, request.params.tokenId);
      return reply.code(204).send(null);
    },
  );
};

export default apiTokenRoutes;
