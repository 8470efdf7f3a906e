import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../schemas/common';
import { NameParams } from '../../schemas/table-query';
import { nextValueByName } from '../../services/sequences/next-value';

/** GET /api/business/sequence/{name}/nextval (API.md §3): any signed-in user. */
const sequenceValueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sequence/:name/nextval',
    {
      schema: {
        tags: ['business'],
        summary: 'The next value of a sequence (a number for LONG without format, else text)',
        params: NameParams,
        response: { 200: Type.Union([Type.Integer(), Type.String()]), ...errorResponses },
      },
    },
    async (request, reply) => {
      const value = await nextValueByName(request.dataSource.knex, request.params.name);
      // Fastify would send a returned string as plain text; the value is JSON either way.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(value));
    },
  );
};

export default sequenceValueRoutes;
