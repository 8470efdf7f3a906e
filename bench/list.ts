/**
 * Listing, counting and searching a 1,000,000-row table through the business API, over real
 * sockets with a signed-in session, each figure beside the same SQL run directly through the driver;
 * then a load test of the first page. The measured server is the one `npm start` runs (the bundle
 * on plain Node, in a process of its own); the SQL each figure sends is captured beforehand from an
 * app in this process on the same database. SQLite always; PostgreSQL / MySQL when PG_URL /
 * MYSQL_URL are set. Seeded databases are cached under bench/.data/ (SQLite) or as cb_bench_*
 * databases.
 *
 *   BENCH_ROWS       rows of the measured table (default 1000000)
 *   BENCH_RUNS       timed runs per figure (default 50, at least 30 recommended; a figure whose
 *                    run takes over 200 ms, a scan, gets 7)
 *   BENCH_WARMUP     untimed rounds of every figure before the first is timed, and untimed runs
 *                    of each figure just before it is (default 30): the fresh server process
 *                    warms up as a server that has been running has
 *   BENCH_LOAD_SECONDS, BENCH_LOAD_CONNECTIONS   load test (default 20 s, 32 connections)
 *   BENCH_DATABASES  comma list among sqlite,pg,mysql (default: all configured)
 *   BENCH_FIGURES    texts separated by `|`: only the figures and loads whose label holds one of
 *                    them (e.g. `list view, search` for the list view's keyword figures)
 *   BENCH_EXPLAIN=1  also print the SQL and the plan of every figure
 *
 *   tsx bench/list.ts
 */
import autocannon, { type Result } from 'autocannon';
import { median, envInteger, ms, percentile, timeRuns } from './bench-stats';
import { startBenchServer } from './bench-server';
import { benchTargets, type BenchTarget } from './bench-target';
import { startBuiltServer } from './built-server';
import { seedTarget } from './seed-bench';
import { CUSTOMER_TABLE, ORDER_API, ORDER_TABLE } from './seed-schema';
import { SEARCH_TERMS } from './seed-rows';
import { captureSql, openReplayer, type CapturedSql, type SqlReplayer } from './sql-replay';

type Target =
  { kind: 'ms'; max: number } | { kind: 'driverRatio'; max: number } | { kind: 'driverPlus'; maxMs: number };

interface Figure {
  label: string;
  /** Requests of one run, sent together as the list page sends them. */
  paths: string[];
  target: Target;
}

/** A server to send requests to: its address and a signed-in session cookie. */
interface Endpoint {
  url: string;
  cookie: string;
}

/** A figure's statements, captured from the in-process app. */
interface Captured {
  figure: Figure;
  /** Statements on the benchmark tables, replayed through the driver. */
  dataSql: CapturedSql[];
  /** Other statements per run: sessions, users, metadata. */
  otherSql: CapturedSql[];
}

interface Measured {
  figure: Figure;
  p50: number;
  p95: number;
  driverP50: number;
  /** Statements on the benchmark tables, replayed through the driver. */
  dataSql: CapturedSql[];
  /** Other statements per run: sessions, users, metadata. */
  otherSql: CapturedSql[];
  count: string;
  met: boolean;
}

const LIST = `/api/business/${ORDER_API}`;
/** A figure whose first run takes longer than this is timed `SLOW_RUNS` times after one warm-up run. */
const SLOW_RUN_MS = 200;
const SLOW_RUNS = 7;
const page = (query: string) => `${LIST}?offset=0&limit=10${query ? `&${query}` : ''}`;
const count = (query: string) => `${LIST}/count${query ? `?${query}` : ''}`;
const withCount = (query: string) => [page(query), count(query)];
/** What the list screen sends: the page and its total in one request. */
const listView = (query: string) => [page(`${query ? `${query}&` : ''}withTotal=true`)];
const search = (term: string) => `search=${encodeURIComponent(term)}`;

