import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { withChangeAuthor } from '../services/webhooks/change-author';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every writing route's handler runs as its signed-in user (services/webhooks/change-author.ts):
 * the schema changes it makes name them in their webhook events.
 */
export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.every((method) => READS.has(method))) return;
      const handler: RouteHandlerMethod = route.handler;
      route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        const principal = request.principal;
        return withChangeAuthor(
          {
            id: principal?.id ?? null,
            username: principal?.username ?? null,
            name: principal ? principal.realname || principal.username : null,
          },
          () => handler.call(this, request, reply),
        );
      };
    });
  },
  { name: 'change-author' },
);
