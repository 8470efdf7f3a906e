/**
 * Lists read from read replicas: the same load on one crudboard server, first on a PostgreSQL
 * primary alone, then on the primary with two streaming replicas in its data source's `replicas`.
 * The database servers are throwaway ones the suite starts itself (`test-support/pg-standby.ts`,
 * the Debian package `postgresql`). The load is a filtered page that no index serves (a scan of
 * the table on the database), so that the database, not crudboard, is what a replica relieves.
 *
 *   BENCH_REPLICA_ROWS        rows of the table (default 300000)
 *   BENCH_LOAD_SECONDS        seconds per load run (default 20)
 *   BENCH_LOAD_CONNECTIONS    connections of the load generator (default 32)
 *
 * Every server (the primary, the replicas, crudboard, the load generator) shares this machine's
 * cores: on a machine of few cores the figure shows that reads reach the replicas and what that
 * costs, not the capacity that replicas on machines of their own add.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { pgServerInstalled, startPgPair, type PgNode, type PgPair } from '../test-support/pg-standby';
import type { DataSourceConfig } from '../server/src/config';
import { envInteger } from './bench-stats';
import { startBuiltServer } from './built-server';

const TABLE = 'ledger';
const LOAD_PATH = `/api/business/${TABLE}?offset=0&limit=10&note=absent`;

const source = (pair: PgPair, replicas: PgNode[]): DataSourceConfig => ({
  name: 'primary',
  caption: 'primary',
  client: 'pg',
  connection: pair.primary.url,
  database: 'postgres',
  ...(replicas.length > 0 ? { replicas: replicas.map((node) => node.url) } : {}),
});

/** Requests per second, p50 and p99 of the filtered page at full load. */
const load = async (url: string, cookie: string) => {
  const result = await autocannon({
    url: `${url}${LOAD_PATH}`,
    connections: envInteger('BENCH_LOAD_CONNECTIONS', 32),
    duration: envInteger('BENCH_LOAD_SECONDS', 20),
    headers: { cookie },
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
};

/** Statements the replicas have run (their transactions), to show the reads went there. */
const replicaTransactions = async (pair: PgPair, replicas: PgNode[]): Promise<number> => {
  let total = 0;
  for (const node of replicas)
    total += Number(
      await pair.psql(node, "select xact_commit from pg_stat_database where datname = 'postgres'"),
    );
  return total;
};

export const runReplicas = async (): Promise<void> => {
  if (!pgServerInstalled) {
    console.log('replicas: PostgreSQL server binaries are not installed (Debian package postgresql)');
    return;
  }
  const rows = envInteger('BENCH_REPLICA_ROWS', 300_000);
  const pair = await startPgPair({ synchronous: false, moreStandbys: 1 });
  const replicas = [pair.standby, ...pair.others];
  const dataDir = mkdtempSync(join(tmpdir(), 'crudboard-bench-replicas-'));
  try {
    // The table, made by crudboard, filled on the primary by the database itself.
    const maker = await startBuiltServer(dataDir, [source(pair, [])]);
    try {
      const made = await fetch(`${maker.url}/api/metadata/tables`, {
        method: 'POST',
        headers: { cookie: maker.cookie, origin: maker.url, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: TABLE,
          caption: TABLE,
          columns: [
            {
              name: 'id',
              caption: 'id',
              dataType: 'BIGINT',
              indexType: 'PRIMARY',
              autoIncrement: true,
              nullable: false,
            },
            { name: 'name', caption: 'name', dataType: 'VARCHAR', length: 200 },
            { name: 'note', caption: 'note', dataType: 'VARCHAR', length: 200 },
            { name: 'createdDate', caption: 'createdDate', dataType: 'DATETIME' },
            { name: 'lastModifiedDate', caption: 'lastModifiedDate', dataType: 'DATETIME' },
          ],
        }),
      });
      if (made.status !== 201) throw new Error(`the table was not made: ${made.status} ${await made.text()}`);
    } finally {
      await maker.close();
    }
    await pair.psql(
      pair.primary,
      `insert into ${TABLE} (name, note) select 'row ' || g, md5(g::text) from generate_series(1, ${rows}) g; analyze ${TABLE}`,
    );
    for (const node of replicas) {
      for (;;) {
        const count = Number(await pair.psql(node, `select count(*) from ${TABLE}`).catch(() => '0'));
        if (count === rows) break;
        await new Promise((done) => setTimeout(done, 500));
      }
    }
    const figures: Record<string, number> = {};
    for (const [what, list] of [
      ['the primary alone', []],
      [`the primary and ${replicas.length} replicas`, replicas],
    ] as const) {
      const server = await startBuiltServer(dataDir, [source(pair, [...list])]);
      try {
        // Warm the pools and caches; the replica set's first samples come in within 100 ms.
        for (let i = 0; i < 50; i += 1)
          await (
            await fetch(`${server.url}${LOAD_PATH}`, { headers: { cookie: server.cookie } })
          ).arrayBuffer();
        const before = await replicaTransactions(pair, replicas);
        const measured = await load(server.url, server.cookie);
        const onReplicas = (await replicaTransactions(pair, replicas)) - before;
        figures[what] = measured.requestsPerSecond;
        console.log(
          `[pg] ${rows} rows, filtered page with no index, ${what}: ${measured.requestsPerSecond} req/s | ` +
            `p50 ${measured.p50} ms | p99 ${measured.p99} ms | errors ${measured.errors} | ` +
            `transactions on the replicas ${onReplicas}`,
        );
      } finally {
        await server.close();
      }
    }
    const [alone = 0, withReplicas = 0] = Object.values(figures);
    console.log(
      `[pg] throughput with replicas / alone: ${(withReplicas / Math.max(1, alone)).toFixed(2)}× (target 1.8×)`,
    );
  } finally {
    await pair.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runReplicas();
}
