import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ServerExtension } from '../extensions/define-server-extension';
import { selectDataSource } from '../plugins/db';
import itemAccess from '../plugins/item-access';
import auditRoutes from './audit';
import permissionCodeRoutes from './permission-codes';
import authRoutes, { type LoginLimits } from './auth';
import configRoutes from './business/config';
import exportRoutes from './business/export';
import historyRoutes from './business/history';
import importRoutes from './business/import';
import itemRoutes from './business/items';
import fileRoutes, { type FileRoutesOptions } from './files';
import healthRoutes from './health';
import sequenceValueRoutes from './business/sequence';
import dataSourceRoutes from './metadata/data-sources';
import relationRoutes from './metadata/relations';
import sequenceRoutes from './metadata/sequences';
import sqlRoutes from './metadata/sqls';
import tableReverseRoutes from './metadata/table-reverse';
import tableTransferRoutes from './metadata/table-transfer';
import tableRoutes from './metadata/tables';
import userRoutes from './users';
import apiTokenRoutes from './api-tokens';
import webhookRoutes from './webhooks';
import flowRoutes from './flows';
import { DEFAULT_QUERY_LIMITS, type QueryLimits, type SqlConsoleConfig } from '../config';
import type { AuthProvidersConfig } from '../auth/external/auth-providers-config';
import { namedPlugin } from '../net/named-plugin';

export interface ApiOptions {
  loginLimits?: LoginLimits;
  /** Single sign-on providers and the password sign-in switch. */
  authProviders?: AuthProvidersConfig;
  /** Extensions whose routes live under /api/ext/<name>, behind the same hooks. */
  extensions: readonly ServerExtension[];
  /** Statement timeout of the SQL console in milliseconds (default 30 s). */
  sqlTimeoutMs?: number;
  /** The SQL console's role and ceilings (default: DEFAULT_SQL_CONSOLE). */
  sqlConsole?: SqlConsoleConfig;
  /** Ceilings on one user's business reads (default: DEFAULT_QUERY_LIMITS). */
  queries?: QueryLimits;
  /** Where uploads are stored and their limits. */
  files: FileRoutesOptions;
}

/** Everything under /api: a session is required unless a route is public; then the data source. */
const api: FastifyPluginAsyncTypebox<ApiOptions> = async (app, options) => {
  app.addHook('onRequest', app.sessions.authenticate);
  app.addHook('onRequest', selectDataSource);
  // Before every route: routes (extension routes too) open business tables with `config.item`.
  await app.register(
    namedPlugin(itemAccess),
    options.queries === undefined ? {} : { queries: options.queries },
  );

  await app.register(namedPlugin(healthRoutes));
  await app.register(namedPlugin(authRoutes), {
    prefix: '/auth',
    ...(options.loginLimits ? { limits: options.loginLimits } : {}),
    ...(options.authProviders ? { authProviders: options.authProviders } : {}),
  });
  await app.register(namedPlugin(userRoutes), { prefix: '/users' });
  await app.register(namedPlugin(apiTokenRoutes), { prefix: '/users' });
  await app.register(namedPlugin(auditRoutes), { prefix: '/audit' });
  await app.register(namedPlugin(webhookRoutes), { prefix: '/webhooks' });
  await app.register(namedPlugin(flowRoutes), { prefix: '/flows' });
  await app.register(namedPlugin(permissionCodeRoutes), {
    prefix: '/permissions',
    extensions: options.extensions,
  });
  await app.register(namedPlugin(dataSourceRoutes), { prefix: '/metadata' });
  await app.register(namedPlugin(tableRoutes), { prefix: '/metadata/tables' });
  await app.register(namedPlugin(tableReverseRoutes), { prefix: '/metadata/tables' });
  await app.register(namedPlugin(tableTransferRoutes), { prefix: '/metadata/tables' });
  await app.register(namedPlugin(sequenceRoutes), { prefix: '/metadata/sequences' });
  await app.register(namedPlugin(relationRoutes), { prefix: '/metadata/tablerelations' });
  await app.register(namedPlugin(sqlRoutes), {
    prefix: '/metadata/sqls',
    ...(options.sqlTimeoutMs === undefined ? {} : { timeoutMs: options.sqlTimeoutMs }),
    ...(options.sqlConsole === undefined ? {} : { console: options.sqlConsole }),
  });
  await app.register(namedPlugin(configRoutes), { prefix: '/business' });
  await app.register(namedPlugin(sequenceValueRoutes), { prefix: '/business' });
  await app.register(namedPlugin(exportRoutes), { prefix: '/business' });
  await app.register(namedPlugin(importRoutes), { prefix: '/business', ...options.files });
  await app.register(namedPlugin(historyRoutes), { prefix: '/business' });
  await app.register(namedPlugin(itemRoutes), {
    prefix: '/business',
    countExactLimit: (options.queries ?? DEFAULT_QUERY_LIMITS).countExactLimit,
  });
  await app.register(namedPlugin(fileRoutes), options.files);
  for (const extension of options.extensions) {
    if (extension.routes)
      await app.register(namedPlugin(extension.routes), { prefix: `/ext/${extension.name}` });
  }
};

export default api;
