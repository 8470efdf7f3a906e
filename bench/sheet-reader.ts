/**
 * What starting an import's sheet reader costs: the time to read a small .xlsx (one header and
 * 20 rows) through `sheetRows` when a reader thread has to be started (exceljs loaded on it) and
 * when the thread kept from the previous import reads it, and this process's resident memory
 * with the kept thread. Medians of BENCH_SHEET_ROUNDS rounds (each a fresh process state for the
 * first figure: the kept thread is stopped by leaving a read early).
 *
 *   BENCH_SHEET_ROUNDS   rounds (default 15)
 *
 *   tsx bench/sheet-reader.ts
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readerThreadsStarted, sheetRows } from '../server/src/services/import/sheet-rows';
import { xlsxBook } from '../server/test/helpers/xlsx-book';
import { envInteger, median } from './bench-stats';

const readAll = async (path: string): Promise<number> => {
  const started = performance.now();
  for await (const row of sheetRows(path)) void row;
  return performance.now() - started;
};

export const runSheetReader = async (): Promise<void> => {
  const rounds = envInteger('BENCH_SHEET_ROUNDS', 15);
  const dir = mkdtempSync(join(tmpdir(), 'crudboard-bench-sheet-'));
  try {
    const path = join(dir, 'small.xlsx');
    writeFileSync(
      path,
      await xlsxBook([['名称', '数量'], ...Array.from({ length: 20 }, (_, i) => [`第${i}行`, i])]),
    );
    const cold: number[] = [];
    const kept: number[] = [];
    const before = process.memoryUsage().rss;
    let keptRss = before;
    for (let round = 0; round < rounds; round += 1) {
      // Leaving a read early stops its thread: the next read starts one.
      for await (const row of sheetRows(path)) if (row.number === 1) break;
      const threads = readerThreadsStarted();
      cold.push(await readAll(path));
      if (readerThreadsStarted() !== threads + 1) throw new Error('the first read did not start a thread');
      kept.push(await readAll(path));
      if (readerThreadsStarted() !== threads + 1) throw new Error('the second read started a thread');
      keptRss = Math.max(keptRss, process.memoryUsage().rss);
    }
    const ms = (values: number[]) => `${median(values).toFixed(0)} ms`;
    console.log(`[sheet-reader] small sheet read, new thread        ${ms(cold)}`);
    console.log(`[sheet-reader] small sheet read, kept thread       ${ms(kept)}`);
    console.log(
      `[sheet-reader] resident memory with the kept thread  +${((keptRss - before) / 1e6).toFixed(0)} MB`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runSheetReader();
}
