/**
 * What an .xlsx import costs everyone else (SQLite, in process, over a real socket). Lock: an
 * import of BENCH_LOCK_ROWS rows, partial and all-or-nothing, while a second session reads one
 * record every few milliseconds: the import's time and the reads' worst wait; then both again
 * while records of another table are also created every 50 ms: the writes' worst wait (on
 * SQLite a write waits for the import's open transaction: the whole write phase of an
 * all-or-nothing import, one batch of a partial one). Bomb: a workbook
 * whose shared strings unpack to BENCH_BOMB_MB megabytes (compression ratio ~40, so only the
 * size limit stops it), and one whose single long shared string is referenced by every cell:
 * the answer, its time and the process's peak resident memory while it is handled.
 *
 *   BENCH_LOCK_ROWS   rows of the imported sheet (default 100000)
 *   BENCH_BOMB_MB     unpacked size of the shared-strings bomb (default 160)
 *
 *   tsx bench/import-lock.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { loadConfig } from '../server/src/config';
import { startBenchServer, type BenchServer } from './bench-server';
import { BENCH_PASSWORD } from './bench-target';
import { envInteger } from './bench-stats';

const MB = 1024 * 1024;
const rssMb = () => process.memoryUsage().rss / MB;

const writeSheet = async (path: string, rows: Iterable<string[]>): Promise<void> => {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true });
  const sheet = book.addWorksheet('data');
  sheet.addRow(['name', 'note']).commit();
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await book.commit();
};

const importFile = async (server: BenchServer, path: string, query = '') => {
  const form = new FormData();
  form.append('file', await openAsBlob(path), 'data.xlsx');
  const response = await fetch(`${server.url}/api/business/memo/import${query}`, {
    method: 'POST',
    headers: { cookie: server.cookie },
    body: form,
  });
  return { status: response.status, body: await response.text() };
};

/** Sends `request` again `pause` ms after each answer until `isDone()`; every answer's wait. */
const repeat = async (isDone: () => boolean, pause: number, request: () => Promise<Response>) => {
  const waits: number[] = [];
  while (!isDone()) {
    const start = performance.now();
    const response = await request();
    await response.text();
    if (!response.ok) throw new Error(`${response.status} during the import`);
    waits.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  return waits.sort((a, b) => a - b);
};

/**
 * Runs `work` while reading one record every 5 ms (and, with `writing`, creating a record of
 * another table every 50 ms): the import's time, the reads' worst and median wait, the writes'
 * worst wait.
 */
const whileReading = async (server: BenchServer, work: () => Promise<unknown>, writing = false) => {
  let done = false;
  const isDone = () => done;
  const reading = repeat(isDone, 5, () =>
    fetch(`${server.url}/api/business/memo?limit=1`, { headers: { cookie: server.cookie } }),
  );
  const writes = writing
    ? repeat(isDone, 50, () =>
        fetch(`${server.url}/api/business/other`, {
          method: 'POST',
          headers: { cookie: server.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'written meanwhile' }),
        }),
      )
    : Promise.resolve([]);
  const start = performance.now();
  try {
    await work();
  } finally {
    done = true;
  }
  const [waits, writeWaits] = await Promise.all([reading, writes]);
  return {
    seconds: (performance.now() - start) / 1000,
    reads: waits.length,
    worst: waits.at(-1) ?? 0,
    median: waits[Math.floor(waits.length / 2)] ?? 0,
    writes: writeWaits.length,
    worstWrite: writeWaits.at(-1) ?? 0,
  };
};

/** Peak RSS sampled every 20 ms while `work` runs. */
const peakRss = async <T>(work: () => Promise<T>): Promise<{ result: T; before: number; peak: number }> => {
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
  try {
    const result = await work();
    return { result, before, peak: Math.max(peak, rssMb()) };
  } finally {
    clearInterval(sampler);
  }
};

function* lockRows(count: number): Generator<string[]> {
  for (let i = 0; i < count; i++) yield [`name ${i}`, `note ${i % 977}`];
}

/** Distinct 32 KB strings, each a 256-character random run repeated: deflate packs them ~40×. */
function* bombRows(megabytes: number): Generator<string[]> {
  const count = Math.ceil((megabytes * MB) / (32 * 1024));
  for (let i = 0; i < count; i++) yield [`n${i}`, randomBytes(192).toString('base64').repeat(128)];
}

export const runImportLock = async (): Promise<void> => {
  const rows = envInteger('BENCH_LOCK_ROWS', 100_000);
  const bombMb = envInteger('BENCH_BOMB_MB', 160);
  const dir = mkdtempSync(join(tmpdir(), 'crudboard-bench-import-'));
  const config = { ...loadConfig({ DATA_DIR: dir, DATA_SOURCES: '[]' }, dir), adminPassword: BENCH_PASSWORD };
  const server = await startBenchServer(config);
  try {
    await server.call('POST', '/api/metadata/tables', {
      name: 'memo',
      columns: [
        { name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true, nullable: false },
        { name: 'name', dataType: 'VARCHAR', length: 200, nullable: false },
        { name: 'note', dataType: 'TEXT' },
      ],
    });
    await server.call('POST', '/api/metadata/tables', {
      name: 'other',
      columns: [
        { name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true, nullable: false },
        { name: 'name', dataType: 'VARCHAR', length: 200, nullable: false },
      ],
    });
    const sheet = join(dir, 'rows.xlsx');
    await writeSheet(sheet, lockRows(rows));
    for (const [mode, query, writing] of [
      ['partial', '?partial=true', false],
      ['all-or-nothing', '', false],
      ['partial, with writes', '?partial=true', true],
      ['all-or-nothing, with writes', '', true],
    ] as const) {
      await server.app.dataSources.primary.knex('memo').delete();
      let status = 0;
      const figures = await whileReading(
        server,
        async () => {
          status = (await importFile(server, sheet, query)).status;
        },
        writing,
      );
      if (status !== 201) throw new Error(`${mode} import: ${status}`);
      console.log(
        `import-lock ${mode} ${rows.toLocaleString('en-US')} rows: ${figures.seconds.toFixed(1)} s; ` +
          `${figures.reads} reads meanwhile, worst wait ${figures.worst.toFixed(0)} ms, median ${figures.median.toFixed(0)} ms` +
          (writing ? `; ${figures.writes} writes, worst wait ${figures.worstWrite.toFixed(0)} ms` : ''),
      );
    }

    const bomb = join(dir, 'bomb.xlsx');
    await writeSheet(bomb, bombRows(bombMb));
    const refused = await peakRss(() => importFile(server, bomb));
    console.log(
      `import-lock shared-strings bomb (${(statSync(bomb).size / MB).toFixed(1)} MB file, ${bombMb} MB unpacked): ` +
        `${refused.result.status}; rss ${refused.before.toFixed(0)} → peak ${refused.peak.toFixed(0)} MB`,
    );
    const long = randomBytes(24 * 1024).toString('base64');
    const expanding = join(dir, 'expanding.xlsx');
    await writeSheet(
      expanding,
      (function* () {
        for (let i = 0; i < 40_000; i++) yield [`n${i}`, long];
      })(),
    );
    const expanded = await peakRss(() => importFile(server, expanding));
    console.log(
      `import-lock repeated-string bomb (${(statSync(expanding).size / MB).toFixed(1)} MB file, ` +
        `${((long.length * 40_000) / MB).toFixed(0)} MB of cell text): ${expanded.result.status}; ` +
        `rss ${expanded.before.toFixed(0)} → peak ${expanded.peak.toFixed(0)} MB`,
    );
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runImportLock();
