import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SYSTEM } from '../../db/table-names';
import { parseListQuery } from '../../query/parse-list-query';
import { errorResponses } from '../../schemas/common';
import { ItemListQuery, ItemRecord } from '../../schemas/items';
import { pagingQuery } from '../../schemas/paging';
import { listConfig } from '../../services/config-store';
import { listItems } from '../../services/items/list-items';
import { loadItemTable } from '../../services/items/load-item-table';

/** Query keys of the plain settings list; any other key makes it a business-API list of `config`. */
const PLAIN_KEYS = new Set(['offset', 'limit', 'key', 'dataSource']);

/** The plain parameters first, then those of a business-API list (other keys are column filters). */
const ConfigListQuery = Type.Object(
  {
    ...pagingQuery(),
    key: Type.Optional(Type.String({ maxLength: 100, description: 'only the row with this key' })),
    ...Type.Omit(ItemListQuery, ['offset', 'limit']).properties,
  },
  { additionalProperties: Type.String({ maxLength: 10000 }) },
);

const ConfigRecord = Type.Object(
  { id: Type.Integer(), key: Type.String(), value: Type.Union([Type.String(), Type.Null()]) },
  { additionalProperties: true },
);

/**
 * GET /api/business/config: the primary config table, open without login (API.md §3, §5).
 * With only `offset`, `limit` and `key` it answers `[{id, key, value}]` in id order; with any
 * other list parameter (search, filter, orderby, select, column filters) it answers like
 * `GET /api/business/{table}` for the `config` system table. Every other call on `config`
 * (count, one record, writes) is the business API's, with its login and permissions.
 */
const configRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/config',
    {
      config: { public: true, dataSource: false },
      schema: {
        tags: ['business'],
        summary: 'Application settings (appName, businessName, ...)',
        security: [],
        querystring: ConfigListQuery,
        response: { 200: Type.Array(Type.Union([ConfigRecord, ItemRecord])), ...errorResponses },
      },
    },
    async (request) => {
      const { knex } = app.dataSources.primary;
      const query = request.query as Record<string, unknown>;
      if (Object.keys(query).every((key) => PLAIN_KEYS.has(key))) {
        const key = typeof query.key === 'string' ? query.key : undefined;
        return listConfig(knex, {
          offset: request.query.offset,
          limit: request.query.limit,
          ...(key === undefined ? {} : { key }),
        });
      }
      const item = await loadItemTable(knex, SYSTEM.config);
      const context = {
        db: knex,
        dialect: app.dataSources.primary.client,
        userId: 0,
        authorities: [],
        dataSource: app.dataSources.primary.name,
        rules: new Map(),
      };
      return listItems(context, item, parseListQuery(query, item.query), knex);
    },
  );
};

export default configRoutes;
