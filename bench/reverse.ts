/**
 * Reverse engineering of an existing database crudboard did not create: a 1,000,000-row table
 * `Order Lines` (INTEGER key, a foreign key to `Products`, 1,000 rows) seeded by plain DDL and the
 * driver, in a second data source (`legacy`) of the server. Measured through HTTP on the server
 * `npm start` runs, each figure beside the SQL it sends replayed on the driver (captured beforehand
 * from an app in this process on the same databases):
 *  - the reverse page's list of physical tables and the preview of the big table;
 *  - reversing both tables in one request, each run from the un-reversed state (the metadata is
 *    deleted with isDropPhysicalTable=false; the physical tables are never touched);
 *  - the reversed table's first page + count, a page at a large offset, a filter on the
 *    foreign-key column + count.
 * SQLite always; PostgreSQL / MySQL when PG_URL / MYSQL_URL are set. Seeded databases are cached
 * under bench/.data/reverse-* (SQLite) or as cb_bench_reverse_* databases.
 *
 *   BENCH_ROWS          rows of `Order Lines` (default 1000000); reversing must not grow with it
 *   BENCH_RUNS          timed runs of each read figure (default 30; a figure over 200 ms gets 7)
 *   BENCH_WARMUP        untimed runs before each figure is timed (default 10)
 *   BENCH_REVERSE_RUNS  timed reverses, each after deleting the metadata (default 10)
 *   BENCH_DATABASES     comma list among sqlite,pg,mysql (default: all configured)
 *   BENCH_EXPLAIN=1     also print the SQL and the plan of the list figures
 *
 *   tsx bench/reverse.ts
 */
import { loadConfig, type AppConfig } from '../server/src/config';
import { envInteger, median, ms, timeRuns } from './bench-stats';
import { startBenchServer } from './bench-server';
import { BENCH_PASSWORD } from './bench-target';
import { startBuiltServer } from './built-server';
import {
  LEGACY_SOURCE,
  LINE_TABLE,
  openLegacy,
  PRODUCT_TABLE,
  reverseTargets,
  seedReverseTarget,
  type ReverseTarget,
} from './reverse-seed';
import { captureSql, openReplayer, type CapturedSql, type SqlReplayer } from './sql-replay';

/** A server to send requests to: its address and a signed-in session cookie. */
interface Endpoint {
  url: string;
  cookie: string;
}

interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

const TABLES = '/api/metadata/tables';
const PHYSICAL = `${TABLES}/metadatas`;
const onLegacy = (path: string) => `${path}${path.includes('?') ? '&' : '?'}dataSource=${LEGACY_SOURCE}`;
const REVERSE_BODY = [LINE_TABLE, PRODUCT_TABLE];
const REVERSE_MAX_MS = 1000;
const FIRST_PAGE_MAX_MS = 50;
const SLOW_RUN_MS = 200;
const SLOW_RUNS = 7;

