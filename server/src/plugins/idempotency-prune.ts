import fp from 'fastify-plugin';
import { removeExpiredAnswers } from '../services/idempotency/idempotency-store';

export interface IdempotencyPruneOptions {
  /** Milliseconds between prunes (default: 10 minutes). */
  intervalMs?: number;
}

const TEN_MINUTES = 10 * 60_000;

/**
 * Deletes the stored answers of idempotency keys past their 24 hours (services/idempotency/), every
 * 10 minutes, in batches. A key past its time is no longer replayed even before it is deleted. A
 * prune still running when the next is due lets it pass; closing the server stops it between
 * batches and waits for it.
 */
export default fp<IdempotencyPruneOptions>(
  async (app, { intervalMs = TEN_MINUTES }) => {
    const primary = app.dataSources.primary.knex;
    let running: Promise<void> | null = null;
    let closing = false;
    const prune = () => {
      if (running || closing) return;
      running = removeExpiredAnswers(primary, Date.now(), () => closing)
        .then(() => undefined)
        .catch((error: unknown) => app.log.warn({ err: error }, 'removing expired idempotency keys failed'))
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(prune, intervalMs);
    timer.unref();
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
      await running;
    });
  },
  { name: 'idempotency-prune', dependencies: ['db'] },
);
