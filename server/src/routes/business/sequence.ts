import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { errorResponses } from '../../schemas/common';
import { NameParams } from '../../schemas/table-query';
import { principalOf } from '../../plugins/session';
import { assertMayDraw } from '../../services/sequences/assert-may-draw';
import { nextValue } from '../../services/sequences/next-value';

/**
 * POST /api/business/sequence/{name}/nextval draws the next value of a sequence: for users who may
 * create records of a table using the sequence, and for metadata:write holders. Drawing uses the
 * value up, so it is a POST, under the cross-site guard. The GET of older clients draws as well,
 * but only from the server's own pages or from scripts (route config `changingGet`).
 */
const sequenceValueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const draw = async (
    request: FastifyRequest<{ Params: Static<typeof NameParams> }>,
    reply: FastifyReply,
  ) => {
    const { knex, name: dataSource } = request.dataSource;
    const authorities = principalOf(request).authorities.map((authority) => authority.authority);
    const id = await assertMayDraw(knex, { authorities, dataSource }, request.params.name);
    const value = await nextValue(knex, id);
    // Fastify would send a returned string as plain text; the value is JSON either way.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(value));
  };
  const response = { 200: Type.Union([Type.Integer(), Type.String()]), ...errorResponses };

  app.post(
    '/sequence/:name/nextval',
    {
      schema: {
        tags: ['business'],
        summary: 'Draw the next value of a sequence (a number for LONG without format, else text)',
        params: NameParams,
        response,
      },
    },
    draw,
  );

  app.get(
    '/sequence/:name/nextval',
    {
      config: { changingGet: true },
      schema: {
        tags: ['business'],
        summary:
          'Draw the next value of a sequence, for older clients: refused when another site sends it; use the POST',
        deprecated: true,
        params: NameParams,
        response,
      },
    },
    draw,
  );
};

export default sequenceValueRoutes;
