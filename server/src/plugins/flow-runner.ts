import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import {
  DEFAULT_FLOWS,
  DEFAULT_LOG_RETENTION_DAYS,
  DEFAULT_WEBHOOKS,
  type FlowConfig,
  type WebhookConfig,
} from '../config';
import type { FlowRuntime } from '../services/flows/flow-runtime';
import { pruneFlowRuns } from '../services/flows/prune-flow-runs';
import { runDueFlows } from '../services/flows/run-due-flows';
import { runOutboxLoop } from './outbox-loop';

declare module 'fastify' {
  interface FastifyInstance {
    /** What runs flows on this server: the runner below, and button presses (routes/flows.ts). */
    flowRuntime: FlowRuntime;
  }
}

/**
 * Flows on this server (services/flows/): the runtime their runs use (steps call this server's own
 * API as the run's user, through `app.inject` and a grant held in memory only), and the loop that
 * runs the waiting runs (from record events, schedules and extensions' triggers): a round every
 * `pollMs`, at once after this server committed runs, and again straight after a full round. Any
 * number of servers run it on one database; each run is claimed by one. Closing the server waits
 * for the round under way.
 */
export default fp<{ flows?: FlowConfig; webhooks?: WebhookConfig }>(
  async (app, options) => {
    const config = options.flows ?? DEFAULT_FLOWS;
    const primary = app.dataSources.primary.knex;
    const runtime: FlowRuntime = {
      primary,
      dataSources: app.dataSources,
      log: app.log,
      allow: app.webhookAllowList,
      webhookTimeoutMs: (options.webhooks ?? DEFAULT_WEBHOOKS).timeoutMs,
      tasks: app.extensionTasks,
      stepKinds: app.flowExtensions.stepKinds,
      catalogue: {
        extensionKinds: new Set(app.flowExtensions.stepKinds.keys()),
        tasks: new Set(app.extensionTasks.keys()),
        triggers: new Set(app.flowExtensions.triggers.keys()),
      },
      invokeAs: (principal, runId) => {
        const grant = app.sessions.grantInternal(principal, runId);
        return {
          invoke: async ({ method, url, payload }) => {
            const answer = await app.inject({
              method,
              url,
              headers: {
                ...grant.headers,
                ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
              },
              ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
            });
            return { status: answer.statusCode, body: answer.body };
          },
          release: grant.release,
        };
      },
    };
    app.decorate('flowRuntime', runtime);
    if (config.pollMs <= 0) return;
    const settings = { instance: randomUUID(), batch: 16 };
    const retentionDays = config.retentionDays ?? DEFAULT_LOG_RETENTION_DAYS;
    runOutboxLoop(app, {
      primary,
      topic: 'flowRuns',
      pollMs: config.pollMs,
      round: () => runDueFlows(runtime, settings),
      batch: settings.batch,
      prune: (stopped) => pruneFlowRuns(primary, retentionDays, new Date(), stopped),
      retentionDays,
      what: 'flow runs',
    });
  },
  { name: 'flow-runner', dependencies: ['db', 'webhook-delivery', 'extensions', 'session'] },
);
