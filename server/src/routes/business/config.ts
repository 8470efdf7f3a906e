import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../schemas/common';
import { ConfigQuery, ConfigRowSchema } from '../../schemas/config';
import { listConfig } from '../../services/config-store';

/** GET /api/business/config: the primary config table, open without login (API.md §5). */
const configRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/config',
    {
      config: { public: true, dataSource: false },
      schema: {
        tags: ['business'],
        summary: 'Application settings (appName, businessName, ...)',
        security: [],
        querystring: ConfigQuery,
        response: { 200: Type.Array(ConfigRowSchema), ...errorResponses },
      },
    },
    async (request) => listConfig(app.dataSources.primary.knex, request.query),
  );
};

export default configRoutes;