const figuresFor = (rows: number): Figure[] => {
  const offset = Math.min(500_000, Math.floor(rows / 2));
  return [
    { label: 'first page + count', paths: withCount(''), target: { kind: 'ms', max: 3 } },
    // The list screen's own request (page and total together), against the driver's page + count.
    {
      label: 'list view (page with total)',
      paths: listView('isDeleted=false'),
      target: { kind: 'driverPlus', maxMs: 1 },
    },
    ...[SEARCH_TERMS.zh2, SEARCH_TERMS.zh3, SEARCH_TERMS.en, SEARCH_TERMS.name].map((term): Figure => ({
      label: `list view, search "${term}"`,
      paths: listView(`${search(term)}&isDeleted=false`),
      target: { kind: 'driverPlus', maxMs: 1 },
    })),
    {
      label: 'isDeleted=false page + count',
      paths: withCount('isDeleted=false'),
      target: { kind: 'ms', max: 10 },
    },
    {
      label: `search "${SEARCH_TERMS.zh2}" (2 chars) + count`,
      paths: withCount(search(SEARCH_TERMS.zh2)),
      target: { kind: 'ms', max: 20 },
    },
    {
      label: `search "${SEARCH_TERMS.zh3}" (3 chars) + count`,
      paths: withCount(search(SEARCH_TERMS.zh3)),
      target: { kind: 'ms', max: 20 },
    },
    {
      label: `search "${SEARCH_TERMS.name}" (a rare name) + count`,
      paths: withCount(search(SEARCH_TERMS.name)),
      target: { kind: 'ms', max: 20 },
    },
    {
      label: `search "${SEARCH_TERMS.en}" + count`,
      paths: withCount(search(SEARCH_TERMS.en)),
      target: { kind: 'ms', max: 20 },
    },
    // What the list screen sends when a user searches: the keyword beside its isDeleted=false.
    ...[SEARCH_TERMS.zh2, SEARCH_TERMS.zh3, SEARCH_TERMS.en].map((term): Figure => ({
      label: `search "${term}" + isDeleted=false + count`,
      paths: withCount(`${search(term)}&isDeleted=false`),
      target: { kind: 'ms', max: 20 },
    })),
    {
      label: 'range quantity 1000..1099 + count',
      paths: withCount(`quantity=${encodeURIComponent('BETWEEN 1000,1099')}`),
      target: { kind: 'ms', max: 10 },
    },
    {
      label: `page at offset ${offset}`,
      paths: [`${LIST}?offset=${offset}&limit=10`],
      target: { kind: 'driverRatio', max: 1.5 },
    },
  ];
};

const touchesBenchTables = (statement: CapturedSql) =>
  statement.sql.includes(ORDER_TABLE) || statement.sql.includes(CUSTOMER_TABLE);

