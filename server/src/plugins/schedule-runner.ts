import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import {
  DEFAULT_LOG_RETENTION_DAYS,
  DEFAULT_SCHEDULES,
  DEFAULT_WEBHOOKS,
  type ScheduleConfig,
  type WebhookConfig,
} from '../config';
import { pruneRuns } from '../services/schedules/prune-runs';
import { createScheduleRunner } from '../services/schedules/run-due-schedules';

/** Schedules running at once on one server; while this many run, it claims no more ticks. */
const MAX_RUNNING = 32;

/** A tick claimed this long after it came is missed (at least; longer when the server looks less often). */
const LATE_MS = 60_000;

/**
 * Schedules run from this server (services/schedules/run-due-schedules.ts): a round every
 * `pollMs` claims the due ticks no other server has claimed and runs them in the background. Any
 * number of servers run it on one database; each tick runs on one of them. Closing the server
 * stops the rounds and waits for the runs under way (before the data sources close).
 */
export default fp<{ schedules?: ScheduleConfig; webhooks?: WebhookConfig }>(
  async (app, options) => {
    const config = options.schedules ?? DEFAULT_SCHEDULES;
    if (config.pollMs <= 0) return;
    const runner = createScheduleRunner({
      dataSources: app.dataSources,
      allow: app.webhookAllowList,
      webhookTimeoutMs: (options.webhooks ?? DEFAULT_WEBHOOKS).timeoutMs,
      log: app.log,
      tasks: app.extensionTasks,
      instance: `${hostname()}:${String(process.pid)}:${randomUUID().slice(0, 8)}`.slice(-64),
      lateMs: Math.max(LATE_MS, 3 * config.pollMs),
    });
    let round: Promise<void> | null = null;
    const runs = new Set<Promise<void>>();
    let closing = false;
    const look = (): void => {
      if (round || closing || runs.size >= MAX_RUNNING) return;
      round = runner
        .round(Date.now())
        .then((outcome) => {
          for (const run of outcome.runs) {
            runs.add(run);
            void run.finally(() => runs.delete(run));
          }
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'running schedules failed'))
        .finally(() => {
          round = null;
        });
    };
    // finished runs older than the retention go, every ten minutes
    const retentionDays = config.retentionDays ?? DEFAULT_LOG_RETENTION_DAYS;
    let pruning: Promise<void> | null = null;
    const prune = (): void => {
      if (pruning || closing || retentionDays <= 0) return;
      pruning = pruneRuns(app.dataSources.primary.knex, retentionDays, new Date(), () => closing)
        .then((deleted) => {
          if (deleted > 0) app.log.info({ deleted }, 'old schedule runs deleted');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'deleting old schedule runs failed'))
        .finally(() => {
          pruning = null;
        });
    };
    const pruneTimer = setInterval(prune, 10 * 60_000);
    pruneTimer.unref();
    let timer: NodeJS.Timeout | undefined;
    // From when the server is ready (its SQL console among the rest); the first round a poll later.
    app.addHook('onReady', async () => {
      timer = setInterval(look, config.pollMs);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(timer);
      clearInterval(pruneTimer);
      await round;
      await pruning;
      await Promise.allSettled([...runs]);
    });
  },
  { name: 'schedule-runner', dependencies: ['db', 'webhook-delivery', 'extensions'] },
);
