/**
 * What record history costs an .xlsx import: BENCH_IMPORT_HISTORY_ROWS new rows (default
 * 100,000) imported through the business API into an empty table with its history setting on,
 * and with it off (the table designer's setting, `historyMode`), BENCH_IMPORT_HISTORY_ROUNDS imports
 * (default 6) alternating on, off, off, on… after a warm-up import of a tenth, the median of each;
 * the table and its revisions are emptied before each import.
 * Target: with history at most 25 % slower.
 *
 *   BENCH_IMPORT_HISTORY_ROWS    rows per import (default 100000)
 *   BENCH_IMPORT_HISTORY_ROUNDS  measured imports per database (default 6)
 *   BENCH_CLIENTS              only these databases (e.g. `pg,mysql`; default all)
 *
 * SQLite always; PostgreSQL with PG_URL, MySQL / MariaDB with MYSQL_URL (a database of the
 * benchmarks' own on that server, made afresh and dropped after).
 *
 *   tsx bench/import-history-cost.ts
 */
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { SHARED_STATE } from '../server/src/db/table-names';
import { envInteger, median } from './bench-stats';
import { startBenchServer } from './bench-server';
import { benchTargets, type BenchTarget } from './bench-target';

/** The targets' seed key: one of its own, so that it may run beside the other benchmarks. */
const TARGET_KEY = 2;
const COLUMNS = ['name', 'amount', 'note', 'orderDate'];

const writeSheet = async (path: string, rows: number): Promise<void> => {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
  const sheet = book.addWorksheet('rows');
  sheet.addRow(COLUMNS).commit();
  for (let n = 1; n <= rows; n += 1) {
    sheet.addRow([`row ${n}`, n % 1000, `备注 ${n % 97}`, `2026-0${(n % 9) + 1}-1${n % 10}`]).commit();
  }
  sheet.commit();
  await book.commit();
};

const measure = async (target: BenchTarget, rows: number, rounds: number, work: string): Promise<void> => {
  await target.reset();
  // An import of 100,000 rows may outlast the default request and idle timeouts (no byte is sent
  // back before it ends).
  const http = { ...target.config.http, requestTimeoutMs: 60 * 60_000, idleTimeoutMs: 60 * 60_000 };
  const server = await startBenchServer({ ...target.config, http, historyPruneIntervalSeconds: 0 });
  try {
    const tableId = (await server.call('POST', '/api/metadata/tables', {
      name: 'benchImport',
      caption: 'benchImport',
      columns: [
        { name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true, nullable: false },
        { name: 'name', caption: 'name', dataType: 'VARCHAR', length: 100 },
        { name: 'amount', caption: 'amount', dataType: 'INT' },
        { name: 'note', caption: 'note', dataType: 'VARCHAR', length: 200 },
        { name: 'orderDate', caption: 'orderDate', dataType: 'DATE' },
      ],
    })) as number;
    const knex = server.app.dataSources.primary.knex;
    const importOnce = async (path: string, history: boolean, rowCount: number): Promise<number> => {
      await knex('benchImport').delete();
      await knex(SHARED_STATE.revision).delete();
      // Last before the import, so that the kept-alive socket has not idled out since.
      await server.call('PATCH', `/api/metadata/tables/${tableId}`, { historyMode: history ? 'on' : 'off' });
      const form = new FormData();
      form.append('file', await openAsBlob(path), 'rows.xlsx');
      const start = performance.now();
      const response = await fetch(`${server.url}/api/business/benchImport/import`, {
        method: 'POST',
        headers: { cookie: server.cookie },
        body: form,
      });
      const body = await response.text();
      const seconds = (performance.now() - start) / 1000;
      if (response.status !== 201) throw new Error(`import: ${response.status} ${body.slice(0, 500)}`);
      // a create batch holds `keyCount` records' creates; a row of its own, one
      const revisions = (await knex(SHARED_STATE.revision)
        .select(knex.raw('sum(coalesce(?? , 1)) as ??', ['keyCount', 'count']))
        .first()) as { count: number | string | null } | undefined;
      if (Number(revisions?.count ?? 0) !== (history ? rowCount : 0))
        throw new Error(
          `import: ${String(revisions?.count)} revisions with history ${history ? 'on' : 'off'}`,
        );
      console.log(
        `import-history-cost ${target.client}: ${rowCount.toLocaleString('en')} rows, history ${history ? 'on' : 'off'}: ${seconds.toFixed(1)} s`,
      );
      return seconds;
    };
    const warmUp = join(work, `warm-${target.client}.xlsx`);
    const sheet = join(work, `rows-${target.client}.xlsx`);
    await writeSheet(warmUp, Math.max(1, Math.floor(rows / 10)));
    await writeSheet(sheet, rows);
    await importOnce(warmUp, true, Math.max(1, Math.floor(rows / 10)));
    await importOnce(warmUp, false, Math.max(1, Math.floor(rows / 10)));
    const times = { on: [] as number[], off: [] as number[] };
    // on, off, off, on, on, off…: each setting runs as often early as late
    for (let round = 0; round < rounds; round += 1) {
      const history = round % 4 === 0 || round % 4 === 3;
      times[history ? 'on' : 'off'].push(await importOnce(sheet, history, rows));
    }
    const on = median(times.on);
    const off = median(times.off);
    const extra = Math.round((on / off - 1) * 100);
    console.log(
      `import-history-cost ${target.client} ${rows.toLocaleString('en')} rows: history on ${on.toFixed(1)} s, off ${off.toFixed(1)} s, +${extra} % (target ≤ 25 %) ${extra <= 25 ? 'met' : 'missed'}`,
    );
  } finally {
    await server.close();
    await target.reset();
  }
};

export const runImportHistoryCost = async (): Promise<void> => {
  const rows = envInteger('BENCH_IMPORT_HISTORY_ROWS', 100_000);
  const rounds = envInteger('BENCH_IMPORT_HISTORY_ROUNDS', 6);
  const work = mkdtempSync(join(tmpdir(), 'crudboard-import-history-'));
  try {
    for (const target of benchTargets(TARGET_KEY)) await measure(target, rows, rounds, work);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runImportHistoryCost();
}
