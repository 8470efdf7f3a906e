import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** One row of a worksheet as exceljs reads it: its 1-based number and its cell values (index = column). */
export interface SheetRow {
  number: number;
  values: unknown[];
}

/** Rows the thread sends at a time; it reads ahead at most this many more while they are used. */
const BATCH = 500;

/**
 * The thread's code (plain CommonJS, so it runs the same from sources and from a build): reads the
 * first worksheet with exceljs's streaming reader and sends its rows in batches, one batch ahead
 * of what the importer has taken.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { createReadStream } = require('node:fs');
const ExcelJS = require(workerData.exceljs);
let credit = 2;
let wake;
parentPort.on('message', () => {
  credit += 1;
  if (wake) { const go = wake; wake = undefined; go(); }
});
const send = async (rows) => {
  while (credit === 0) await new Promise((resolve) => (wake = resolve));
  credit -= 1;
  parentPort.postMessage({ rows });
};
(async () => {
  const stream = createReadStream(workerData.path);
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    let sheets = 0;
    for await (const sheet of reader) {
      sheets += 1;
      let rows = [];
      for await (const row of sheet) {
        rows.push({ number: row.number, values: Array.isArray(row.values) ? row.values : [] });
        if (rows.length >= workerData.batch) {
          await send(rows);
          rows = [];
        }
      }
      if (rows.length > 0) await send(rows);
      break;
    }
    // A file the reader ends without finding a worksheet in is not a workbook (whether or not
    // its parser has said so yet).
    if (sheets === 0) throw new Error('no worksheet found');
    parentPort.postMessage({ done: true });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  } finally {
    stream.destroy();
  }
})();
`;

type Message = { rows: SheetRow[] } | { done: true } | { error: string };

/** Thrown for a file the reader could not read; its message is the reader's. */
export class UnreadableSheet extends Error {}

/**
 * The rows of the first worksheet of the .xlsx at `path`, read by exceljs's streaming reader on a
 * thread of its own (the file is never loaded whole, and parsing it does not hold up the writes
 * on this thread). Whatever the reader fails on is an UnreadableSheet. Leaving the loop early
 * stops the thread.
 */
export async function* sheetRows(path: string): AsyncGenerator<SheetRow> {
  const exceljs = createRequire(import.meta.url).resolve('exceljs');
  const worker = new Worker(THREAD, { eval: true, workerData: { path, exceljs, batch: BATCH } });
  const inbox: Message[] = [];
  let notify: (() => void) | undefined;
  let failure: Error | undefined;
  const arrived = () => {
    const go = notify;
    notify = undefined;
    go?.();
  };
  worker.on('message', (message: Message) => {
    inbox.push(message);
    arrived();
  });
  worker.on('error', (error) => {
    failure = error;
    arrived();
  });
  worker.on('exit', () => {
    failure ??= new Error('the sheet reader stopped');
    arrived();
  });
  try {
    for (;;) {
      const message = inbox.shift();
      if (!message) {
        if (failure) throw new UnreadableSheet(failure.message);
        await new Promise<void>((resolve) => (notify = resolve));
        continue;
      }
      if ('error' in message) throw new UnreadableSheet(message.error);
      if ('done' in message) return;
      worker.postMessage('more');
      yield* message.rows;
    }
  } finally {
    await worker.terminate();
  }
}
