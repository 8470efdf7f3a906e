/**
 * Export and import throughput through the business API, over a real socket with a signed-in
 * session (SQLite). Export: every row of the seeded 1,000,000-row order table (the list
 * benchmark's seed, cached under bench/.data/) to .xlsx by the server as `npm start` runs it (the
 * bundle on plain Node, a process of its own), with that process's peak RSS. Import: an .xlsx of
 * BENCH_IMPORT_ROWS order rows into an empty copy of the same schema, by the server as `npm start`
 * runs it too. One line per figure.
 *
 *   BENCH_EXPORT_ROWS   rows of the exported table (default 1000000)
 *   BENCH_IMPORT_ROWS   rows of the imported sheet (default 100000)
 *   BENCH_EXPORT_TRACE  1: the server's resident memory every second of the export
 *   BENCH_SKIP_EXPORT   1: only the import
 *
 *   tsx bench/export-import.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { loadConfig } from '../server/src/config';
import { envInteger } from './bench-stats';
import { startBenchServer } from './bench-server';
import { startBuiltServer } from './built-server';
import { BENCH_PASSWORD, sqliteTarget } from './bench-target';
import { CUSTOMERS, seedTarget } from './seed-bench';
import { orderInput, randomSource } from './seed-rows';
import { createBenchSchema, ORDER_API } from './seed-schema';

const TARGETS = { exportRowsPerSecond: 30_000, exportPeakMb: 256, importRowsPerSecond: 10_000 };
const MEASURE_PHASE = 'measure';
const MB = 1024 * 1024;

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;
const grouped = (value: number) => Math.round(value).toLocaleString('en-US');
const verdict = (met: boolean) => (met ? 'met' : 'missed');

const measureExport = async (rows: number): Promise<void> => {
  const server = await startBuiltServer(sqliteTarget(rows).config.dataDir);
  try {
    const before = server.memory().rssMb;
    const trace = process.env.BENCH_EXPORT_TRACE === '1';
    let ticks = 0;
    const sampler = setInterval(() => {
      ticks += 1;
      if (trace)
        console.log(`export-import trace ${ticks} s: server rss ${server.memory().rssMb.toFixed(0)} MB`);
    }, 1000);
    const start = process.hrtime.bigint();
    const response = await fetch(`${server.url}/api/business/${ORDER_API}/export`, {
      method: 'POST',
      headers: { cookie: server.cookie },
    });
    const url = await response.text();
    const time = seconds(start);
    clearInterval(sampler);
    if (response.status !== 201) throw new Error(`export: ${response.status} ${url.slice(0, 300)}`);
    const peak = server.memory().peakMb;
    const file = join(sqliteTarget(rows).config.dataDir, 'downloads', basename(url));
    const size = statSync(file).size;
    rmSync(file, { force: true });
    const rate = rows / time;
    console.log(
      `export-import export xlsx: ${grouped(rows)} rows in ${time.toFixed(1)} s = ${grouped(rate)} rows/s ` +
        `(target ≥ ${grouped(TARGETS.exportRowsPerSecond)}) ${verdict(rate >= TARGETS.exportRowsPerSecond)}; ` +
        `file ${(size / MB).toFixed(1)} MB`,
    );
    console.log(
      `export-import export peak RSS of the server process: ${peak.toFixed(0)} MB (${before.toFixed(0)} MB ` +
        `signed in before the export; target ≤ ${TARGETS.exportPeakMb} MB) ${verdict(peak <= TARGETS.exportPeakMb)}`,
    );
  } finally {
    await server.close();
  }
};

/** An .xlsx of `rows` orders (the seed's generator; no customer reference), written by streaming. */
const writeSheet = async (path: string, rows: number): Promise<void> => {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
  const sheet = book.addWorksheet('orders');
  const columns = ['name', 'title', 'remark', 'amount', 'quantity', 'orderDate'];
  sheet.addRow(columns).commit();
  const random = randomSource(3);
  for (let n = 1; n <= rows; n += 1) {
    const input = orderInput(random, n, CUSTOMERS);
    sheet.addRow(columns.map((column) => input[column] as string | number)).commit();
  }
  sheet.commit();
  await book.commit();
};

const measureImport = async (rows: number): Promise<void> => {
  const work = mkdtempSync(join(tmpdir(), 'crudboard-import-bench-'));
  const dataDir = join(work, 'data');
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, DATA_SOURCES: '[]' }, work),
    adminPassword: BENCH_PASSWORD,
  };
  // The tables are made by an app in this process; the import goes to the server as `npm start`
  // runs it (the bundle, a process of its own) on the same data directory.
  const setup = await startBenchServer(config);
  try {
    await createBenchSchema(setup);
  } finally {
    await setup.close();
  }
  const server = await startBuiltServer(dataDir);
  try {
    const path = join(work, 'orders.xlsx');
    await writeSheet(path, rows);
    const form = new FormData();
    form.append('file', await openAsBlob(path), 'orders.xlsx');
    const start = process.hrtime.bigint();
    const response = await fetch(`${server.url}/api/business/${ORDER_API}/import`, {
      method: 'POST',
      headers: { cookie: server.cookie },
      body: form,
    });
    const body = await response.text();
    const time = seconds(start);
    if (response.status !== 201) throw new Error(`import: ${response.status} ${body.slice(0, 500)}`);
    const { inserted } = JSON.parse(body) as { inserted: number };
    if (inserted !== rows) throw new Error(`import: ${inserted} of ${rows} rows inserted`);
    const rate = rows / time;
    console.log(
      `export-import import xlsx: ${grouped(rows)} rows in ${time.toFixed(1)} s = ${grouped(rate)} rows/s ` +
        `(target ≥ ${grouped(TARGETS.importRowsPerSecond)}) ${verdict(rate >= TARGETS.importRowsPerSecond)}; ` +
        `file ${(statSync(path).size / MB).toFixed(1)} MB`,
    );
  } finally {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
};

/** Runs this file again in a fresh process for the measurements (its peak RSS is the export's). */
const measureInChild = () =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_EXPORT_IMPORT_PHASE: MEASURE_PHASE },
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`measurement exited with ${code}`)),
    );
  });

export const runExportImport = async (): Promise<void> => {
  const exportRows = envInteger('BENCH_EXPORT_ROWS', 1_000_000);
  const importRows = envInteger('BENCH_IMPORT_ROWS', 100_000);
  if (process.env.BENCH_EXPORT_IMPORT_PHASE === MEASURE_PHASE) {
    if (process.env.BENCH_SKIP_EXPORT !== '1') await measureExport(exportRows);
    await measureImport(importRows);
    return;
  }
  await seedTarget(sqliteTarget(exportRows), exportRows, (line) => console.log(`export-import ${line}`));
  await measureInChild();
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runExportImport();
}
