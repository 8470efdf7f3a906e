import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { BusinessAction } from '../../../../contract/index';
import { DEFAULT_QUERY_LIMITS, type QueryLimits } from '../../config';
import { isSuperAdmin } from '../../auth/permission';
import { SESSION_COOKIE } from '../../auth/session-cookie';
import { hashSessionToken } from '../../auth/session-token';
import { ApiException } from '../../errors/api-exception';
import { itemsMessage } from '../../i18n/items-messages';
import { principalOf } from '../../plugins/session';
import { parseExpand } from '../../query/parse-expand';
import { parseListQuery } from '../../query/parse-list-query';
import { parseSelect } from '../../query/parse-select';
import { invalidParam } from '../../query/query-error';
import { errorResponses } from '../../schemas/common';
import {
  ItemBody,
  ItemIdsQuery,
  ItemKeyList,
  ItemListQuery,
  ItemParams,
  ItemReadQuery,
  ItemRecord,
  ItemTableParams,
  SoftDeleteQuery,
} from '../../schemas/items';
import { countItems } from '../../services/items/count-items';
import { createItem } from '../../services/items/create-item';
import { deleteItems } from '../../services/items/delete-items';
import { getItem, getItemsByKeys } from '../../services/items/get-items';
import { assertMay, type ItemContext } from '../../services/items/item-context';
import type { ItemTable } from '../../services/items/item-table';
import { listItems } from '../../services/items/list-items';
import { ReadGate } from '../../services/items/read-gate';
import { loadItemTable } from '../../services/items/load-item-table';
import { MAX_BATCH, parseRecordKey, parseRecordKeyList } from '../../services/items/record-keys';
import { updateItem } from '../../services/items/update-item';
import type { ColumnRules } from '../../services/permissions/column-rules';
import { loadColumnRules } from '../../services/permissions/load-column-rules';
import { assertSettable, narrowForImport, narrowForRead } from '../../services/permissions/narrow-item';

const tags = ['business'];

const NO_RULES: ColumnRules = new Map();

/** The user's column rules on the request's data source, kept in primary (none for the super admin). */
const columnRulesOf = (request: FastifyRequest, authorities: readonly string[]): Promise<ColumnRules> =>
  isSuperAdmin(authorities)
    ? Promise.resolve(NO_RULES)
    : loadColumnRules(
        request.server.dataSources.primary.knex,
        principalOf(request).roles.map((role) => role.id),
        request.dataSource.name,
      );

/** `reads`: the statements run under the query timeout (business reads). */
export const contextOf = async (request: FastifyRequest, reads = false): Promise<ItemContext> => {
  const authorities = principalOf(request).authorities.map((authority) => authority.authority);
  const token = request.cookies[SESSION_COOKIE];
  return {
    db: reads ? request.dataSource.reads : request.dataSource.knex,
    dialect: request.dataSource.client,
    userId: principalOf(request).id,
    authorities,
    dataSource: request.dataSource.name,
    rules: await columnRulesOf(request, authorities),
    hooks: request.server.writeHooks,
    ...(token ? { sessionTokenHash: hashSessionToken(token) } : {}),
  };
};

/** Actions a read-only table refuses (its records can be read and exported, never changed). */
const WRITES: ReadonlySet<BusinessAction> = new Set(['create', 'update', 'delete', 'import']);

/**
 * The context and table of a request: 404 for an unknown table, 403 without `business:<table>:<action>`
 * or for a write to a read-only table. `body` (default: the request's) is the record a create or
 * update will write, checked against the caller's column rules.
 */
export const open = async (
  request: FastifyRequest,
  tableName: string,
  action: BusinessAction,
  body: unknown = request.body,
) => {
  const context = await contextOf(request, action === 'read');
  const stored = await loadItemTable(context.db, tableName);
  assertMay(context, stored.table, action);
  if (stored.table.readOnly && WRITES.has(action)) {
    throw new ApiException('FORBIDDEN', itemsMessage('readOnlyTable', { name: stored.table.name }));
  }
  const { rules } = context;
  if (action === 'create' || action === 'update') assertSettable(stored, rules, body);
  const item =
    action === 'read' || action === 'export'
      ? narrowForRead(stored, rules)
      : action === 'import'
        ? narrowForImport(stored, rules)
        : stored;
  return { context, item };
};

export const readOptions = (item: ItemTable, query: { select?: string; expand?: string }) => ({
  select: parseSelect(query.select ?? '', item.query),
  expand: parseExpand(query.expand ?? '', item.query),
});

/**
 * The items API of every table (docs/api.md §3): `/api/business/{table}` list, count, all-by-ids, get,
 * create, update, delete and batch delete, driven by the table's metadata.
 */
export interface ItemRoutesOptions {
  /** Ceilings on one user's reads (default: DEFAULT_QUERY_LIMITS). */
  queries?: QueryLimits;
}

