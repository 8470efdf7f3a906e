import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isSuperAdmin } from '../../auth/permission';
import { requirePermission } from '../../auth/require-permission';
import { principalOf } from '../../plugins/session';
import { errorResponses } from '../../schemas/common';
import { ExecuteSqlBody, SqlResultSchema } from '../../schemas/sql';
import { DEFAULT_SQL_TIMEOUT_MS } from '../../config';
import { executeSql } from '../../services/sql/execute-sql';
import { closeSqliteProcesses } from '../../services/sql/sqlite-runner';

export interface SqlRouteOptions {
  /** Statement timeout in milliseconds (default 30 s). */
  timeoutMs?: number;
}

const LOGGED_SQL_CHARS = 200;

/** /api/metadata/sqls (docs/api.md §2.4): the SQL console. Saved statements live in `sqlQuery`. */
const sqlRoutes: FastifyPluginAsyncTypebox<SqlRouteOptions> = async (app, options) => {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SQL_TIMEOUT_MS;
  app.addHook('onClose', async () => closeSqliteProcesses());

  app.post(
    '/execute',
    {
      onRequest: requirePermission('sql:execute'),
      schema: {
        tags: ['metadata'],
        summary: 'Run one SQL statement (read-only and rolled back unless readOnly is false)',
        body: ExecuteSqlBody,
        response: { 200: SqlResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { sql, params, readOnly } = request.body;
      const started = performance.now();
      let outcome = 'ok';
      try {
        return await executeSql(
          request.dataSource,
          {
            sql,
            readOnly,
            superAdmin: isSuperAdmin(principalOf(request).authorities.map((a) => a.authority)),
            ...(params ? { params } : {}),
          },
          timeoutMs,
        );
      } catch (error) {
        outcome =
          (error as { code?: unknown }).code === undefined
            ? 'failed'
            : String((error as { code: unknown }).code);
        throw error;
      } finally {
        request.log.info(
          {
            user: principalOf(request).username,
            dataSource: request.dataSource.name,
            readOnly,
            elapsedMs: Math.round(performance.now() - started),
            outcome,
            sql: sql.slice(0, LOGGED_SQL_CHARS),
          },
          'sql console statement',
        );
      }
    },
  );
};

export default sqlRoutes;
