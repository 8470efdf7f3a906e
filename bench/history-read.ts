/**
 * Reading one record's history out of a large `cb_revision`: p50 / p95 of the history page query
 * (`read-history.ts`: the record's revisions newest first, a page of 50), of its count and of the
 * look for create batches holding the record (batch-revisions.ts), over
 * random records, once the table holds BENCH_HISTORY_REVISIONS revisions (default 10,000,000,
 * written by the database itself: 200 tables, 10 revisions per record, a record's revisions far
 * apart in id order). Target: p95 ≤ 50 ms.
 *
 *   BENCH_HISTORY_REVISIONS  revisions planted (default 10,000,000)
 *   BENCH_HISTORY_READS      records read (default 300)
 *
 * SQLite always; PostgreSQL with PG_URL, MySQL / MariaDB with MYSQL_URL (a database of the
 * benchmarks' own on that server, made afresh and dropped after).
 *
 *   tsx bench/history-read.ts
 */
import { buildApp } from '../server/src/app';
import { SHARED_STATE } from '../server/src/db/table-names';
import { batchesAround } from '../server/src/services/history/batch-revisions';
import { envInteger, ms } from './bench-stats';
import { benchTargets, type BenchTarget } from './bench-target';
import { fillRevisions, recordsPerTable, type RevisionSpread } from './revision-fill';

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** A small deterministic generator: the same records are read on every run. */
const random = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

const measure = async (target: BenchTarget, count: number, reads: number): Promise<void> => {
  await target.reset();
  const app = await buildApp(target.config, { webRoot: '/nonexistent-web-root' });
  try {
    const knex = app.dataSources.primary.knex;
    const spread: RevisionSpread = {
      count,
      tables: 200,
      perRecord: 10,
      prefix: 'bench',
      startAt: Date.now() - count,
    };
    const started = performance.now();
    await fillRevisions(knex, target.client, spread, (done) =>
      process.stdout.write(`\rhistory-read ${target.client}: ${done.toLocaleString('en')} revisions written`),
    );
    const fillSeconds = (performance.now() - started) / 1000;
    console.log(` in ${fillSeconds.toFixed(0)} s`);
    if (target.client === 'pg') await knex.raw(`ANALYZE "${SHARED_STATE.revision}"`);
    if (target.client === 'mysql') await knex.raw(`ANALYZE TABLE \`${SHARED_STATE.revision}\``);
    if (target.client === 'sqlite') await knex.raw('ANALYZE');

    const reader = app.dataSources.primary.reads;
    const next = random(42);
    const records = recordsPerTable(spread);
    const pick = () => ({
      tableName: `bench${Math.floor(next() * spread.tables)}`,
      recordKey: String(Math.floor(next() * records)),
    });
    // The queries of read-history.ts (revisionsOf): a page newest first, and the count.
    const ofRecord = (record: { tableName: string; recordKey: string }) =>
      reader(SHARED_STATE.revision)
        .where('dataSource', 'primary')
        .where('tableName', record.tableName)
        .where('recordKey', record.recordKey);
    const page = (record: { tableName: string; recordKey: string }) =>
      ofRecord(record)
        .orderBy('id', 'desc')
        .offset(0)
        .limit(50)
        .select('id', 'action', 'at', 'userId', 'userName', 'channel', 'requestId', 'changes');
    // …and, for a table whose keys are integers, the create batches whose key range holds it
    // (batch-revisions.ts): none here, so what it costs is the index lookup that finds none.
    const batches = (record: { tableName: string; recordKey: string }) =>
      batchesAround(reader, 'primary', record.tableName, [Number(record.recordKey)]).select('id', 'changes');
    const times = { page: [] as number[], count: [] as number[], batches: [] as number[] };
    for (let i = 0; i < reads + 30; i++) {
      const record = pick();
      let at = performance.now();
      const rows = await page(record);
      const pageMs = performance.now() - at;
      at = performance.now();
      await ofRecord(record).count({ count: '*' }).first();
      const countMs = performance.now() - at;
      at = performance.now();
      await batches(record);
      const batchesMs = performance.now() - at;
      if (rows.length !== spread.perRecord)
        throw new Error(`${record.tableName}/${record.recordKey}: ${rows.length} revisions`);
      // the first 30 warm the caches
      if (i < 30) continue;
      times.page.push(pageMs);
      times.count.push(countMs);
      times.batches.push(batchesMs);
    }
    for (const [label, values] of Object.entries(times)) {
      console.log(
        `history-read ${target.client} ${count.toLocaleString('en')} revisions, ${label}: p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, max ${ms(Math.max(...values))} (${values.length} records)`,
      );
    }
  } finally {
    await app.close();
    await target.reset();
  }
};

export const runHistoryRead = async (): Promise<void> => {
  const count = envInteger('BENCH_HISTORY_REVISIONS', 10_000_000);
  const reads = envInteger('BENCH_HISTORY_READS', 300);
  for (const target of benchTargets(0)) await measure(target, count, reads);
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runHistoryRead();
}
