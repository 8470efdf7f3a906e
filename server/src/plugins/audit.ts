import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditAction } from '../../../contract/audit';
import { DEFAULT_AUDIT_RETENTION_DAYS } from '../config';
import { auditOriginOf } from '../services/audit/audit-origin';
import type { AuditEvent } from '../services/audit/audit-row';
import { watchDdl, withDdlCapture } from '../services/audit/ddl-capture';
import { pruneAuditOnce, pruneBefore } from '../services/audit/prune-audit';
import { recordAudit } from '../services/audit/write-audit';

/** A route whose successful requests are audited (`config.audit`). */
export interface AuditedRoute {
  action: AuditAction;
  /** Collect the schema statements the request ran into `detail.ddl`. */
  ddl?: boolean;
  /** The table the request is about (default: none). */
  table?: (request: FastifyRequest) => string | null | undefined;
  /** What the entry says besides the DDL (default: the route and its path parameters). */
  detail?: (request: FastifyRequest) => Record<string, unknown>;
}

export interface Audit {
  /**
   * Appends an entry for a request after its action, as its user (or `user`: who just signed in,
   * who is signing out); a failure to write it is logged, never thrown.
   */
  record(
    request: FastifyRequest,
    event: AuditEvent,
    user?: { id: number; username: string } | null,
  ): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: Audit;
  }
  interface FastifyContextConfig {
    /** Audit every successful request of this route (plugins/audit.ts). */
    audit?: AuditedRoute;
  }
}

export interface AuditOptions {
  /** Days entries are kept (0: forever; default 365). */
  retentionDays?: number;
}

/** How often old entries are pruned. */
export const PRUNE_INTERVAL_MS = 10 * 60_000;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The route of a request, its path parameters and, for a batch, the ids of its body. */
const routeDetail = (request: FastifyRequest): Record<string, unknown> => ({
  route: `${request.method} ${request.routeOptions.url ?? request.url}`,
  params: request.params ?? {},
  ...(Array.isArray(request.body) && request.body.every((id) => typeof id === 'number')
    ? { ids: request.body }
    : {}),
});

/**
 * A schema change of the designer, a metadata import or a reverse engineering: its route, path
 * parameters and the DDL it ran; the table named by the path or the body, when one is.
 */
export const SCHEMA_CHANGE: AuditedRoute = {
  action: 'schemaChange',
  ddl: true,
  table: (request) => {
    const params = request.params;
    if (isObject(params) && typeof params.tableName === 'string') return params.tableName;
    return isObject(request.body) && typeof request.body.name === 'string' ? request.body.name : null;
  },
};

/**
 * The audit log (services/audit/): `app.audit.record` for the routes that write their entries
 * themselves, `config.audit` for routes whose every success is one entry (schema changes, with the
 * DDL they ran), and the pruning of entries older than the retention, in the background, by one
 * server at a time.
 */
export default fp<AuditOptions>(
  async (app, options) => {
    const primary = app.dataSources.primary.knex;
    // Entries are appended through the small pool sign-in and sessions use: a sign-in or sign-out
    // never waits for a connection behind data reads filling the main pool.
    const appendTo = app.dataSources.primary.auth;
    for (const source of app.dataSources.list()) watchDdl(source.knex);

    const audit: Audit = {
      record: (request, event, user) =>
        recordAudit(
          appendTo,
          request.log,
          auditOriginOf(request, user === undefined ? request.principal : user),
          event,
        ),
    };
    app.decorate('audit', audit);

    // The DDL each audited request has run so far (collected while its handler runs).
    const ddlOf = new WeakMap<FastifyRequest, string[]>();
    app.addHook('onRoute', (route) => {
      const audited = route.config?.audit;
      if (!audited) return;
      const handler: RouteHandlerMethod = route.handler;
      route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        const ddl: string[] = [];
        ddlOf.set(request, ddl);
        const run = async (): Promise<unknown> => handler.call(this, request, reply);
        return audited.ddl ? withDdlCapture(run, ddl) : run();
      };
      // Written before the answer leaves (a handler may send it itself), for successes only.
      const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        const ddl = ddlOf.get(request);
        if (ddl === undefined || reply.statusCode >= 400) return payload;
        ddlOf.delete(request);
        await audit.record(request, {
          action: audited.action,
          dataSource: request.dataSource?.name ?? null,
          table: audited.table?.(request) ?? null,
          detail: { ...(audited.detail ?? routeDetail)(request), ...(audited.ddl ? { ddl } : {}) },
        });
        return payload;
      };
      const existing = route.onSend;
      route.onSend = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), onSend];
    });

    const retentionDays = options.retentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS;
    if (retentionDays > 0) {
      const timer = setInterval(() => {
        const before = pruneBefore(Date.now(), retentionDays);
        if (before === null) return;
        pruneAuditOnce(primary, before).catch((error: unknown) =>
          app.log.error({ err: error }, 'pruning the audit log failed'),
        );
      }, PRUNE_INTERVAL_MS);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
  },
  { name: 'audit', dependencies: ['db'] },
);
