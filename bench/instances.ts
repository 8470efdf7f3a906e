/**
 * The first page of the list benchmark's 1,000,000-row table under load, served by one server and
 * then by several servers on the same PostgreSQL or MySQL database behind a round-robin balancer
 * (the balancer of the multi-instance tests, `http-proxy`), as a deployment with several instances
 * runs. Prints requests per second, latency, errors and how the requests spread over the servers.
 * PostgreSQL / MySQL only (PG_URL / MYSQL_URL): a SQLite file belongs to one server.
 *
 *   BENCH_ROWS                 rows of the table (default 1000000; the list suite's seed is reused)
 *   BENCH_INSTANCES            servers behind the balancer (default 3)
 *   BENCH_LOAD_SECONDS         seconds per load run (default 20)
 *   BENCH_LOAD_CONNECTIONS     connections of the load generator (default 32)
 *   BENCH_DATABASES            comma list among pg,mysql (default: all configured)
 *
 * On one machine the servers, the balancer (one Node process) and the load generator share its
 * cores: the figure says what a deployment adds (a hop, a spread), not what more machines give.
 */
import autocannon from 'autocannon';
import { startRoundRobinProxy } from '../server/test/helpers/round-robin-proxy';
import { envInteger } from './bench-stats';
import { benchTargets, type BenchTarget } from './bench-target';
import { startBuiltServer, type BuiltServer } from './built-server';
import { seedTarget } from './seed-bench';
import { ORDER_API } from './seed-schema';

const FIRST_PAGE = `/api/business/${ORDER_API}?offset=0&limit=10&isDeleted=false`;

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
}

const load = async (url: string, cookie: string): Promise<Load> => {
  const result = await autocannon({
    url: `${url}${FIRST_PAGE}`,
    connections: envInteger('BENCH_LOAD_CONNECTIONS', 32),
    duration: envInteger('BENCH_LOAD_SECONDS', 20),
    headers: { cookie },
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
};

const line = (client: string, what: string, measured: Load, extra = '') =>
  console.log(
    `[${client}] load first page, ${what}: ${measured.requestsPerSecond} req/s | p50 ${measured.p50} ms` +
      ` | p99 ${measured.p99} ms | errors ${measured.errors} (target 0)${extra}`,
  );

const runTarget = async (target: BenchTarget, rows: number): Promise<void> => {
  await seedTarget(target, rows, (text) => console.error(text));
  const count = envInteger('BENCH_INSTANCES', 3);
  const servers: BuiltServer[] = [];
  try {
    // One after the other: the first runs the migrations, the others find them done.
    for (let i = 0; i < count; i += 1)
      servers.push(await startBuiltServer(target.config.dataDir, target.config.dataSources));
    const [first] = servers;
    if (!first) throw new Error('no server started');
    // Warm every server (pools, caches, the JIT) before anything is timed.
    for (const server of servers) {
      for (let i = 0; i < 200; i += 1) {
        const response = await fetch(`${server.url}${FIRST_PAGE}`, { headers: { cookie: server.cookie } });
        await response.arrayBuffer();
      }
    }
    line(target.client, '1 server, direct', await load(first.url, first.cookie));
    const proxy = await startRoundRobinProxy(
      servers.map((server) => server.url),
      { keepAlive: true },
    );
    try {
      // A session made on one server is known to every other one (sessions live in primary).
      const measured = await load(proxy.url, first.cookie);
      const shares = [...proxy.answered.values()].map(
        (n) => `${Math.round((100 * n) / Math.max(1, measured.total))}%`,
      );
      line(
        target.client,
        `${count} servers behind a round-robin balancer`,
        measured,
        ` | spread ${shares.join(' / ')}`,
      );
      const memory = servers.map((server) => `${Math.round(server.memory().peakMb)} MB`);
      console.log(`[${target.client}] peak memory of each server: ${memory.join(', ')}`);
    } finally {
      await proxy.close();
    }
  } finally {
    await Promise.all(servers.map((server) => server.close()));
  }
};

export const runInstances = async (): Promise<void> => {
  const rows = envInteger('BENCH_ROWS', 1_000_000);
  const wanted = process.env.BENCH_DATABASES?.split(',').map((name) => name.trim());
  const targets = benchTargets(rows).filter(
    (target) => target.client !== 'sqlite' && (!wanted || wanted.includes(target.client)),
  );
  if (targets.length === 0) {
    console.log('instances: set PG_URL and/or MYSQL_URL (several servers need a shared database server)');
    return;
  }
  for (const target of targets) await runTarget(target, rows);
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runInstances();
}
