import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { DataSourceInfo } from '../../../../contract/index';
import { errorResponses } from '../../schemas/common';
import { DataSourceInfoSchema } from '../../schemas/metadata';

/** GET /api/metadata/dataSources: open, and never shows connection details. */
const dataSourceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/dataSources',
    {
      config: { public: true, dataSource: false },
      schema: {
        tags: ['metadata'],
        summary: 'Configured data sources, primary first',
        security: [],
        response: { 200: Type.Array(DataSourceInfoSchema), ...errorResponses },
      },
    },
    async (): Promise<DataSourceInfo[]> =>
      app.dataSources
        .list()
        .map(({ name, caption, database, client }) => ({ name, caption, database, client })),
  );
};

export default dataSourceRoutes;
