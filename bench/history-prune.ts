/**
 * Pruning record history while writers work: BENCH_PRUNE_REVISIONS old revisions (default
 * 1,000,000, 40 days old, of one table set to keep 30 days, 10 per record) are pruned by one
 * round (`pruneHistoryRound`, as the background plugin runs it) while a writer loop updates
 * single records of the same table through the business API (each update writes a revision of
 * its own). Reports the prune's total time and batches, and the writers' p50 / p99 / max latency
 * during the prune beside the same loop without one. Target: no write waits more than 100 ms.
 *
 *   BENCH_PRUNE_REVISIONS  old revisions planted (default 1,000,000)
 *   BENCH_PRUNE_BATCH      revisions per DELETE (default the prune's own, 1000)
 *   BENCH_PRUNE_PAUSE_MS   pause after each DELETE (default the prune's own, 10)
 *
 * SQLite always; PostgreSQL with PG_URL, MySQL / MariaDB with MYSQL_URL (a database of the
 * benchmarks' own on that server, made afresh and dropped after).
 *
 *   tsx bench/history-prune.ts
 */
import { buildApp } from '../server/src/app';
import { injectedCalls } from './injected-calls';
import { SHARED_STATE } from '../server/src/db/table-names';
import type { PruneOptions } from '../server/src/services/history/prune-history';
import { pruneHistoryRound } from '../server/src/services/history/prune-history-round';
import { envInteger, ms } from './bench-stats';
import { benchTargets, type BenchTarget } from './bench-target';
import { fillRevisions } from './revision-fill';

const DAY = 24 * 3600 * 1000;
const WRITE_RECORDS = 100;
/** The targets' seed key: one of its own (no seeded benchmark has 1 row), so that it may run beside the others. */
const TARGET_KEY = 1;

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

const figures = (times: readonly number[]) =>
  `p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, max ${ms(Math.max(...times))}, ` +
  `${times.filter((time) => time > 100).length} over 100 ms (${times.length} updates)`;

const measure = async (target: BenchTarget, count: number, options: PruneOptions): Promise<void> => {
  await target.reset();
  const app = await buildApp(
    { ...target.config, historyPruneIntervalSeconds: 0 },
    { webRoot: '/nonexistent-web-root' },
  );
  try {
    const call = await injectedCalls(app);
    await call('POST', '/api/metadata/tables', {
      name: 'benchPrune',
      historyMode: 'days',
      historyKeep: 30,
      columns: [
        { name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true, nullable: false },
        { name: 'amount', dataType: 'INT' },
        { name: 'lastModifiedDate', dataType: 'DATETIME' },
      ],
    });
    for (let i = 1; i <= WRITE_RECORDS; i++) await call('POST', '/api/business/benchPrune', { amount: i });

    const knex = app.dataSources.primary.knex;
    const started = performance.now();
    await fillRevisions(knex, target.client, {
      count,
      tables: 1,
      perRecord: 10,
      prefix: 'benchPrune',
      startAt: Date.now() - 40 * DAY,
    });
    console.log(
      `history-prune ${target.client}: ${count.toLocaleString('en')} old revisions written in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    let n = 0;
    const writeLoop = async (until: () => boolean): Promise<number[]> => {
      const times: number[] = [];
      while (!until()) {
        const at = performance.now();
        await call('PATCH', `/api/business/benchPrune/${(n % WRITE_RECORDS) + 1}`, { amount: ++n * 7 });
        times.push(performance.now() - at);
      }
      return times;
    };
    // The writers alone first (3 s), then during the prune.
    await writeLoop(
      (
        (end) => () =>
          performance.now() > end
      )(performance.now() + 500),
    );
    const alone = await writeLoop(
      (
        (end) => () =>
          performance.now() > end
      )(performance.now() + 3000),
    );
    let done = false;
    const pruneStart = performance.now();
    const pruning = pruneHistoryRound(app.dataSources.primary, options).finally(() => {
      done = true;
    });
    const during = await writeLoop(() => done);
    const report = await pruning;
    const pruneSeconds = (performance.now() - pruneStart) / 1000;
    const left = await knex(SHARED_STATE.revision)
      .where('tableName', 'benchPrune')
      .where('at', '<', Date.now() - 30 * DAY)
      .count({ count: '*' })
      .first();
    console.log(
      `history-prune ${target.client}: deleted ${report?.deleted.toLocaleString('en')} in ${pruneSeconds.toFixed(1)} s (${report?.batches} batches, ${Math.round((report?.deleted ?? 0) / pruneSeconds).toLocaleString('en')} revisions/s), ${Number(left?.count)} old ones left`,
    );
    console.log(`history-prune ${target.client} writers alone:        ${figures(alone)}`);
    console.log(`history-prune ${target.client} writers during prune: ${figures(during)}`);
  } finally {
    await app.close();
    await target.reset();
  }
};

export const runHistoryPrune = async (): Promise<void> => {
  const count = envInteger('BENCH_PRUNE_REVISIONS', 1_000_000);
  const options: PruneOptions = {
    ...(process.env.BENCH_PRUNE_BATCH ? { batchSize: envInteger('BENCH_PRUNE_BATCH', 1000) } : {}),
    ...(process.env.BENCH_PRUNE_PAUSE_MS ? { pauseMs: envInteger('BENCH_PRUNE_PAUSE_MS', 10) } : {}),
  };
  for (const target of benchTargets(TARGET_KEY)) await measure(target, count, options);
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runHistoryPrune();
}
