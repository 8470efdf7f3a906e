import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiException,
  callerMayOnTable,
  errorResponses,
  recentChanges,
  requirePermission,
  RevisionActionSchema,
  RevisionChannelSchema,
  Type,
} from '../sdk';

export const ACTIVITY_READ = 'ext:activity:read';

const ActivityEntry = Type.Object({
  id: Type.Number(),
  tableName: Type.String(),
  recordKey: Type.String(),
  action: RevisionActionSchema,
  channel: RevisionChannelSchema,
  userId: Type.Union([Type.Number(), Type.Null()]),
  username: Type.Union([Type.String(), Type.Null()], {
    description: "the user's name when the change was made",
  }),
  createdAt: Type.Number({ description: 'epoch milliseconds' }),
});

const RecentQuery = Type.Object({
  table: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});

/**
 * GET /api/ext/activity/recent: the newest record changes, of one table or of every table the
 * caller may read. A reader of crudboard's record history: the extension keeps no log of its own.
 */
const activityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/recent',
    {
      onRequest: requirePermission(ACTIVITY_READ),
      schema: {
        tags: ['ext:activity'],
        summary: 'Recent record changes (newest first); needs ext:activity:read and read access to the table',
        querystring: RecentQuery,
        response: { 200: Type.Array(ActivityEntry), ...errorResponses },
      },
    },
    async (request) => {
      const { table, limit = 50 } = request.query;
      if (table !== undefined && !callerMayOnTable(request, table, 'read')) {
        throw new ApiException('FORBIDDEN');
      }
      const changes = await recentChanges(request, { ...(table === undefined ? {} : { table }), limit });
      return changes.map((change) => ({
        id: change.id,
        tableName: change.tableName,
        recordKey: change.recordKey,
        action: change.action,
        channel: change.channel,
        userId: change.userId,
        username: change.userName,
        createdAt: change.time,
      }));
    },
  );
};

export default activityRoutes;