const itemRoutes: FastifyPluginAsyncTypebox<ItemRoutesOptions> = async (app, options) => {
  const limits = options.queries ?? DEFAULT_QUERY_LIMITS;
  const gate = new ReadGate({
    maxPerUser: limits.maxPerUser,
    maxWaitingPerUser: limits.maxWaitingPerUser,
    waitMs: limits.timeoutMs > 0 ? limits.timeoutMs : 60_000,
  });
  /** Runs a read, from its metadata lookups to its answer, in the user's line (ReadGate). */
  const inLine = <T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> =>
    gate.run(String(principalOf(request).id), work);

  app.get(
    '/:table',
    {
      schema: {
        tags,
        summary: 'A page of records (default order: key DESC); other query keys are column filters',
        params: ItemTableParams,
        querystring: ItemListQuery,
        response: { 200: Type.Array(ItemRecord), ...errorResponses },
      },
    },
    async (request) =>
      inLine(request, async () => {
        const { context, item } = await open(request, request.params.table, 'read');
        const query = parseListQuery(request.query, item.query);
        return listItems(context, item, query, request.dataSource.knex);
      }),
  );

  app.get(
    '/:table/count',
    {
      schema: {
        tags,
        summary: 'Number of records matching the same filters and search as the list',
        params: ItemTableParams,
        querystring: ItemListQuery,
        response: { 200: Type.Integer(), ...errorResponses },
      },
    },
    async (request) =>
      inLine(request, async () => {
        const { context, item } = await open(request, request.params.table, 'read');
        const query = parseListQuery(request.query, item.query);
        return countItems(context, item, query, request.dataSource.knex);
      }),
  );

  app.get(
    '/:table/all',
    {
      schema: {
        tags,
        summary: 'The records with the given keys, in their order',
        params: ItemTableParams,
        querystring: ItemIdsQuery,
        response: { 200: Type.Array(ItemRecord), ...errorResponses },
      },
    },
    async (request) =>
      inLine(request, async () => {
        const { context, item } = await open(request, request.params.table, 'read');
        const keys = parseRecordKeyList(item, request.query.ids);
        if (keys.length > MAX_BATCH) {
          throw new ApiException('VALIDATION_ERROR', undefined, {
            ids: itemsMessage('tooManyValues', { max: MAX_BATCH }),
          });
        }
        return getItemsByKeys(context, item, keys, readOptions(item, request.query));
      }),
  );

  app.get(
    '/:table/:id',
    {
      schema: {
        tags,
        summary: 'One record with all its relations',
        params: ItemParams,
        querystring: ItemReadQuery,
        response: { 200: ItemRecord, ...errorResponses },
      },
    },
    async (request) =>
      inLine(request, async () => {
        const { context, item } = await open(request, request.params.table, 'read');
        const key = parseRecordKey(item, request.params.id);
        return getItem(context, item, key, readOptions(item, request.query));
      }),
  );

  app.post(
    '/:table',
    {
      schema: {
        tags,
        summary: 'Create a record (and its nested children); 201 with the new id',
        params: ItemTableParams,
        body: ItemBody,
        response: {
          201: Type.Union([Type.Integer(), Type.String()], {
            description:
              'the new id: a number for a numeric key, else text (k1=v1,k2=v2 for a composite key)',
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { context, item } = await open(request, request.params.table, 'create');
      const id = await createItem(context, item, request.body);
      reply.code(201);
      return typeof id === 'number'
        ? reply.type('application/json; charset=utf-8').send(JSON.stringify(id))
        : reply.type('text/plain; charset=utf-8').send(id);
    },
  );

  app.patch(
    '/:table/:id',
    {
      schema: {
        tags,
        summary: 'Update a record (only the fields present) and sync its nested children',
        params: ItemParams,
        body: ItemBody,
        response: { 200: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { context, item } = await open(request, request.params.table, 'update');
      await updateItem(context, item, parseRecordKey(item, request.params.id), request.body);
      return reply.code(200).send(null);
    },
  );

  app.delete(
    '/:table/:id',
    {
      schema: {
        tags,
        summary: 'Delete a record (hard deletes cascade to OneToMany / MainToSub children)',
        params: ItemParams,
        querystring: SoftDeleteQuery,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { context, item } = await open(request, request.params.table, 'delete');
      const key = parseRecordKey(item, request.params.id);
      await deleteItems(context, item, [key], request.query.isSoftDelete);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/:table',
    {
      schema: {
        tags,
        summary: 'Delete records by key, all or nothing',
        params: ItemTableParams,
        querystring: SoftDeleteQuery,
        body: ItemKeyList,
        response: { 204: Type.Null(), ...errorResponses },
      },
      // A missing body is refused as clearly as an empty list: never "delete everything".
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null)
          throw invalidParam('body', itemsMessage('listEmpty'));
      },
    },
    async (request, reply) => {
      const { context, item } = await open(request, request.params.table, 'delete');
      const keys = request.body.map((id, index) => parseRecordKey(item, String(id), String(index)));
      await deleteItems(context, item, keys, request.query.isSoftDelete);
      return reply.code(204).send(null);
    },
  );
};

export default itemRoutes;
