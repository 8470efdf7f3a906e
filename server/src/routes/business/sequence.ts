import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../schemas/common';
import { NameParams } from '../../schemas/table-query';
import { principalOf } from '../../plugins/session';
import { assertMayDraw } from '../../services/sequences/assert-may-draw';
import { nextValue } from '../../services/sequences/next-value';

/**
 * GET /api/business/sequence/{name}/nextval: for users who may create records of a table using
 * the sequence, and for metadata:write holders.
 */
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
      const { knex, name: dataSource } = request.dataSource;
      const authorities = principalOf(request).authorities.map((authority) => authority.authority);
      const id = await assertMayDraw(knex, { authorities, dataSource }, request.params.name);
      const value = await nextValue(knex, id);
      // Fastify would send a returned string as plain text; the value is JSON either way.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(value));
    },
  );
};

export default sequenceValueRoutes;
