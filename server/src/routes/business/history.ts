import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { itemOf } from '../../plugins/item-access';
import { errorResponses } from '../../schemas/common';
import {
  HistoryParams,
  HistoryQuery,
  RestoreRevisionBody,
  RevisionParams,
  RevisionSchema,
} from '../../schemas/history';
import { countHistory, readHistory } from '../../services/history/read-history';
import { restoreRevision } from '../../services/history/restore-revision';
import { parseRecordKey } from '../../services/items/record-keys';

const tags = ['business'];

/**
 * Record history (docs/api.md §3, record history): the revisions of one record, newest first, and their count
 * (read permission; the reader's column rules trim every revision), and restoring a revision
 * (update permission, create for a record hard-deleted since).
 */
const historyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:table/:id/history',
    {
      config: { item: { action: 'read', cost: () => 'cheap' } },
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
      return readHistory(request.server.dataSources.primary.reads, context, item, key, request.query);
    },
  );

  app.get(
    '/:table/:id/history/count',
    {
      config: { item: { action: 'read', cost: () => 'cheap' } },
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
      return countHistory(request.server.dataSources.primary.reads, context, item, key);
    },
  );

  app.post(
    '/:table/:id/history/:revisionId/restore',
    {
      config: { item: { action: 'update' } },
      schema: {
        tags,
        summary:
          'Set a record back to how it was right after a revision (all its restorable columns, or only `columns`); a hard-deleted record is created again with its key',
        params: RevisionParams,
        body: RestoreRevisionBody,
        response: {
          200: Type.Object(
            { columns: Type.Array(Type.String(), { description: 'the columns set back' }) },
            { additionalProperties: false },
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { context, item } = itemOf(request);
      const key = parseRecordKey(item, request.params.id);
      const primary = request.server.dataSources.primary.knex;
      const { revisionId } = request.params;
      return restoreRevision(primary, context, item, key, revisionId, request.body?.columns);
    },
  );
};

export default historyRoutes;
