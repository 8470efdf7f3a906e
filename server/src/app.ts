import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { usePasswordHashCost } from './auth/password';
import type { AppConfig } from './config';
import type { CreatedAdmin } from './db/ensure-super-admin';
import type { ServerExtension } from './extensions/define-server-extension';
import { serverExtensions } from './extensions/index';
import audit from './plugins/audit';
import bootstrap from './plugins/bootstrap';
import cacheVersions from './plugins/cache-versions';
import changeAuthor from './plugins/change-author';
import connectionsPerAddress from './plugins/connections-per-address';
import crossSiteGuard from './plugins/cross-site-guard';
import db from './plugins/db';
import docs from './plugins/docs';
import downloads from './plugins/downloads';
import historyPrune from './plugins/history-prune';
import idempotencyPrune from './plugins/idempotency-prune';
import webhookDelivery from './plugins/webhook-delivery';
import scheduleRunner from './plugins/schedule-runner';
import flowRunner from './plugins/flow-runner';
import errors from './plugins/errors';
import extensions from './plugins/extensions';
import gracefulClose from './plugins/graceful-close';
import jsonBody from './plugins/json-body';
import databaseCapabilities from './plugins/database-capabilities';
import readiness from './plugins/readiness';
import requestBudget from './plugins/request-budget';
import securityHeaders from './plugins/security-headers';
import replicaReads from './plugins/replica-reads';
import session from './plugins/session';
import webApp from './plugins/web-app';
import api from './routes/api';
import fileDownloads from './routes/file-downloads';
import type { LoginLimits } from './routes/auth';
import { answerClientError } from './errors/client-error-response';
import { requestLogFields } from './request-log-fields';
import { sharedSchemaCompilers } from './net/shared-schema-compilers';
import { reportCertificationRetriesTo } from './db/certification-retry';
import { namedPlugin } from './net/named-plugin';

export interface BuildOptions {
  /** Fastify logger options; off unless given. */
  logger?: FastifyServerOptions['logger'];
  /** Directory of the built web app (default: `dist/` of the repository). */
  webRoot?: string;
  /** Largest accepted request body in bytes (default 5 MiB). */
  bodyLimit?: number;
  loginLimits?: LoginLimits;
  /** Called once, on the first start, when the `superadmin` account has just been created. */
  onAdminCreated?: (admin: CreatedAdmin) => void;
  /** The server extensions (default: those listed in `server/src/extensions/index.ts`). */
  extensions?: readonly ServerExtension[];
}

export const DEFAULT_WEB_ROOT = resolve(import.meta.dirname, '../../dist');
const DEFAULT_BODY_LIMIT = 5 * 1024 * 1024;

/**
 * Builds the whole server: plugins, then the API, then the web app. Migrates every data source
 * and returns a ready app; on failure closes what was opened and rethrows.
 */
export const buildApp = async (config: AppConfig, options: BuildOptions = {}) => {
  usePasswordHashCost(config.passwordHashCost);
  const logger = options.logger ?? false;
  const app = Fastify({
    logger:
      typeof logger === 'object'
        ? { ...logger, serializers: { ...logger.serializers, req: requestLogFields } }
        : logger,
    genReqId: () => randomUUID(),
    // Start-up migrates every data source; on a busy database server that can take more than
    // Fastify's default 10 s per plugin.
    pluginTimeout: 120_000,
    // A hop count trusts that many proxies in front of the server.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // Composite record keys (k1=v1,k2=v2) travel in one path segment.
    routerOptions: { maxParamLength: 2000 },
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    clientErrorHandler: answerClientError,
    // Sockets: no traffic for this long closes them; headers must arrive in time (checked
    // every so often by Node); a request's whole body gets the request-budget plugin's time.
    connectionTimeout: config.http.idleTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    maxRequestsPerSocket: config.http.maxRequestsPerSocket,
    requestTimeout: 0,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: 0,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(config.http.headersTimeoutMs / 4))),
    },
    ajv: {
      customOptions: { allErrors: true, coerceTypes: 'array', useDefaults: true, removeAdditional: true },
    },
    schemaController: { compilersFactory: sharedSchemaCompilers },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Writes run again after losing to a concurrent one are counted in this log (debug).
  reportCertificationRetriesTo(app.log);

  try {
    app.server.maxConnections = config.http.maxConnections;
    await app.register(namedPlugin(connectionsPerAddress), {
      maxPerAddress: config.http.maxConnectionsPerAddress,
      trustProxy: config.trustProxy,
    });
    await app.register(namedPlugin(errors));
    await app.register(namedPlugin(requestBudget), { requestTimeoutMs: config.http.requestTimeoutMs });
    await app.register(namedPlugin(securityHeaders));
    await app.register(namedPlugin(readiness));
    await app.register(namedPlugin(gracefulClose));
    await app.register(cookie);
    await app.register(namedPlugin(jsonBody));
    await app.register(namedPlugin(crossSiteGuard), {
      allowedOrigins: config.allowedOrigins,
      trustProxy: config.trustProxy,
    });
    await app.register(namedPlugin(db), { dataSources: config.dataSources, queries: config.queries });
    await app.register(namedPlugin(databaseCapabilities));
    await app.register(namedPlugin(bootstrap), {
      ...(config.adminPassword === undefined ? {} : { adminPassword: config.adminPassword }),
      ...(options.onAdminCreated ? { onAdminCreated: options.onAdminCreated } : {}),
    });
    await app.register(namedPlugin(cacheVersions));
    await app.register(namedPlugin(webhookDelivery), config.webhooks ? { webhooks: config.webhooks } : {});
    const enabled = options.extensions ?? serverExtensions;
    await app.register(namedPlugin(extensions), { extensions: enabled });
    await app.register(namedPlugin(scheduleRunner), {
      ...(config.schedules ? { schedules: config.schedules } : {}),
      ...(config.webhooks ? { webhooks: config.webhooks } : {}),
    });
    await app.register(namedPlugin(session), { ttlSeconds: config.sessionTtlSeconds });
    await app.register(namedPlugin(replicaReads));
    await app.register(namedPlugin(flowRunner), {
      ...(config.flows ? { flows: config.flows } : {}),
      ...(config.webhooks ? { webhooks: config.webhooks } : {}),
    });
    await app.register(namedPlugin(docs), { publicDocs: config.publicApiDocs });
    await app.register(namedPlugin(downloads), {
      dataDir: config.dataDir,
      ttlSeconds: config.downloadTtlSeconds,
    });
    await app.register(namedPlugin(audit), {
      ...(config.auditRetentionDays === undefined ? {} : { retentionDays: config.auditRetentionDays }),
    });
    await app.register(namedPlugin(changeAuthor));
    await app.register(namedPlugin(historyPrune), { intervalSeconds: config.historyPruneIntervalSeconds });
    await app.register(namedPlugin(idempotencyPrune));
    await app.register(namedPlugin(api), {
      prefix: '/api',
      ...(options.loginLimits ? { loginLimits: options.loginLimits } : {}),
      authProviders: config.authProviders,
      extensions: enabled,
      sqlTimeoutMs: config.sqlTimeoutMs,
      sqlConsole: config.sqlConsole,
      queries: config.queries,
      files: {
        dataDir: config.dataDir,
        uploads: config.uploads,
        uploadTimeoutMs: config.http.uploadTimeoutMs,
      },
    });
    await app.register(namedPlugin(fileDownloads), { dataDir: config.dataDir });
    await app.register(namedPlugin(webApp), { root: options.webRoot ?? DEFAULT_WEB_ROOT });
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
