import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiException, callerMayOnTable, errorResponses, requirePermission, Type } from '../sdk';
import { ACTIVITY_TABLE } from './activity-table';

export const ACTIVITY_READ = 'ext:activity:read';

/** How many rows are looked at when the feed is filtered by the tables the caller may read. */
const SCAN_LIMIT = 1000;

const ActivityEntry = Type.Object({
  id: Type.Number(),
  tableName: Type.String(),
  recordKey: Type.String(),
  action: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete')]),
  userId: Type.Union([Type.Number(), Type.Null()]),
  username: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Number({ description: 'epoch milliseconds' }),
});

const RecentQuery = Type.Object({
  table: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});

interface Row {
  id: number | string;
  tableName: string;
  recordKey: string;
  action: 'create' | 'update' | 'delete';
  userId: number | string | null;
  createdAt: number | string;
}

/** GET /api/ext/activity/recent: the newest record changes, of one table or of every table the caller may read. */
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
      const query = app.dataSources.primary
        .knex<Row>(ACTIVITY_TABLE)
        .where('dataSource', request.dataSource.name)
        .orderBy('id', 'desc');
      if (table !== undefined) query.where('tableName', table);
      const rows = (await query.limit(table === undefined ? SCAN_LIMIT : limit)) as Row[];
      const readable = new Map<string, boolean>();
      const mayRead = (name: string) => {
        if (!readable.has(name)) readable.set(name, callerMayOnTable(request, name, 'read'));
        return readable.get(name) === true;
      };
      const shown = rows.filter((row) => mayRead(row.tableName)).slice(0, limit);
      const userIds = [...new Set(shown.map((row) => row.userId).filter((id) => id !== null))];
      const users: { id: number | string; username: string }[] =
        userIds.length === 0
          ? []
          : await app.dataSources.primary.knex('cb_user').whereIn('id', userIds).select('id', 'username');
      const names = new Map(users.map((user) => [String(user.id), user.username]));
      return shown.map((row) => ({
        id: Number(row.id),
        tableName: row.tableName,
        recordKey: row.recordKey,
        action: row.action,
        userId: row.userId === null ? null : Number(row.userId),
        username: row.userId === null ? null : (names.get(String(row.userId)) ?? null),
        createdAt: Number(row.createdAt),
      }));
    },
  );
};

export default activityRoutes;
