import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SYSTEM } from '../../db/table-names';
import { parseListQuery } from '../../query/parse-list-query';
import { errorResponses } from '../../schemas/common';
import { ItemListQuery, ItemRecord } from '../../schemas/items';
import { pagingQuery } from '../../schemas/paging';
import { listConfig } from '../../services/config-store';
import { assertMay } from '../../services/items/item-context';
import { listItems } from '../../services/items/list-items';
import { principalOf } from '../../plugins/session';
import { loadItemTable } from '../../services/items/load-item-table';

/** Rows the open settings list answers at most. */
const OPEN_LIMIT = 100;

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
  {
    id: Type.Integer(),
    name: Type.Union([Type.String(), Type.Null()]),
    key: Type.String(),
    value: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: true },
);

/**
 * GET /api/business/config: the primary config table, open without login (API.md §3, §5).
 * With only `offset`, `limit` (at most 100 rows) and `key` it answers `[{id, key, value}]` in id
 * order; with any other list parameter (search, filter, orderby, select, column filters) it
 * answers like `GET /api/business/{table}` for the `config` system table, which takes a session
 * and `business:config:read`. Every other call on `config`
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
    async (request, reply) => {
      const { knex } = app.dataSources.primary;
      const query = request.query as Record<string, unknown>;
      if (Object.keys(query).every((key) => PLAIN_KEYS.has(key))) {
        const key = typeof query.key === 'string' ? query.key : undefined;
        return listConfig(knex, {
          offset: request.query.offset,
          limit: Math.min(request.query.limit, OPEN_LIMIT),
          ...(key === undefined ? {} : { key }),
        });
      }
      // Searching and filtering are the business API's: a session and business:config:read.
      await app.sessions.requireSession(request, reply);
      const principal = principalOf(request);
      const context = {
        db: knex,
        dialect: app.dataSources.primary.client,
        userId: principal.id,
        authorities: principal.authorities.map((authority) => authority.authority),
        dataSource: app.dataSources.primary.name,
        rules: new Map(),
      };
      const item = await loadItemTable(knex, SYSTEM.config);
      assertMay(context, item.table, 'read');
      return listItems(context, item, parseListQuery(query, item.query), knex);
    },
  );
};

export default configRoutes;
