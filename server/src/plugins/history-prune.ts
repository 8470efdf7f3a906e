import fp from 'fastify-plugin';
import { pruneHistoryRound } from '../services/history/prune-history-round';

export interface HistoryPruneOptions {
  /** Seconds between prune rounds (HISTORY_PRUNE_INTERVAL_SECONDS); 0: never. */
  intervalSeconds: number;
}

/**
 * Record history pruning in the background (services/history/prune-history.ts): every
 * `intervalSeconds`, a round deletes the revisions the tables' history settings no longer keep,
 * on one server at a time (the others skip their round while it holds the lock). A round still
 * running when the next is due lets it pass; closing the server stops a round between batches
 * and waits for it.
 */
export default fp<HistoryPruneOptions>(
  async (app, { intervalSeconds }) => {
    if (intervalSeconds <= 0) return;
    const primary = app.dataSources.primary;
    let running: Promise<void> | null = null;
    let closing = false;
    const round = () => {
      if (running || closing) return;
      running = pruneHistoryRound(primary, { stopped: () => closing })
        .then((report) => {
          if (report && report.deleted > 0) app.log.info({ historyPrune: report }, 'record history pruned');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'pruning record history failed'))
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(round, intervalSeconds * 1000);
    timer.unref();
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
      await running;
    });
  },
  { name: 'history-prune', dependencies: ['db'] },
);
