import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { selectDataSource } from '../plugins/db';
import authRoutes, { type LoginLimits } from './auth';
import configRoutes from './business/config';
import itemRoutes from './business/items';
import sequenceValueRoutes from './business/sequence';
import dataSourceRoutes from './metadata/data-sources';
import sequenceRoutes from './metadata/sequences';
import tableRoutes from './metadata/tables';
import userRoutes from './users';

export interface ApiOptions {
  loginLimits?: LoginLimits;
  /** More routes inside /api, behind the same hooks (tests use it). */
  extraRoutes?: FastifyPluginAsyncTypebox;
}

/** Everything under /api: a session is required unless a route is public; then the data source. */
const api: FastifyPluginAsyncTypebox<ApiOptions> = async (app, options) => {
  app.addHook('onRequest', app.sessions.authenticate);
  app.addHook('onRequest', selectDataSource);

  await app.register(authRoutes, {
    prefix: '/auth',
    ...(options.loginLimits ? { limits: options.loginLimits } : {}),
  });
  await app.register(userRoutes, { prefix: '/users' });
  await app.register(dataSourceRoutes, { prefix: '/metadata' });
  await app.register(tableRoutes, { prefix: '/metadata/tables' });
  await app.register(sequenceRoutes, { prefix: '/metadata/sequences' });
  await app.register(configRoutes, { prefix: '/business' });
  await app.register(sequenceValueRoutes, { prefix: '/business' });
  await app.register(itemRoutes, { prefix: '/business' });
  if (options.extraRoutes) await app.register(options.extraRoutes);
};

export default api;
