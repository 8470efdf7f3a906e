import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { DEFAULT_LOG_RETENTION_DAYS, DEFAULT_WEBHOOKS, type WebhookConfig } from '../config';
import { deliverDue, type DeliverySettings } from '../services/webhooks/deliver-due';
import { pruneDeliveries } from '../services/webhooks/prune-deliveries';
import { parseWebhookAllowList, type WebhookAllowList } from '../services/webhooks/webhook-allow-list';
import { runOutboxLoop } from './outbox-loop';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where webhooks may go although private (`WEBHOOK_ALLOW_PRIVATE`). */
    webhookAllowList: WebhookAllowList;
  }
}

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
    const retentionDays = config.retentionDays ?? DEFAULT_LOG_RETENTION_DAYS;
    runOutboxLoop(app, {
      primary,
      topic: 'deliveries',
      pollMs: config.pollMs,
      round: () => deliverDue(primary, settings),
      batch: settings.batch,
      prune: (stopped) => pruneDeliveries(primary, retentionDays, new Date(), stopped),
      retentionDays,
      what: 'webhook deliveries',
    });
  },
  { name: 'webhook-delivery', dependencies: ['db'] },
);