const send = async (server: Endpoint, method: string, path: string, body?: unknown): Promise<Answer> => {
  const response = await fetch(`${server.url}${onLegacy(path)}`, {
    method,
    headers: { cookie: server.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return { status: response.status, text, headers: response.headers };
};

/** Sends the GETs together, as the screen does; returns the body of the last. */
const getAll = async (server: Endpoint, paths: readonly string[]): Promise<string> => {
  const answers = await Promise.all(paths.map((path) => send(server, 'GET', path)));
  return answers.at(-1)?.text ?? '';
};

/** Ids of the metadata describing the two seeded tables, if any. */
const reversedIds = async (server: Endpoint): Promise<number[]> => {
  const tables = JSON.parse((await send(server, 'GET', `${TABLES}?offset=0&limit=1000`)).text) as {
    id: number;
    tableName: string;
  }[];
  return tables.filter((table) => REVERSE_BODY.includes(table.tableName)).map((table) => table.id);
};

/** Back to the un-reversed state: the metadata goes, the physical tables stay. */
const unreverse = async (server: Endpoint): Promise<void> => {
  const ids = await reversedIds(server);
  if (ids.length > 0) await send(server, 'DELETE', `${TABLES}?isDropPhysicalTable=false`, ids);
};

const reverse = async (server: Endpoint): Promise<{ ids: number[]; warnings: number }> => {
  const answer = await send(server, 'POST', `${PHYSICAL}/reverse`, REVERSE_BODY);
  const header = answer.headers.get('x-reverse-warnings');
  return {
    ids: JSON.parse(answer.text) as number[],
    warnings: header ? (JSON.parse(header) as unknown[]).length : 0,
  };
};

interface ReadFigure {
  label: string;
  paths: string[];
  /** p50 target in ms, if the figure has one. */
  maxMs?: number;
}

const metadataFigures = (): ReadFigure[] => [
  { label: 'physical tables (GET metadatas)', paths: [PHYSICAL] },
  {
    label: `preview "${LINE_TABLE}" (GET metadatas/{t})`,
    paths: [`${PHYSICAL}/${encodeURIComponent(LINE_TABLE)}`],
  },
];

const listFigures = (apiName: string, rows: number, productId: number): ReadFigure[] => {
  const list = `/api/business/${apiName}`;
  const offset = Math.min(500_000, Math.floor(rows / 2));
  return [
    {
      label: 'first page + count',
      paths: [`${list}?offset=0&limit=10`, `${list}/count`],
      maxMs: FIRST_PAGE_MAX_MS,
    },
    { label: `page at offset ${offset}`, paths: [`${list}?offset=${offset}&limit=10`] },
    {
      label: `productId=${productId} page + count`,
      paths: [`${list}?offset=0&limit=10&productId=${productId}`, `${list}/count?productId=${productId}`],
    },
  ];
};

const touchesSeeded = (statement: CapturedSql) =>
  !statement.sql.includes('cb_') &&
  (statement.sql.includes(LINE_TABLE) || statement.sql.includes(PRODUCT_TABLE));

/** Statements a driver can replay without changing anything or taking a lock. */
const isPlainRead = (statement: CapturedSql) =>
  /^\s*(select|pragma|show|with)\b/i.test(statement.sql) && !/lock/i.test(statement.sql);

interface Captured<F> {
  figure: F;
  /** Statements replayed on the driver beside the figure. */
  replayed: CapturedSql[];
  /** Every statement one run sends to the existing database. */
  all: CapturedSql[];
}

interface CapturedRun {
  metadata: Captured<ReadFigure>[];
  reverse: Captured<string>;
  list: Captured<ReadFigure>[];
  apiName: string;
}

const serverConfig = (target: ReverseTarget): AppConfig => ({
  ...loadConfig({ DATA_DIR: target.dataDir, DATA_SOURCES: JSON.stringify([target.source]) }, target.dataDir),
  adminPassword: BENCH_PASSWORD,
});

/** A product id in the middle of the range: about rows / 1,000 lines refer to it. */
const PRODUCT_ID = 500;

/** Untimed runs of a figure before its statements are captured: metadata and caches loaded. */
const CAPTURE_WARMUP = 5;

/**
 * The statements of one run of each figure on the existing database, from an app in this process,
 * each figure run a few times untimed first (metadata and sessions cached, as on a running server).
 * Leaves the tables un-reversed.
 */
const captureFigures = async (target: ReverseTarget, rows: number): Promise<CapturedRun> => {
  const server = await startBenchServer(serverConfig(target));
  try {
    const source = server.app.dataSources.get(LEGACY_SOURCE);
    if (!source) throw new Error(`no data source ${LEGACY_SOURCE}`);
    const capture = (work: () => Promise<unknown>) => captureSql(source.knex, work);
    const read = async (figure: ReadFigure, replay: (s: CapturedSql) => boolean) => {
      for (let i = 0; i < CAPTURE_WARMUP; i++) await getAll(server, figure.paths);
      const all = await capture(() => getAll(server, figure.paths));
      return { figure, all, replayed: all.filter(replay) };
    };
    await unreverse(server);
    const metadata: Captured<ReadFigure>[] = [];
    for (const figure of metadataFigures()) metadata.push(await read(figure, isPlainRead));
    await reverse(server);
    await unreverse(server);
    let ids: number[] = [];
    const all = await capture(async () => ({ ids } = await reverse(server)));
    const reverseCaptured = { figure: 'reverse', all, replayed: all.filter(isPlainRead) };
    const table = JSON.parse((await send(server, 'GET', `${TABLES}/${String(ids[0])}`)).text) as {
      name: string;
    };
    const list: Captured<ReadFigure>[] = [];
    for (const figure of listFigures(table.name, rows, PRODUCT_ID))
      list.push(await read(figure, touchesSeeded));
    await unreverse(server);
    return { metadata, reverse: reverseCaptured, list, apiName: table.name };
  } finally {
    await server.close();
  }
};

const resultOf = (body: string): string => {
  const parsed = JSON.parse(body) as unknown;
  if (Array.isArray(parsed)) return `${parsed.length} entries`;
  if (parsed && typeof parsed === 'object' && 'columns' in parsed && Array.isArray(parsed.columns))
    return `${parsed.columns.length} columns`;
  return String(parsed);
};

/** The p50 of a GET figure and of its replayed statements; slow figures get fewer runs. */
const measureRead = async (
  client: string,
  server: Endpoint,
  replayer: SqlReplayer,
  { figure, replayed, all }: Captured<ReadFigure>,
  runs: number,
  warmup: number,
): Promise<number> => {
  const started = performance.now();
  const body = await getAll(server, figure.paths);
  const slow = performance.now() - started > SLOW_RUN_MS;
  const [timed, untimed] = slow ? [Math.min(runs, SLOW_RUNS), Math.min(warmup, 1)] : [runs, warmup];
  const p50 = median(await timeRuns(timed, untimed, () => getAll(server, figure.paths)));
  const driver = median(await timeRuns(timed, untimed, () => replayer.run(replayed)));
  const target =
    figure.maxMs === undefined
      ? ''
      : ` | target <= ${figure.maxMs} ms ${p50 <= figure.maxMs ? 'MET' : 'MISSED'}`;
  console.log(
    `[${client}] ${figure.label.padEnd(44)} p50 ${ms(p50).padStart(9)}` +
      ` | driver ${ms(driver).padStart(9)} (${(p50 / driver).toFixed(1)}x)${target}` +
      ` | result ${resultOf(body)}; ${replayed.length} replayed of ${all.length} statements on ${LEGACY_SOURCE}`,
  );
  return p50;
};

const explain = async (replayer: SqlReplayer, captured: Captured<ReadFigure>): Promise<void> => {
  for (const statement of captured.all) {
    console.log(`    SQL ${statement.sql}  -- ${JSON.stringify(statement.bindings)}`);
    if (captured.replayed.includes(statement)) {
      for (const step of await replayer.explain(statement)) console.log(`      ${step}`);
    }
  }
};

/**
 * Reverses both tables `runs` times (after one untimed run), each time from the un-reversed state;
 * prints the reverse and the metadata delete. Leaves the tables reversed.
 */
const measureReverse = async (
  client: string,
  server: Endpoint,
  replayer: SqlReplayer,
  captured: Captured<string>,
  runs: number,
): Promise<void> => {
  await unreverse(server);
  await reverse(server);
  const reverseTimes: number[] = [];
  const deleteTimes: number[] = [];
  let last = { ids: [] as number[], warnings: 0 };
  for (let i = 0; i < runs; i++) {
    let started = performance.now();
    await unreverse(server);
    deleteTimes.push(performance.now() - started);
    started = performance.now();
    last = await reverse(server);
    reverseTimes.push(performance.now() - started);
  }
  const p50 = median(reverseTimes);
  const driver = median(await timeRuns(runs, 1, () => replayer.run(captured.replayed)));
  console.log(
    `[${client}] ${'reverse both tables (POST metadatas/reverse)'.padEnd(44)} p50 ${ms(p50).padStart(9)}` +
      ` (min ${ms(Math.min(...reverseTimes))}, max ${ms(Math.max(...reverseTimes))})` +
      ` | driver, its reads alone ${ms(driver)} | target <= ${REVERSE_MAX_MS} ms ${p50 <= REVERSE_MAX_MS ? 'MET' : 'MISSED'}` +
      ` | ${last.ids.length} tables, ${last.warnings} warnings;` +
      ` ${captured.all.length} statements on ${LEGACY_SOURCE} (${captured.replayed.length} reads replayed)`,
  );
  console.log(
    `[${client}] ${'delete metadata (isDropPhysicalTable=false)'.padEnd(44)} p50 ${ms(median(deleteTimes)).padStart(9)}` +
      ` (with listing the ids first; ${runs} runs)`,
  );
};

/** A keyword on the reversed table, which has no search index: every row's text is scanned. */
const SCAN_TERM = 'express';

const measureScanSearch = async (client: string, server: Endpoint, apiName: string, runs: number) => {
  const list = `/api/business/${apiName}`;
  const paths = [`${list}?offset=0&limit=10&search=${SCAN_TERM}`, `${list}/count?search=${SCAN_TERM}`];
  const times = await timeRuns(Math.min(runs, SLOW_RUNS), 1, () => getAll(server, paths));
  const count = (await send(server, 'GET', paths[1] as string)).text;
  console.log(
    `[${client}] ${`search "${SCAN_TERM}" (no search index) + count`.padEnd(44)} p50 ${ms(median(times)).padStart(9)}` +
      ` | a scan of every row's text | result ${count}`,
  );
};

/**
 * The administrator's choice for a reversed table: keep its row count (triggers and a first count,
 * online), then the first page + count again, then stop keeping it (the table is left as found).
 */
const measureKeptCount = async (
  client: string,
  server: Endpoint,
  apiName: string,
  runs: number,
  warmup: number,
) => {
  const tables = JSON.parse((await send(server, 'GET', `${TABLES}?offset=0&limit=1000`)).text) as {
    id: number;
    tableName: string;
  }[];
  const id = tables.find((table) => table.tableName === LINE_TABLE)?.id;
  if (id === undefined) throw new Error(`${LINE_TABLE} is not reversed`);
  const rowCount = `${TABLES}/${id}/row-count`;
  let started = performance.now();
  const kept = await send(server, 'PATCH', rowCount, { kept: true });
  const keepMs = performance.now() - started;
  if (kept.status !== 200 || !kept.text.includes('"kept":true')) throw new Error(`keep: ${kept.text}`);
  const list = `/api/business/${apiName}`;
  const paths = [`${list}?offset=0&limit=10`, `${list}/count`];
  const p50 = median(await timeRuns(runs, warmup, () => getAll(server, paths)));
  const count = (await send(server, 'GET', `${list}/count`)).text;
  started = performance.now();
  const stopped = await send(server, 'PATCH', rowCount, { kept: false });
  const stopMs = performance.now() - started;
  if (stopped.status !== 200) throw new Error(`stop: ${stopped.text}`);
  console.log(
    `[${client}] ${'keep the row count (PATCH row-count)'.padEnd(44)} took ${ms(keepMs).padStart(8)}` +
      ` | then first page + count p50 ${ms(p50)} (result ${count}) | stop keeping took ${ms(stopMs)}`,
  );
};

/** The physical tables are whole after all the deletes: same row counts as seeded. */
const checkTablesKept = async (target: ReverseTarget, rows: number): Promise<void> => {
  const db = openLegacy(target.source);
  try {
    for (const [table, expected] of [
      [LINE_TABLE, rows],
      [PRODUCT_TABLE, 1000],
    ] as const) {
      const row = (await db(table).count({ n: '*' }).first()) as { n: unknown };
      if (Number(row.n) !== expected)
        throw new Error(`${table} holds ${String(row.n)} rows, not ${expected}`);
    }
  } finally {
    await db.destroy();
  }
};

const runTarget = async (target: ReverseTarget, rows: number): Promise<void> => {
  await seedReverseTarget(target, rows, (text) => console.error(text));
  const runs = envInteger('BENCH_RUNS', 30);
  const warmup = envInteger('BENCH_WARMUP', 10);
  const reverseRuns = envInteger('BENCH_REVERSE_RUNS', 10);
  const captured = await captureFigures(target, rows);
  const server = await startBuiltServer(target.dataDir, [target.source]);
  const replayer = await openReplayer(target.source);
  const client = target.client;
  try {
    console.log(
      `[${client}] "${LINE_TABLE}" ${rows} rows in data source ${LEGACY_SOURCE}; p50 of ${runs} runs after ${warmup} warm-up runs`,
    );
    await unreverse(server);
    const listed = await getAll(server, [PHYSICAL]);
    for (const name of REVERSE_BODY) {
      if (!listed.includes(`"${name}"`)) throw new Error(`GET metadatas does not list ${name}: ${listed}`);
    }
    for (const figure of captured.metadata) await measureRead(client, server, replayer, figure, runs, warmup);
    await measureReverse(client, server, replayer, captured.reverse, reverseRuns);
    const count = Number(await getAll(server, [`/api/business/${captured.apiName}/count`]));
    if (count !== rows) throw new Error(`the reversed table counts ${count} rows, not ${rows}`);
    for (const figure of captured.list) {
      await measureRead(client, server, replayer, figure, runs, warmup);
      if (process.env.BENCH_EXPLAIN === '1') await explain(replayer, figure);
    }
    await measureScanSearch(client, server, captured.apiName, runs);
    if (client !== 'sqlite') await measureKeptCount(client, server, captured.apiName, runs, warmup);
    await unreverse(server);
  } finally {
    await replayer.close();
    await server.close();
  }
  await checkTablesKept(target, rows);
};

export const runReverse = async (): Promise<void> => {
  const rows = envInteger('BENCH_ROWS', 1_000_000);
  const wanted = process.env.BENCH_DATABASES?.split(',').map((name) => name.trim());
  for (const target of reverseTargets(rows)) {
    if (wanted && !wanted.includes(target.client)) continue;
    await runTarget(target, rows);
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runReverse();
}
