import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** One row of a worksheet as exceljs reads it: its 1-based number and its cell values (index = column). */
export interface SheetRow {
  number: number;
  values: unknown[];
}

/** Rows the thread sends at a time; it reads ahead at most this many more while they are used. */
const BATCH = 500;

/** How long a reader thread with nothing to read is kept for the next import. */
const SPARE_MS = 60_000;

/**
 * The thread's code (plain CommonJS, so it runs the same from sources and from a build): loads
 * exceljs once (its reader mended to decode text whole), then reads one sheet per `read` message with exceljs's streaming reader, the
 * first worksheet only, sending its rows in batches, one batch ahead of what the importer has
 * taken. Every message it sends carries the job it belongs to.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { createReadStream } = require('node:fs');
const { StringDecoder } = require('node:string_decoder');
const ExcelJS = require(workerData.exceljs);
// exceljs's streaming reader decodes each chunk of a part on its own (exceljs 4.4), so a character
// whose UTF-8 bytes a chunk boundary splits (every 16 KB of unpacked XML) became U+FFFD: a
// long Chinese text came in with a broken character. The shared strings and the worksheets are
// decoded here as one UTF-8 stream each.
async function* utf8(chunks) {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (text !== '') yield text;
  }
  const rest = decoder.end();
  if (rest !== '') yield rest;
}
class Utf8WorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  _parseSharedStrings(entry) {
    entry.setEncoding('utf8');
    return super._parseSharedStrings(entry);
  }
  _parseWorksheet(iterator, sheetNo) {
    return super._parseWorksheet(utf8(iterator), sheetNo);
  }
}
let job;
parentPort.on('message', (message) => {
  if (message.read !== undefined) {
    job = { id: message.read, credit: 2, wake: undefined };
    void read(job, message.path, message.batch);
  } else if (job && message.more === job.id) {
    job.credit += 1;
    if (job.wake) { const go = job.wake; job.wake = undefined; go(); }
  }
});
const read = async (job, path, batch) => {
  const send = async (rows) => {
    while (job.credit === 0) await new Promise((resolve) => (job.wake = resolve));
    job.credit -= 1;
    parentPort.postMessage({ job: job.id, rows });
  };
  const stream = createReadStream(path);
  try {
    const reader = new Utf8WorkbookReader(stream, {
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
        if (rows.length >= batch) {
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
    parentPort.postMessage({ job: job.id, done: true });
  } catch (error) {
    parentPort.postMessage({ job: job.id, error: String((error && error.message) || error) });
  } finally {
    stream.destroy();
  }
};
`;

type Message = { job: number } & ({ rows: SheetRow[] } | { done: true } | { error: string });

/** Thrown for a file the reader could not read; its message is the reader's. */
export class UnreadableSheet extends Error {}

let exceljs: string | undefined;
let jobs = 0;
let started = 0;
/** A reader thread that finished its last sheet cleanly, kept (unreferenced) for the next one. */
let spare: { worker: Worker; timer: NodeJS.Timeout; forget: () => void } | undefined;

/** How many reader threads this process has started (a kept thread serves several sheets). */
export const readerThreadsStarted = (): number => started;

/** The kept reader thread if there is one, else a new one (loading exceljs takes it ~0.3 s of CPU). */
const takeReader = (): Worker => {
  const kept = spare;
  spare = undefined;
  if (kept) {
    clearTimeout(kept.timer);
    kept.forget();
    kept.worker.ref();
    return kept.worker;
  }
  exceljs ??= createRequire(import.meta.url).resolve('exceljs');
  started += 1;
  return new Worker(THREAD, { eval: true, workerData: { exceljs } });
};

/**
 * Keeps a thread whose last sheet ended cleanly for the next import, for SPARE_MS at most and
 * without holding the process open; one is kept at most, any other stops.
 */
const keepReader = (worker: Worker): void => {
  if (spare) {
    void worker.terminate();
    return;
  }
  const gone = () => {
    if (spare?.worker !== worker) return;
    clearTimeout(spare.timer);
    spare = undefined;
  };
  const forget = () => {
    worker.off('error', gone);
    worker.off('exit', gone);
  };
  worker.on('error', gone);
  worker.on('exit', gone);
  const timer = setTimeout(() => {
    if (spare?.worker !== worker) return;
    spare = undefined;
    forget();
    void worker.terminate();
  }, SPARE_MS);
  timer.unref();
  worker.unref();
  spare = { worker, timer, forget };
};

/**
 * The rows of the first worksheet of the .xlsx at `path`, read by exceljs's streaming reader on a
 * thread of its own (the file is never loaded whole, and parsing it does not hold up the writes
 * on this thread). Whatever the reader fails on is an UnreadableSheet. Leaving the loop early, or
 * a sheet the reader fails on, stops the thread; one that read its sheet to the end is kept for
 * the next import.
 */
export async function* sheetRows(path: string): AsyncGenerator<SheetRow> {
  const worker = takeReader();
  const job = (jobs += 1);
  const inbox: Message[] = [];
  let notify: (() => void) | undefined;
  let failure: Error | undefined;
  let finished = false;
  const arrived = () => {
    const go = notify;
    notify = undefined;
    go?.();
  };
  const onMessage = (message: Message) => {
    if (message.job !== job) return;
    inbox.push(message);
    arrived();
  };
  const onError = (error: Error) => {
    failure = error;
    arrived();
  };
  const onExit = () => {
    failure ??= new Error('the sheet reader stopped');
    arrived();
  };
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  worker.postMessage({ read: job, path, batch: BATCH });
  try {
    for (;;) {
      const message = inbox.shift();
      if (!message) {
        if (failure) throw new UnreadableSheet(failure.message);
        await new Promise<void>((resolve) => (notify = resolve));
        continue;
      }
      if ('error' in message) throw new UnreadableSheet(message.error);
      if ('done' in message) {
        finished = true;
        return;
      }
      worker.postMessage({ more: job });
      yield* message.rows;
    }
  } finally {
    worker.off('message', onMessage);
    if (finished && !failure) {
      worker.off('error', onError);
      worker.off('exit', onExit);
      keepReader(worker);
    } else {
      // Its listeners stay while it stops: an error it raises meanwhile is this read's.
      await worker.terminate();
    }
  }
}
