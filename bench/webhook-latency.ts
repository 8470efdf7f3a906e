/**
 * How long a committed change waits for its webhook: `BENCH_WEBHOOK_EVENTS` creates (default
 * 2,000) started at `BENCH_WEBHOOK_RATE` per second (default 100) through the business API of a
 * server in this process (Fastify's inject), a webhook on the table sending each to a receiver in
 * this process; for each record, the time from its create's answer (the commit) to the receiver
 * getting its event. p50, p95 and max, and the rate the receiver saw. The server's delivery loop
 * runs as configured by default (a round every second, and at once after a write queued deliveries).
 *
 * SQLite always; PostgreSQL with PG_URL, MySQL / MariaDB with MYSQL_URL; `BENCH_CLIENTS` picks.
 *
 *   tsx bench/webhook-latency.ts
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/src/app';
import { DEFAULT_WEBHOOKS } from '../server/src/config';
import { envInteger, ms } from './bench-stats';
import { benchTargets, type BenchTarget } from './bench-target';
import { injectedCalls } from './injected-calls';

const TABLE = 'benchHooked';

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? Number.NaN;

const measure = async (target: BenchTarget, events: number, rate: number): Promise<void> => {
  const arrived = new Map<number, number>();
  const receiver = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const key = Number((JSON.parse(raw) as { key: { id: unknown } }).key.id);
      if (!arrived.has(key)) arrived.set(key, performance.now());
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/hook`;
  await target.reset();
  const app = await buildApp(
    { ...target.config, webhooks: { ...DEFAULT_WEBHOOKS, allowPrivate: '127.0.0.1' } },
    { webRoot: '/nonexistent-web-root' },
  );
  try {
    const call = await injectedCalls(app);
    await call('POST', '/api/metadata/tables', {
      name: TABLE,
      columns: [
        { name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true, nullable: false },
        { name: 'name', dataType: 'VARCHAR', length: 100 },
        { name: 'amount', dataType: 'INT' },
      ],
    });
    await call('POST', '/api/business/webhook', {
      name: 'bench',
      tables: TABLE,
      actions: 'create',
      url,
      secret: 'bench-secret',
    });
    const committed = new Map<number, number>();
    const interval = 1000 / rate;
    const started = performance.now();
    const writes: Promise<void>[] = [];
    for (let i = 0; i < events; i += 1) {
      const due = started + i * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      writes.push(
        call('POST', `/api/business/${TABLE}`, { name: `e${String(i)}`, amount: i }).then((answer) => {
          committed.set(Number(answer.body), performance.now());
        }),
      );
    }
    await Promise.all(writes);
    const wrote = performance.now() - started;
    const limit = performance.now() + 60_000;
    while (arrived.size < events && performance.now() < limit)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const latencies = [...committed]
      .map(([key, at]) => (arrived.get(key) ?? Number.POSITIVE_INFINITY) - at)
      .sort((a, b) => a - b);
    const lost = latencies.filter((latency) => !Number.isFinite(latency)).length;
    const first = Math.min(...arrived.values());
    const last = Math.max(...arrived.values());
    console.log(
      `webhook-latency ${target.client}: ${String(events)} creates in ${ms(wrote)} (${(events / (wrote / 1000)).toFixed(0)}/s), ` +
        `commit to delivery p50 ${ms(percentile(latencies, 0.5))}, p95 ${ms(percentile(latencies, 0.95))}, max ${ms(latencies.at(-lost - 1) ?? Number.NaN)}; ` +
        `received ${String(arrived.size)} (${(arrived.size / ((last - first) / 1000)).toFixed(0)}/s)${lost > 0 ? `, ${String(lost)} never arrived` : ''}`,
    );
  } finally {
    await app.close();
    await target.reset();
    await new Promise<void>((done) => receiver.close(() => done()));
  }
};

export const runWebhookLatency = async (): Promise<void> => {
  const events = envInteger('BENCH_WEBHOOK_EVENTS', 2000);
  const rate = envInteger('BENCH_WEBHOOK_RATE', 100);
  for (const target of benchTargets(0)) await measure(target, events, rate);
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runWebhookLatency();
}
