import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { itemOf } from '../../plugins/item-access';
import { errorResponses } from '../../schemas/common';
import { HistoryParams, HistoryQuery, RevisionSchema } from '../../schemas/history';
import { countHistory, readHistory } from '../../services/history/read-history';
import { parseRecordKey } from '../../services/items/record-keys';

const tags = ['business'];

/**
 * Record history (docs/api.md §3.9): the revisions of one record, newest first, and their count.
 * Read permission on the table; the reader's column rules trim every revision.
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
};

export default historyRoutes;
