import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { COUNT_EXACT_LIMIT } from '../../../../contract/index';
import { ApiException } from '../../errors/api-exception';
import { itemsMessage } from '../../i18n/items-messages';
import { itemOf } from '../../plugins/item-access';
import { readTargetOf } from '../../plugins/replica-reads';
import { parseListQuery } from '../../query/parse-list-query';
import { invalidParam } from '../../query/query-error';
import { countReadCost, pageReadCost } from '../../query/read-cost';
import { readOptions } from '../../query/read-options';
import { errorResponses } from '../../schemas/common';
import {
  IdempotencyKeyHeaders,
  ItemBody,
  ItemIdsQuery,
  ItemKeyList,
  ItemListQuery,
  ItemPageQuery,
  ItemParams,
  ItemReadQuery,
  ItemRecord,
  ItemTableParams,
  SoftDeleteQuery,
} from '../../schemas/items';
import { createItemOnce } from '../../services/idempotency/create-item-once';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../services/idempotency/idempotency-key';
import { requestIdempotencyKey } from '../../services/idempotency/request-idempotency-key';
import { countItems } from '../../services/items/count-items';
import { createItem } from '../../services/items/create-item';
import { deleteItems } from '../../services/items/delete-items';
import { getItem, getItemsByKeys } from '../../services/items/get-items';
import { listItems } from '../../services/items/list-items';
import { listItemsWithTotal } from '../../services/items/list-items-with-total';
import { restoreItems } from '../../services/items/restore-items';
import { MAX_BATCH, parseRecordKey, parseRecordKeyList } from '../../services/items/record-keys';
import { updateItem } from '../../services/items/update-item';

const tags = ['business'];

/** `withTotal=true` on a list (the schema has turned it into a boolean by the time a handler runs). */
const withTotal = (request: { query: unknown }): boolean => {
  const value = queryOf(request).withTotal;
  return value === true || value === 'true';
};

const PageWithTotal = Type.Object({
  data: Type.Array(ItemRecord),
  total: Type.Integer({
    description: 'records matching the filters and search; at least this many when totalExact is false',
  }),
  totalExact: Type.Boolean({
    description:
      'false: more records match than were counted (COUNT_EXACT_LIMIT); exactTotal=true counts them all',
  }),
});

const queryOf = (request: { query: unknown }): Record<string, unknown> =>
  request.query as Record<string, unknown>;

/** A new record's id as the answer's body: a number as JSON, a text key as text (docs/api.md §0). */
const sendId = (reply: FastifyReply, status: number, id: number | string) =>
  typeof id === 'number'
    ? reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(id))
    : reply.code(status).type('text/plain; charset=utf-8').send(id);

/**
 * The items API of every table (docs/api.md §3): `/api/business/{table}` list, count, all-by-ids, get,
 * create, update, delete and batch delete, driven by the table's metadata. Each route opens its
 * table through `config.item` (plugins/item-access.ts), reads in the user's line, then in the data
 * source's fair queue as cheap (by key; small pages an index serves) or expensive (query/read-cost.ts).
 */
