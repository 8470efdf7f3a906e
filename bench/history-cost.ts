/**
 * What record history costs a single-record write: p50 of a create and of an update
 * (one changed column) through the business API, twice: in this process (Fastify's inject, no
 * network: the server's own time) and over HTTP on 127.0.0.1 (what a client waits for), each
 * with history recorded as it is, and with the recording switched off in this process only
 * (the revision log's `add` made a no-op), on the same table of a fresh database: after a
 * warm-up round, four rounds of each in turn (so neither side pays for the warm-up or for the
 * table growing).
 *
 *   BENCH_HISTORY_RUNS  timed writes per figure (default 2000)
 *
 * SQLite always; PostgreSQL with PG_URL, MySQL / MariaDB with MYSQL_URL (a database of the
 * benchmarks' own on that server, made afresh).
 *
 *   tsx bench/history-cost.ts
 */
import { buildApp } from '../server/src/app';
import { injectedCalls } from './injected-calls';
import { httpCalls } from './http-calls';
import { RevisionLog } from '../server/src/services/history/revision-log';
import { envInteger, median, ms, timeRuns } from './bench-stats';
import { benchTargets, type BenchTarget } from './bench-target';

const percentile50 = (times: readonly number[]) => median(times);

type Transport = 'in-process' | 'http';

const measure = async (target: BenchTarget, runs: number, transport: Transport): Promise<void> => {
  // a fresh database each time (the seeded benchmarks' marker is dropped with it)
  await target.reset();
  const app = await buildApp(target.config, { webRoot: '/nonexistent-web-root' });
  try {
    const call = transport === 'http' ? await httpCalls(app) : await injectedCalls(app);
    await call('POST', '/api/metadata/tables', {
      name: 'benchHistory',
      columns: [
        { name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true, nullable: false },
        { name: 'name', dataType: 'VARCHAR', length: 100 },
        { name: 'amount', dataType: 'INT' },
        { name: 'note', dataType: 'VARCHAR', length: 200 },
        { name: 'lastModifiedDate', dataType: 'DATETIME' },
      ],
    });
    let n = 0;
    const create = () =>
      call('POST', '/api/business/benchHistory', { name: `row ${++n}`, amount: n, note: '物流' });
    const update = () => call('PATCH', '/api/business/benchHistory/1', { amount: ++n });
    await create();
    const add = RevisionLog.prototype.add;
    const recording = (on: boolean) => {
      RevisionLog.prototype.add = on ? add : () => undefined;
    };
    // A warm-up round first (the JIT and the statement caches would otherwise count against
    // whichever figure runs first), then rounds with and without history in turn.
    await timeRuns(runs, 200, create);
    await timeRuns(runs, 200, update);
    const times = {
      on: { create: [] as number[], update: [] as number[] },
      off: { create: [] as number[], update: [] as number[] },
    };
    for (let round = 0; round < 4; round += 1) {
      for (const on of round % 2 === 0 ? [true, false] : [false, true]) {
        recording(on);
        const into = on ? times.on : times.off;
        into.create.push(...(await timeRuns(Math.ceil(runs / 2), 50, create)));
        into.update.push(...(await timeRuns(Math.ceil(runs / 2), 50, update)));
      }
    }
    recording(true);
    for (const [label, figure] of [
      ['with history   ', times.on],
      ['without history', times.off],
    ] as const) {
      console.log(
        `history-cost ${target.client} ${transport} ${label}: create p50 ${ms(percentile50(figure.create))}, update p50 ${ms(percentile50(figure.update))}`,
      );
    }
    const extra = (kind: 'create' | 'update') =>
      `${Math.round((percentile50(times.on[kind]) / percentile50(times.off[kind]) - 1) * 100)} %`;
    console.log(
      `history-cost ${target.client} ${transport} overhead: create ${extra('create')}, update ${extra('update')}`,
    );
  } finally {
    await app.close();
    await target.reset();
  }
};

export const runHistoryCost = async (): Promise<void> => {
  const runs = envInteger('BENCH_HISTORY_RUNS', 2000);
  for (const target of benchTargets(0)) {
    for (const transport of ['in-process', 'http'] as const) await measure(target, runs, transport);
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runHistoryCost();
}
