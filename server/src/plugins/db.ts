import { sqlDialect } from '../dialects/sql/sql-dialects';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import {
  DEFAULT_QUERY_LIMITS,
  PRIMARY,
  type Client,
  type DataSourceConfig,
  type QueryLimits,
} from '../config';
import { createKnex } from '../db/create-knex';
import { placeMetadata } from '../db/metadata-home';
import { ReplicaSet } from '../db/replicas/replica-set';
import { shareEvents } from '../db/share-events';
import { withStatementTimeout } from '../db/with-statement-timeout';
import { ApiException } from '../errors/api-exception';

export interface DataSource {
  name: string;
  caption: string;
  client: Client;
  /** Database name or SQLite file base name: safe to show. */
  database: string;
  knex: Knex;
  /**
   * `knex` with the query timeout (QueryLimits.timeoutMs) on every statement: what business reads
   * (lists, counts, records) run on. The same pool.
   */
  reads: Knex;
  /**
   * Primary only: a small pool of its own that sign-in and session lookups run on, so that they
   * never queue behind data reads (SQLite: `knex`, whose statements never queue for long).
   */
  auth: Knex;
  /** PostgreSQL or MariaDB with `replicas` configured: where lists, counts and searches may be read (db/replicas). */
  replicas?: ReplicaSet;
}

export interface DataSourceRegistry {
  readonly primary: DataSource;
  get(name: string): DataSource | undefined;
  /** `primary` first, then in configuration order. */
  list(): DataSource[];
}

declare module 'fastify' {
  interface FastifyInstance {
    dataSources: DataSourceRegistry;
  }
  interface FastifyRequest {
    /** The data source the request selected (docs/api.md §0); set on /api routes. */
    dataSource: DataSource;
  }
  interface FastifyContextConfig {
    /** false: the route ignores the `dataSource` header / query (it never 404s on it). */
    dataSource?: boolean;
  }
}

type Limits = Pick<QueryLimits, 'timeoutMs' | 'authPoolSize' | 'replicaMaxLagMs'>;

const openSource = (config: DataSourceConfig, limits: Limits, log?: Knex.Logger): DataSource => {
  const knex = createKnex(config, log);
  const ownAuthPool = config.name === PRIMARY && !sqlDialect(config.client).synchronous;
  return {
    name: config.name,
    caption: config.caption,
    client: config.client,
    database: config.database,
    knex,
    reads: withStatementTimeout(knex, limits.timeoutMs),
    auth: ownAuthPool ? shareEvents(knex, createKnex(config, log, limits.authPoolSize)) : knex,
    ...(config.replicas ? { replicas: openReplicas(config, knex, limits, log) } : {}),
  };
};

/** The replica pools of a data source, each with the query timeout for business reads. */
const openReplicas = (
  config: DataSourceConfig,
  primary: Knex,
  limits: Limits,
  log?: Knex.Logger,
): ReplicaSet => {
  const positions = sqlDialect(config.client).replicaPositions;
  if (!positions) throw new Error(`${config.name}: this database has no read replicas`);
  return new ReplicaSet(
    positions,
    primary,
    (config.replicas ?? []).map((url) => {
      const knex = createKnex({ ...config, connection: url }, log);
      return { knex, reads: withStatementTimeout(knex, limits.timeoutMs) };
    }),
    limits.replicaMaxLagMs,
  );
};

export const createRegistry = (
  configs: readonly DataSourceConfig[],
  logFor?: (source: DataSourceConfig) => Knex.Logger,
  limits: Limits = DEFAULT_QUERY_LIMITS,
): DataSourceRegistry => {
  const sources = configs.map((config) => openSource(config, limits, logFor?.(config)));
  const byName = new Map(sources.map((source) => [source.name, source]));
  const primary = byName.get(PRIMARY);
  if (!primary) throw new Error('no primary data source configured');
  for (const source of sources) {
    // A replica's metadata is primary's, read from primary: never a lagging copy of it.
    for (const replica of source.replicas?.replicas ?? [])
      for (const handle of [replica.knex, replica.reads]) placeMetadata(handle, primary.knex, source.name);
    if (source === primary) continue;
    for (const handle of new Set([source.knex, source.reads, source.auth]))
      placeMetadata(handle, primary.knex, source.name);
  }
  return { primary, get: (name) => byName.get(name), list: () => [...sources] };
};

const requestedName = (request: FastifyRequest): string | undefined => {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.dataSource;
  const value = fromQuery !== undefined && fromQuery !== '' ? fromQuery : request.headers.datasource;
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') {
    throw new ApiException('VALIDATION_ERROR', undefined, {
      dataSource: { zh: '只能指定一个数据源', en: 'name one data source only' },
    });
  }
  return value;
};

/** onRequest hook: `?dataSource=` wins over the `dataSource` header; neither means `primary`. */
export const selectDataSource = async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
  if (request.routeOptions.config.dataSource === false) return;
  const name = requestedName(request) ?? PRIMARY;
  const source = request.server.dataSources.get(name);
  if (!source) {
    throw new ApiException('DATA_SOURCE_NOT_FOUND', undefined, undefined, {
      params: { name: name.slice(0, 64) },
    });
  }
  request.dataSource = source;
};

/** Opens one Knex pool per configured data source; closes them all when the app closes. */
export default fp<{ dataSources: readonly DataSourceConfig[]; queries?: Limits }>(
  async (app, options) => {
    const registry = createRegistry(
      options.dataSources,
      (source) => {
        const log = app.log.child({ dataSource: source.name });
        return {
          warn: (message: unknown) => log.warn(String(message)),
          error: (message: unknown) => log.error(String(message)),
          deprecate: (method: string, alternative: string) =>
            log.warn(`${method} is deprecated, use ${alternative}`),
          debug: () => undefined,
        };
      },
      options.queries,
    );
    app.decorate('dataSources', registry);
    for (const source of registry.list()) source.replicas?.start();
    app.decorateRequest('dataSource', null as unknown as DataSource);
    app.addHook('onClose', async () => {
      await Promise.all(
        registry
          .list()
          .flatMap((source) => {
            source.replicas?.stop();
            return [
              ...(source.auth === source.knex ? [source.knex] : [source.knex, source.auth]),
              ...(source.replicas?.handles() ?? []),
            ];
          })
          .map((knex) => knex.destroy()),
      );
    });
  },
  { name: 'db' },
);