const itemRoutes: FastifyPluginAsyncTypebox<{ countExactLimit?: number }> = async (app, options) => {
  const bound = options.countExactLimit ?? COUNT_EXACT_LIMIT;
  app.get(
    '/:table',
    {
      config: {
        item: {
          action: 'read',
          cost: (request, item) =>
            pageReadCost(parseListQuery(queryOf(request), item.query), item.query, withTotal(request)),
          rowRules: true,
        },
      },
      schema: {
        tags,
        summary:
          'A page of records (default order: key DESC); with withTotal=true, {data, total, totalExact}; other query keys are column filters',
        params: ItemTableParams,
        querystring: ItemPageQuery,
        response: {
          200: Type.Union([Type.Array(ItemRecord), PageWithTotal]),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const opened = itemOf(request);
      const { item } = opened;
      const query = parseListQuery(request.query, item.query);
      const { context, knex } = readTargetOf(request, opened.context);
      return request.query.withTotal === true
        ? listItemsWithTotal(context, item, query, knex, { bound, exact: request.query.exactTotal === true })
        : listItems(context, item, query, knex);
    },
  );

  app.get(
    '/:table/count',
    {
      config: {
        item: {
          action: 'read',
          cost: (request, item) => countReadCost(parseListQuery(queryOf(request), item.query), item.query),
          rowRules: true,
        },
      },
      schema: {
        tags,
        summary: 'Number of records matching the same filters and search as the list',
        params: ItemTableParams,
        querystring: ItemListQuery,
        response: { 200: Type.Integer(), ...errorResponses },
      },
    },
    async (request) => {
      const opened = itemOf(request);
      const query = parseListQuery(request.query, opened.item.query);
      const { context, knex } = readTargetOf(request, opened.context);
      return countItems(context, opened.item, query, knex);
    },
  );

  app.get(
    '/:table/all',
    {
      config: { item: { action: 'read', cost: () => 'cheap', rowRules: true } },
      schema: {
        tags,
        summary: 'The records with the given keys, in their order',
        params: ItemTableParams,
        querystring: ItemIdsQuery,
        response: { 200: Type.Array(ItemRecord), ...errorResponses },
      },
    },
    async (request) => {
      const { context, item } = itemOf(request);
      const keys = parseRecordKeyList(item, request.query.ids);
      if (keys.length > MAX_BATCH) {
        throw new ApiException('VALIDATION_ERROR', undefined, {
          ids: itemsMessage('tooManyValues', { max: MAX_BATCH }),
        });
      }
      return getItemsByKeys(context, item, keys, readOptions(item.query, request.query));
    },
  );

  app.get(
    '/:table/:id',
    {
      config: { item: { action: 'read', cost: () => 'cheap', rowRules: true } },
      schema: {
        tags,
        summary: 'One record with all its relations',
        params: ItemParams,
        querystring: ItemReadQuery,
        response: { 200: ItemRecord, ...errorResponses },
      },
    },
    async (request) => {
      const { context, item } = itemOf(request);
      const key = parseRecordKey(item, request.params.id);
      return getItem(context, item, key, readOptions(item.query, request.query));
    },
  );

  app.post(
    '/:table',
    {
      config: { item: { action: 'create', rowRules: true } },
      schema: {
        tags,
        summary:
          'Create a record (and its nested children); 201 with the new id. With Idempotency-Key, a retry gets the same answer (Idempotent-Replayed: true) and writes nothing',
        params: ItemTableParams,
        headers: IdempotencyKeyHeaders,
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
      const { context, item } = itemOf(request);
      const key = requestIdempotencyKey(request);
      if (key === undefined) return sendId(reply, 201, await createItem(context, item, request.body));
      const path = request.url.split('?')[0] ?? request.url;
      const answer = await createItemOnce(context, item, {
        key,
        method: request.method,
        path,
        body: request.body,
      });
      if (answer.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return sendId(reply, answer.status, answer.id);
    },
  );

  app.patch(
    '/:table/:id',
    {
      config: { item: { action: 'update', rowRules: true } },
      schema: {
        tags,
        summary: 'Update a record (only the fields present) and sync its nested children',
        params: ItemParams,
        body: ItemBody,
        response: { 200: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { context, item } = itemOf(request);
      await updateItem(context, item, parseRecordKey(item, request.params.id), request.body);
      return reply.code(200).send(null);
    },
  );

  const Restored = Type.Object(
    { restored: Type.Integer({ description: 'how many records came back from the recycle bin' }) },
    { additionalProperties: false },
  );

  app.post(
    '/:table/restore',
    {
      config: { item: { action: 'update', rowRules: true } },
      schema: {
        tags,
        summary:
          'Bring soft-deleted records back from the recycle bin, all or nothing (404: a record does not exist, 409: one is not in the recycle bin)',
        params: ItemTableParams,
        body: ItemKeyList,
        response: { 200: Restored, ...errorResponses },
      },
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null)
          throw invalidParam('body', itemsMessage('listEmpty'));
      },
    },
    async (request) => {
      const { context, item } = itemOf(request);
      const keys = request.body.map((id, index) => parseRecordKey(item, String(id), String(index)));
      return { restored: await restoreItems(context, item, keys) };
    },
  );

  app.post(
    '/:table/:id/restore',
    {
      config: { item: { action: 'update', rowRules: true } },
      schema: {
        tags,
        summary: 'Bring one soft-deleted record back from the recycle bin (409 when it is not there)',
        params: ItemParams,
        response: { 200: Restored, ...errorResponses },
      },
    },
    async (request) => {
      const { context, item } = itemOf(request);
      return { restored: await restoreItems(context, item, [parseRecordKey(item, request.params.id)]) };
    },
  );

  app.delete(
    '/:table/:id',
    {
      config: { item: { action: 'delete', rowRules: true } },
      schema: {
        tags,
        summary: 'Delete a record (hard deletes cascade to OneToMany / MainToSub children)',
        params: ItemParams,
        querystring: SoftDeleteQuery,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { context, item } = itemOf(request);
      const key = parseRecordKey(item, request.params.id);
      await deleteItems(context, item, [key], request.query.isSoftDelete);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/:table',
    {
      config: { item: { action: 'delete', rowRules: true } },
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
      const { context, item } = itemOf(request);
      const keys = request.body.map((id, index) => parseRecordKey(item, String(id), String(index)));
      await deleteItems(context, item, keys, request.query.isSoftDelete);
      return reply.code(204).send(null);
    },
  );
};

export default itemRoutes;
