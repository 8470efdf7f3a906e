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
import { onDeliveries } from '../services/webhooks/delivery-signal';

declare module 'fastify' {
  interface FastifyInstance {
    /** What runs flows on this server: the runner below, and button presses (routes/flows.ts). */
    flowRuntime: FlowRuntime;
  }
}

/** How often a server deletes the runs past their retention. */
const PRUNE_EVERY_MS = 10 * 60_000;

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
      invokeAs: (userId, runId) => {
        const grant = app.sessions.grantInternal(userId, runId);
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
    let running: Promise<void> | null = null;
    let again = false;
    let closing = false;
    const round = (): void => {
      if (closing) return;
      if (running) {
        again = true;
        return;
      }
      running = runDueFlows(runtime, settings)
        .then((claimed) => {
          if (claimed >= settings.batch) again = true;
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'running flows failed'))
        .finally(() => {
          running = null;
          if (again && !closing) {
            again = false;
            setImmediate(round);
          }
        });
    };
    const timer = setInterval(round, config.pollMs);
    timer.unref();
    const retentionDays = config.retentionDays ?? DEFAULT_LOG_RETENTION_DAYS;
    let pruning: Promise<void> | null = null;
    const prune = (): void => {
      if (pruning || closing || retentionDays <= 0) return;
      pruning = pruneFlowRuns(primary, retentionDays, new Date(), () => closing)
        .then((deleted) => {
          if (deleted > 0) app.log.info({ deleted }, 'old flow runs deleted');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'deleting old flow runs failed'))
        .finally(() => {
          pruning = null;
        });
    };
    const pruneTimer = setInterval(prune, PRUNE_EVERY_MS);
    pruneTimer.unref();
    const stop = onDeliveries(primary, round, 'flowRuns');
    app.addHook('onReady', async () => round());
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
      clearInterval(pruneTimer);
      stop();
      await running;
      await pruning;
    });
  },
  { name: 'flow-runner', dependencies: ['db', 'webhook-delivery', 'extensions', 'session'] },
);
