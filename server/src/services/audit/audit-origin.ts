import type { FastifyRequest } from 'fastify';
import type { AuditOrigin } from './audit-row';

/**
 * The origin of a request's entries: its signed-in user (none for an anonymous one), its id, the
 * client address (`request.ip`, which follows TRUST_PROXY), its User-Agent and, for a request with
 * an API token, the token's name.
 */
export const auditOriginOf = (
  request: FastifyRequest,
  user: { id: number; username: string } | null = request.principal,
): AuditOrigin => {
  const agent = request.headers['user-agent'];
  return {
    userId: user?.id ?? null,
    userName: user?.username ?? null,
    requestId: request.id,
    address: request.ip || null,
    userAgent: typeof agent === 'string' && agent !== '' ? agent : null,
    ...(request.apiToken ? { apiToken: request.apiToken.name } : {}),
  };
};
