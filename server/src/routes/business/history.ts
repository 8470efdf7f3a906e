import { assertReadable, readableKeyTexts } from '../../services/items/row-filter';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { itemOf } from '../../plugins/item-access';
import { errorResponses } from '../../schemas/common';
import {
  DeletedParams,
  DeletedQuery,
  DeletedRecordSchema,
  DeletedRevisionParams,
  HistoryParams,
  HistoryQuery,
  LatestChangeSchema,
  LatestQuery,
  RestoreRevisionBody,
  RevisionParams,
  RevisionSchema,
} from '../../schemas/history';
import { countHistory, readHistory } from '../../services/history/read-history';
import { countDeleted, readDeleted } from '../../services/history/deleted-records';
import { latestChanges } from '../../services/history/latest-changes';
import { restoreDeleted, restoreRevision } from '../../services/history/restore-revision';
import { keyText, parseRecordKey } from '../../services/items/record-keys';
import { getItem } from '../../services/items/get-items';
import { narrowForRead } from '../../services/permissions/narrow-item';
import { ApiException } from '../../errors/api-exception';
import { readOptions } from '../../query/read-options';
import { ItemRecord } from '../../schemas/items';
import { RESTORED_COLUMNS_HEADER } from '../../../../contract/revision';

const tags = ['business'];

const isFirstPage = (query: unknown): boolean => {
  const { offset } = query as { offset?: number };
  return offset === undefined || offset === 0;
};

/**
 * Record history (docs/api.md §3, record history): the revisions of one record, newest first, and their count
 * (read permission; the reader's column rules trim every revision), and restoring a revision
 * (update permission, create for a record hard-deleted since). A table's deleted records: the
 * hard-deleted ones not there now, with their last values (read permission), and bringing one back
 * from its delete revision (create permission). Who last changed each of a page of records (read
 * permission). `/:table/deleted…` and `/:table/history/latest` are static segments, which the
 * router prefers to `/:table/:id…` whatever the order of registration.
 */
const historyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:table/history/latest',
    {
      config: { item: { action: 'read', cost: () => 'cheap', rowRules: true } },
      schema: {
        tags,
        summary:
          'Who last changed each of the records named by `id` (repeated), and when: their newest revision, without values',
        params: DeletedParams,
        querystring: LatestQuery,
        response: { 200: Type.Array(LatestChangeSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { context, item } = itemOf(request);
      // Under a read rule, records the user cannot read now are left out, as records without history are.
      const asked = request.query.id.map((id) => ({ id, key: parseRecordKey(item, id) }));
      const readable = await readableKeyTexts(
        context,
        item,
        asked.map(({ key }) => key),
      );
      const ids = asked.filter(({ key }) => readable.has(keyText(item, key))).map(({ id }) => id);
      return latestChanges(request.server.dataSources.primary.reads, context, item, ids);
    },
  );

  app.get(
    '/:table/:id/history',
    {
      config: { item: { action: 'read', cost: () => 'cheap', rowRules: true } },
      schema: {
        tags,
        summary: "A record's revisions, newest first (404: no such record, now or ever)",
        params: HistoryParams,
        querystring: HistoryQuery,
        response: { 200: Type.Array(RevisionSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { context, item } = itemOf(request);
      const key = parseRecordKey(item, request.params.id);
      // Under a read rule, only a record the user can read now shows its history (else 404).
      await assertReadable(context, item, key);
      return readHistory(request.server.dataSources.primary.reads, context, item, key, request.query);
    },
  );

  app.get(
    '/:table/:id/history/count',
    {
      config: { item: { action: 'read', cost: () => 'cheap', rowRules: true } },
      schema: {
        tags,
        summary: 'How many revisions a record has',
        params: HistoryParams,
        response: { 200: Type.Integer(), ...errorResponses },
      },
    },
    async (request) => {
      const { context, item } = itemOf(request);
      const key = parseRecordKey(item, request.params.id);
      // Under a read rule, only a record the user can read now shows its history (else 404).
      await assertReadable(context, item, key);
      return countHistory(request.server.dataSources.primary.reads, context, item, key);
    },
  );

  app.post(
    '/:table/:id/history/:revisionId/restore',
    {
      config: { item: { action: 'update', rowRules: true } },
      schema: {
        tags,
        summary:
          'Set a record back to how it was right after a revision (all its restorable columns, or only `columns`); a hard-deleted record is created again with its key. Answers the restored record; `X-Restored-Columns` lists the columns set back',
        params: RevisionParams,
        body: RestoreRevisionBody,
        response: {
          200: ItemRecord,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { context, item } = itemOf(request);
      const key = parseRecordKey(item, request.params.id);
      const primary = request.server.dataSources.primary.knex;
      const { revisionId } = request.params;
      const { columns } = await restoreRevision(primary, context, item, key, revisionId, request.body ?? {});
      // The restored record as GET …/{id} answers it (the readable columns only); which columns
      // were set back, in a header.
      void reply.header(RESTORED_COLUMNS_HEADER, columns.map(encodeURIComponent).join(','));
      const readable = narrowForRead(item, context.rules);
      try {
        return await getItem(context, readable, key, readOptions(readable.query, {}));
      } catch (error) {
        // restored to values the caller's read rule keeps out: done, but only its key is theirs
        if (error instanceof ApiException && error.code === 'NOT_FOUND') return { ...key };
        throw error;
      }
    },
  );

  app.get(
    '/:table/deleted',
    {
      // The first page stops after a few steps of the table's deletions; a deep one walks more.
      config: {
        item: {
          action: 'read',
          cost: (request) => (isFirstPage(request.query) ? 'cheap' : 'expensive'),
          rowRules: true,
        },
      },
      schema: {
        tags,
        summary:
          "The table's hard-deleted records that do not exist now, newest deletion first, with their last values",
        params: DeletedParams,
        querystring: DeletedQuery,
        response: { 200: Type.Array(DeletedRecordSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { context, item } = itemOf(request);
      return readDeleted(request.server.dataSources.primary.reads, context, item, request.query);
    },
  );

  app.get(
    '/:table/deleted/count',
    {
      config: { item: { action: 'read', rowRules: true } },
      schema: {
        tags,
        summary: 'How many hard-deleted records of the table do not exist now',
        params: DeletedParams,
        response: { 200: Type.Integer(), ...errorResponses },
      },
    },
    async (request) => {
      const { context, item } = itemOf(request);
      return countDeleted(request.server.dataSources.primary.reads, context, item);
    },
  );

  app.post(
    '/:table/deleted/:revisionId/restore',
    {
      config: { item: { action: 'create', rowRules: true } },
      schema: {
        tags,
        summary:
          'Create a hard-deleted record again with its key and the last values of its delete revision (409 when it exists again)',
        params: DeletedRevisionParams,
        response: {
          200: Type.Object(
            {
              key: Type.String({ description: 'the record key as URLs write it' }),
              columns: Type.Array(Type.String(), { description: 'the columns set back' }),
            },
            { additionalProperties: false },
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { context, item } = itemOf(request);
      const primary = request.server.dataSources.primary.knex;
      return restoreDeleted(primary, context, item, request.params.revisionId);
    },
  );
};

export default historyRoutes;
