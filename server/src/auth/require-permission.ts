import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiException } from '../errors/api-exception';
import { hasPermission } from './permission';

/**
 * A route-level onRequest hook (it runs after the session check and before the body is read):
 * 403 unless the signed-in user holds `code` or is the super admin (docs/api.md §6).
 */
export const requirePermission =
  (code: string) =>
  async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (!request.principal) throw new ApiException('UNAUTHORIZED');
    const authorities = request.principal.authorities.map((authority) => authority.authority);
    if (!hasPermission(authorities, code)) throw new ApiException('FORBIDDEN');
  };
