import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { isSuperAdmin } from '../../auth/permission';
import { SYSTEM } from '../../db/table-names';
import { loadColumnRules } from '../../services/permissions/load-column-rules';
import { parseListQuery } from '../../query/parse-list-query';
import { errorResponses } from '../../schemas/common';
import { ItemListQuery, ItemRecord } from '../../schemas/items';
import { pagingQuery } from '../../schemas/paging';
import { listConfig, type ConfigRow } from '../../services/config-store';
import { assertMay } from '../../services/items/item-context';
import { listItems } from '../../services/items/list-items';
import { principalOf } from '../../plugins/session';
import { loadItemTable } from '../../services/items/load-item-table';

/** Rows the open settings list answers at most. */
const OPEN_LIMIT = 100;

/** Query keys of the plain settings list; any other key makes it a business-API list of `config`. */
const PLAIN_KEYS = new Set(['offset', 'limit', 'key', 'select', 'dataSource']);

/** The columns of the open list; a `select` naming only these keeps the list open. */
const OPEN_COLUMNS = new Set(['id', 'name', 'key', 'value']);

/** The open list's columns a `select` asks for, or undefined when it names any other column. */
const openSelection = (select: unknown): (keyof ConfigRow)[] | undefined => {
  if (select === undefined || select === '') return ['id', 'name', 'key', 'value'];
  if (typeof select !== 'string') return undefined;
  const names = select.split(',').map((name) => name.trim());
  return names.every((name) => OPEN_COLUMNS.has(name)) ? (names as (keyof ConfigRow)[]) : undefined;
};

const pick = (row: ConfigRow, names: readonly (keyof ConfigRow)[]) =>
  Object.fromEntries(['id', ...names].map((name) => [name, row[name as keyof ConfigRow]]));

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
 * GET /api/business/config: the primary config table, open without login (docs/api.md §3, §5).
 * With only `offset`, `limit` (at most 100 rows), `key` and a `select` of its own columns (as
 * crudapi's client sends on every page) it answers `[{id, name, key, value}]` in id order; with any other list parameter (search, filter, orderby, select, column filters) it
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
      const selection = openSelection(query.select);
      if (selection && Object.keys(query).every((key) => PLAIN_KEYS.has(key))) {
        const key = typeof query.key === 'string' ? query.key : undefined;
        const rows = await listConfig(knex, {
          offset: request.query.offset,
          limit: Math.min(request.query.limit, OPEN_LIMIT),
          ...(key === undefined ? {} : { key }),
        });
        return rows.map((row) => pick(row, selection));
      }
      // Searching and filtering are the business API's: a session and business:config:read.
      await app.sessions.requireSession(request, reply);
      const principal = principalOf(request);
      const authorities = principal.authorities.map((authority) => authority.authority);
      const context = {
        db: knex,
        dialect: app.dataSources.primary.client,
        userId: principal.id,
        authorities,
        dataSource: app.dataSources.primary.name,
        hooks: app.writeHooks,
        rules: isSuperAdmin(authorities)
          ? new Map()
          : await loadColumnRules(
              knex,
              principal.roles.map((role) => role.id),
              app.dataSources.primary.name,
            ),
      };
      const item = await loadItemTable(knex, SYSTEM.config);
      assertMay(context, item.table, 'read');
      return listItems(context, item, parseListQuery(query, item.query), knex);
    },
  );
};

export default configRoutes;
