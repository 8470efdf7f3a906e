import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requirePermission } from '../../auth/require-permission';
import { principalOf } from '../../plugins/session';
import { errorResponses } from '../../schemas/common';
import { ExecuteSqlBody, SqlResultSchema } from '../../schemas/sql';
import { withStartUpLock } from '../../db/start-up-lock';
import { DEFAULT_SQL_CONSOLE, DEFAULT_SQL_TIMEOUT_MS, type SqlConsoleConfig } from '../../config';
import { prepareConsoleAccess, type ConsoleAccess } from '../../services/sql/console-access';
import { ConsoleGate } from '../../services/sql/console-gate';
import { keepSqlConsole, runConsoleStatement } from '../../services/sql/console-runtime';
import { closeConsoles } from '../../dialects/sql/sql-dialects';

export interface SqlRouteOptions {
  /** Statement timeout in milliseconds (default 30 s). */
  timeoutMs?: number;
  /** The console's role and ceilings (default DEFAULT_SQL_CONSOLE). */
  console?: SqlConsoleConfig;
}

const LOGGED_SQL_CHARS = 200;

/** /api/metadata/sqls (docs/api.md §2.4): the SQL console. Saved statements live in `sqlQuery`. */
const sqlRoutes: FastifyPluginAsyncTypebox<SqlRouteOptions> = async (app, options) => {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SQL_TIMEOUT_MS;
  const config = options.console ?? DEFAULT_SQL_CONSOLE;
  // Start-up: what the console runs as on each data source (creates the PostgreSQL console role,
  // the MySQL console account), one server at a time.
  const access = new Map<string, ConsoleAccess>();
  app.addHook('onClose', async () => {
    closeConsoles();
    await Promise.all([...access.values()].map((found) => found.account?.destroy()));
  });
  for (const source of app.dataSources.list()) {
    access.set(
      source.name,
      await withStartUpLock(source, () =>
        prepareConsoleAccess(source, config, app.log.child({ dataSource: source.name })),
      ),
    );
  }
  const runtime = { access, gate: new ConsoleGate(config), timeoutMs, config };
  // the same console, for the statements schedules run as their owners (services/schedules/)
  keepSqlConsole(app.dataSources.primary.knex, runtime);

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
      let rowCount: number | null = null;
      try {
        const principal = principalOf(request);
        const source = request.dataSource;
        // A statement waits for a console connection at most as long as it may run.
        const result = await runConsoleStatement(
          runtime,
          source,
          { username: principal.username, authorities: principal.authorities.map((a) => a.authority) },
          { sql, readOnly, ...(params ? { params } : {}) },
        );
        rowCount = result.rowCount;
        return result;
      } catch (error) {
        outcome =
          (error as { code?: unknown }).code === undefined
            ? 'failed'
            : String((error as { code: unknown }).code);
        throw error;
      } finally {
        const elapsedMs = Math.round(performance.now() - started);
        request.log.info(
          {
            user: principalOf(request).username,
            dataSource: request.dataSource.name,
            readOnly,
            elapsedMs,
            outcome,
            sql: sql.slice(0, LOGGED_SQL_CHARS),
          },
          'sql console statement',
        );
        await app.audit.record(request, {
          action: 'sqlExecute',
          dataSource: request.dataSource.name,
          detail: { sql, readOnly, rowCount, elapsedMs, outcome },
        });
      }
    },
  );
};

export default sqlRoutes;
