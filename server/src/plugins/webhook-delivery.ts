import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { DEFAULT_LOG_RETENTION_DAYS, DEFAULT_WEBHOOKS, type WebhookConfig } from '../config';
import { deliverDue, type DeliverySettings } from '../services/webhooks/deliver-due';
import { pruneDeliveries } from '../services/webhooks/prune-deliveries';
import { onDeliveries } from '../services/webhooks/delivery-signal';
import { parseWebhookAllowList, type WebhookAllowList } from '../services/webhooks/webhook-allow-list';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where webhooks may go although private (`WEBHOOK_ALLOW_PRIVATE`). */
    webhookAllowList: WebhookAllowList;
  }
}

/** How often a server deletes the deliveries past their retention. */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * The webhooks' outbox, delivered from this server (services/webhooks/deliver-due.ts): a round every
 * `pollMs`, at once after this server committed deliveries, and straight after a full round while
 * there are more. Any number of servers run it on one database; each delivery is claimed by one.
 * Closing the server waits for the round under way.
 */
export default fp<{ webhooks?: WebhookConfig }>(
  async (app, options) => {
    const config = options.webhooks ?? DEFAULT_WEBHOOKS;
    app.decorate('webhookAllowList', parseWebhookAllowList(config.allowPrivate));
    if (config.pollMs <= 0) return;
    const primary = app.dataSources.primary.knex;
    const settings: DeliverySettings = {
      allow: app.webhookAllowList,
      timeoutMs: config.timeoutMs,
      retrySeconds: config.retrySeconds,
      retryBaseMs: config.retryBaseMs,
      instance: randomUUID(),
      batch: 32,
      concurrency: 8,
    };
    let running: Promise<void> | null = null;
    let again = false;
    let closing = false;
    const round = (): void => {
      if (closing) return;
      if (running) {
        again = true;
        return;
      }
      running = deliverDue(primary, settings)
        .then((claimed) => {
          if (claimed >= settings.batch) again = true;
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'delivering webhooks failed'))
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
    // done deliveries older than the retention go, every ten minutes (any server may: deleting
    // the same rows twice is harmless)
    const retentionDays = config.retentionDays ?? DEFAULT_LOG_RETENTION_DAYS;
    let pruning: Promise<void> | null = null;
    const prune = (): void => {
      if (pruning || closing || retentionDays <= 0) return;
      pruning = pruneDeliveries(primary, retentionDays, new Date(), () => closing)
        .then((deleted) => {
          if (deleted > 0) app.log.info({ deleted }, 'old webhook deliveries deleted');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'deleting old webhook deliveries failed'))
        .finally(() => {
          pruning = null;
        });
    };
    const pruneTimer = setInterval(prune, PRUNE_EVERY_MS);
    pruneTimer.unref();
    const stop = onDeliveries(primary, round);
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
  { name: 'webhook-delivery', dependencies: ['db'] },
);