/** Sends the run's requests together; returns the body of the last (the count when there is one). */
const runFigure = async (server: Endpoint, figure: Figure): Promise<string> => {
  const bodies = await Promise.all(
    figure.paths.map(async (path) => {
      const response = await fetch(`${server.url}${path}`, { headers: { cookie: server.cookie } });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${body.slice(0, 300)}`);
      return body;
    }),
  );
  return bodies.at(-1) ?? '';
};

/**
 * The statements of one run of each figure, as a warm server sends them: each figure runs once
 * untimed first, so that caches of metadata and sessions are filled.
 */
const captureFigures = async (target: BenchTarget, figures: readonly Figure[]): Promise<Captured[]> => {
  const server = await startBenchServer(target.config);
  try {
    const knex = server.app.dataSources.primary.knex;
    const captured: Captured[] = [];
    for (const figure of figures) {
      await runFigure(server, figure);
      const statements = await captureSql(knex, () => runFigure(server, figure));
      captured.push({
        figure,
        dataSql: statements.filter(touchesBenchTables),
        otherSql: statements.filter((statement) => !touchesBenchTables(statement)),
      });
    }
    return captured;
  } finally {
    await server.close();
  }
};

const measure = async (
  server: Endpoint,
  replayer: SqlReplayer,
  { figure, dataSql, otherSql }: Captured,
  runs: number,
  warmup: number,
): Promise<Measured> => {
  const started = performance.now();
  const body = await runFigure(server, figure);
  // A slow figure (a scan of the table) gets fewer runs: still the median of several.
  const slow = performance.now() - started > SLOW_RUN_MS;
  const [timed, untimed] = slow ? [Math.min(runs, SLOW_RUNS), Math.min(warmup, 1)] : [runs, warmup];
  const times = await timeRuns(timed, untimed, () => runFigure(server, figure));
  const p50 = median(times);
  const driverP50 = median(await timeRuns(timed, untimed, () => replayer.run(dataSql)));
  const met =
    figure.target.kind === 'ms'
      ? p50 <= figure.target.max
      : figure.target.kind === 'driverRatio'
        ? p50 <= figure.target.max * driverP50
        : p50 <= driverP50 + figure.target.maxMs;
  return {
    figure,
    p50,
    p95: percentile(times, 0.95),
    driverP50,
    dataSql,
    otherSql,
    count: figure.paths.length > 1 ? body : resultOf(body),
    met,
  };
};

/** A list's body as a result: its rows, and its total when it has one. */
const resultOf = (body: string): string => {
  const parsed = JSON.parse(body) as unknown[] | { data: unknown[]; total: number; totalExact: boolean };
  return Array.isArray(parsed)
    ? `${parsed.length} rows`
    : `${parsed.data.length} rows of ${parsed.total}${parsed.totalExact ? '' : '+'}`;
};

const targetText = (target: Target) =>
  target.kind === 'ms'
    ? `target <= ${target.max} ms`
    : target.kind === 'driverRatio'
      ? `target <= ${target.max}x driver`
      : `target <= driver + ${target.maxMs} ms`;

const line = (client: string, m: Measured) =>
  `[${client}] ${m.figure.label.padEnd(36)} p50 ${ms(m.p50).padStart(9)} p95 ${ms(m.p95).padStart(9)}` +
  ` | driver ${ms(m.driverP50).padStart(9)} (${(m.p50 / m.driverP50).toFixed(1)}x)` +
  ` | ${targetText(m.figure.target)} ${m.met ? 'MET' : 'MISSED'}` +
  ` | result ${m.count}; ${m.dataSql.length} data + ${m.otherSql.length} other statements`;

const explainLines = async (replayer: SqlReplayer, m: Measured): Promise<string[]> => {
  const lines: string[] = [];
  for (const statement of [...m.otherSql, ...m.dataSql]) {
    lines.push(`    SQL ${statement.sql}  -- ${JSON.stringify(statement.bindings)}`);
    if (touchesBenchTables(statement)) {
      for (const step of await replayer.explain(statement)) lines.push(`      ${step}`);
    }
  }
  return lines;
};

/** How many answers had each HTTP status (autocannon keeps them per status code). */
const statusCounts = (result: Result): Record<string, number> =>
  Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count]),
  );

/** A load figure: its paths sent by `BENCH_LOAD_CONNECTIONS` connections in turn, and its aims. */
interface Load {
  label: string;
  unit: string;
  paths: string[];
  minPerSecond: number;
  maxP99Ms: number;
}

const loadTest = async (server: Endpoint, client: string, load: Load): Promise<boolean> => {
  const duration = envInteger('BENCH_LOAD_SECONDS', 20);
  const connections = envInteger('BENCH_LOAD_CONNECTIONS', 32);
  const result = await autocannon({
    url: server.url,
    connections,
    duration,
    headers: { cookie: server.cookie },
    requests: load.paths.map((path) => ({ method: 'GET', path })),
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  const met =
    result.requests.average >= load.minPerSecond && result.latency.p99 <= load.maxP99Ms && errors === 0;
  console.log(
    `[${client}] load ${load.label}, ${connections} connections ${duration} s: ` +
      `${Math.round(result.requests.average)} ${load.unit} (target >= ${load.minPerSecond})` +
      ` | p99 ${result.latency.p99} ms (target <= ${load.maxP99Ms}) | errors ${errors} (target 0)` +
      ` | ${met ? 'MET' : 'MISSED'} (${result.requests.total} requests, p50 ${result.latency.p50} ms)`,
  );
  if (errors > 0) console.log(`[${client}]   answers by status: ${JSON.stringify(statusCounts(result))}`);
  return met;
};

const LOADS: Load[] = [
  { label: 'first page', unit: 'req/s', paths: [page('')], minPerSecond: 2000, maxP99Ms: 50 },
  // Keyword searches as the list screen sends them (page and bounded total in one request).
  {
    label: 'keyword search (list view)',
    unit: 'searches/s',
    paths: [SEARCH_TERMS.zh2, SEARCH_TERMS.zh3, SEARCH_TERMS.en, SEARCH_TERMS.name].map(
      (term) => listView(`${search(term)}&isDeleted=false`)[0] ?? '',
    ),
    minPerSecond: 300,
    maxP99Ms: 100,
  },
];

/** Whether a figure's or load's label is among those `BENCH_FIGURES` asks for (all without it). */
const wantedLabel = (label: string): boolean => {
  const wanted = process.env.BENCH_FIGURES?.split('|')
    .map((text) => text.trim())
    .filter((text) => text !== '');
  return !wanted?.length || wanted.some((text) => label.includes(text));
};

const runTarget = async (target: BenchTarget, rows: number): Promise<void> => {
  await seedTarget(target, rows, (text) => console.error(text));
  const runs = envInteger('BENCH_RUNS', 50);
  const warmup = envInteger('BENCH_WARMUP', 30);
  const explain = process.env.BENCH_EXPLAIN === '1';
  const [source] = target.config.dataSources;
  if (!source) throw new Error('no data source configured');
  const captured = await captureFigures(
    target,
    figuresFor(rows).filter((figure) => wantedLabel(figure.label)),
  );
  const server = await startBuiltServer(
    target.config.dataDir,
    target.client === 'sqlite' ? [] : target.config.dataSources,
  );
  const replayer = await openReplayer(source);
  try {
    console.log(`[${target.client}] ${rows} rows, p50 of ${runs} runs after ${warmup} warm-up runs`);
    // The fresh server process first answers every (fast) figure `warmup` times, as a running server has.
    const fast: Captured[] = [];
    for (const each of captured) {
      const started = performance.now();
      await runFigure(server, each.figure);
      if (performance.now() - started <= SLOW_RUN_MS) fast.push(each);
    }
    for (let round = 0; round < warmup; round++) {
      for (const { figure } of fast) await runFigure(server, figure);
    }
    for (const figure of captured) {
      const measured = await measure(server, replayer, figure, runs, warmup);
      console.log(line(target.client, measured));
      if (explain) for (const text of await explainLines(replayer, measured)) console.log(text);
    }
    for (const load of LOADS.filter((each) => wantedLabel(each.label)))
      await loadTest(server, target.client, load);
  } finally {
    await replayer.close();
    await server.close();
  }
};

export const runList = async (): Promise<void> => {
  const rows = envInteger('BENCH_ROWS', 1_000_000);
  const wanted = process.env.BENCH_DATABASES?.split(',').map((name) => name.trim());
  for (const target of benchTargets(rows)) {
    if (wanted && !wanted.includes(target.client)) continue;
    await runTarget(target, rows);
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runList();
}
