import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { onDeliveries, type OutboxTopic } from '../services/webhooks/delivery-signal';

/** How often a server deletes the rows past their retention. */
const PRUNE_EVERY_MS = 10 * 60_000;

/** One outbox worked by this server: what a round does, and what pruning does. */
export interface OutboxLoop {
  primary: Knex;
  /** The rows committed on this server that wake it (`signalDeliveries(primary, topic)`). */
  topic: OutboxTopic;
  pollMs: number;
  /** One round: claims, works and answers how many rows it claimed. */
  round(): Promise<number>;
  /** Rows claimed per round: a full round is followed by another at once. */
  batch: number;
  /** Deletes rows past their retention (every ten minutes; none when `retentionDays` is 0). */
  prune(stopped: () => boolean): Promise<number>;
  retentionDays: number;
  /** For the log: what the rounds work on (`webhook deliveries`, `flow runs`). */
  what: string;
}

/**
 * Works an outbox from this server: a round every `pollMs`, at once after this server committed
 * rows to it, and straight after a full round while there are more; only one round at a time.
 * Pruning every ten minutes (any server may: deleting the same rows twice is harmless). Closing
 * the server waits for the round and the pruning under way.
 */
export const runOutboxLoop = (app: FastifyInstance, loop: OutboxLoop): void => {
  let running: Promise<void> | null = null;
  let again = false;
  let closing = false;
  const round = (): void => {
    if (closing) return;
    if (running) {
      again = true;
      return;
    }
    running = loop
      .round()
      .then((claimed) => {
        if (claimed >= loop.batch) again = true;
      })
      .catch((error: unknown) => app.log.error({ err: error }, `working ${loop.what} failed`))
      .finally(() => {
        running = null;
        if (again && !closing) {
          again = false;
          setImmediate(round);
        }
      });
  };
  const timer = setInterval(round, loop.pollMs);
  timer.unref();
  let pruning: Promise<void> | null = null;
  const prune = (): void => {
    if (pruning || closing || loop.retentionDays <= 0) return;
    pruning = loop
      .prune(() => closing)
      .then((deleted) => {
        if (deleted > 0) app.log.info({ deleted }, `old ${loop.what} deleted`);
      })
      .catch((error: unknown) => app.log.error({ err: error }, `deleting old ${loop.what} failed`))
      .finally(() => {
        pruning = null;
      });
  };
  const pruneTimer = setInterval(prune, PRUNE_EVERY_MS);
  pruneTimer.unref();
  const stop = onDeliveries(loop.primary, round, loop.topic);
  app.addHook('onReady', async () => round());
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    clearInterval(pruneTimer);
    stop();
    await running;
    await pruning;
  });
};
