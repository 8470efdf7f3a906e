import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Knex } from 'knex';
import { Type } from 'typebox';
import { withStatementTimeout } from '../db/with-statement-timeout';

/** How long `/api/ready` waits for the database to answer `select 1`. */
export const READY_DATABASE_TIMEOUT_MS = 2000;

const HealthSchema = Type.Object(
  { status: Type.Literal('ok') },
  { description: 'The process is up (no database access)' },
);
const ReadySchema = Type.Object({ status: Type.Literal('ok') }, { description: 'Ready for traffic' });
const NotReadySchema = Type.Object(
  {
    status: Type.Literal('unavailable'),
    reason: Type.Union([Type.Literal('starting'), Type.Literal('closing'), Type.Literal('database')], {
      description:
        '`starting`: start-up is not finished; `closing`: shutting down; `database`: primary did not answer in time',
    }),
  },
  { description: 'Not ready: take the server out of rotation' },
);

/**
 * Whether the database answers `select 1` within `timeoutMs`; never waits longer (for a
 * connection either), never throws. `knex` stops the statement itself at the same time.
 */
const answers = (knex: Knex, timeoutMs: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((done) => {
    timer = setTimeout(() => done(false), timeoutMs);
  });
  const asked = knex.raw('select 1').then(
    () => true,
    () => false,
  );
  return Promise.race([asked, late]).finally(() => clearTimeout(timer));
};

/**
 * `GET /api/health` and `GET /api/ready` (docs/api.md §0, "Health"): public, cheap, never logged
 * below warnings. Health says the process answers; readiness also needs start-up finished, no
 * shutdown under way and primary answering `select 1` within READY_DATABASE_TIMEOUT_MS (checks
 * arriving together share one query).
 */
const healthRoutes: FastifyPluginAsyncTypebox<{ databaseTimeoutMs?: number }> = async (app, options) => {
  const timeoutMs = options.databaseTimeoutMs ?? READY_DATABASE_TIMEOUT_MS;
  const knex = withStatementTimeout(app.dataSources.primary.auth, timeoutMs);
  let probe: Promise<boolean> | undefined;
  const databaseAnswers = () => {
    probe ??= answers(knex, timeoutMs).finally(() => {
      probe = undefined;
    });
    return probe;
  };
  const open = { public: true, dataSource: false } as const;

  app.get(
    '/health',
    {
      config: open,
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Liveness: 200 while the process answers; no database access, no session',
        security: [],
        response: { 200: HealthSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/ready',
    {
      config: open,
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 when started, not shutting down and primary answers; else 503 with a reason',
        security: [],
        response: { 200: ReadySchema, 503: NotReadySchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const stage = () => app.readiness.stage;
      let reason: 'starting' | 'closing' | 'database' | undefined;
      if (stage() !== 'started') reason = stage() === 'closing' ? 'closing' : 'starting';
      else if (!(await databaseAnswers())) reason = 'database';
      else if (stage() === 'closing') reason = 'closing';
      if (reason) return reply.code(503).send({ status: 'unavailable' as const, reason });
      return { status: 'ok' as const };
    },
  );
};

export default healthRoutes;
