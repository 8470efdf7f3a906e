import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { ExportValue } from './export-value';

/** Bytes allowed to wait between the rows produced and the file before production pauses. */
const MAX_PENDING = 8 * 1024 * 1024;

interface Buffered {
  writableLength?: number;
  readableLength?: number;
  /** Streams of the readable-stream package (used inside exceljs's zip) only have these. */
  _writableState?: { length?: number };
  _readableState?: { length?: number };
}

/** The parts of exceljs's streaming writer that hold data not yet in the file. */
interface WriterInternals {
  zip?: Buffered;
  stream?: Buffered;
}
interface SheetInternals {
  stream?: { buffers?: unknown[]; bufSize?: number; pipes?: Buffered[] };
}

const held = (stream: Buffered | undefined): number =>
  (stream?.writableLength ?? stream?._writableState?.length ?? 0) +
  (stream?.readableLength ?? stream?._readableState?.length ?? 0);

/** Bytes written by the rows but not yet in the file: before, inside and after the compressor. */
const pendingBytes = (workbook: WriterInternals, sheet: SheetInternals): number => {
  const source = sheet.stream;
  return (
    (source?.buffers?.length ?? 0) * (source?.bufSize ?? 0) +
    (source?.pipes ?? []).reduce((sum, pipe) => sum + held(pipe), 0) +
    held(workbook.zip) +
    held(workbook.stream)
  );
};

/**
 * Lets the compressor and the file catch up. exceljs commits rows synchronously and ignores
 * backpressure, and with a synchronous driver (SQLite) reading the rows never yields to the event
 * loop either: without this pause the whole sheet would pile up in memory before reaching the file.
 */
const caughtUp = async (workbook: ExcelJS.stream.xlsx.WorkbookWriter, sheet: ExcelJS.Worksheet) => {
  await setImmediate();
  const writer = workbook as unknown as WriterInternals;
  const internals = sheet as unknown as SheetInternals;
  while (pendingBytes(writer, internals) > MAX_PENDING) await sleep(1);
};

/**
 * Streams rows into an .xlsx file: each row is committed (written out) as soon as it is added, and
 * each batch waits for the compressor to catch up, so memory stays flat. Every value is a plain
 * cell value: a string starting with `=` stays a string, never a formula.
 */
export const writeXlsx = async (
  path: string,
  sheetName: string,
  headers: readonly string[],
  rows: AsyncIterable<ExportValue[][]>,
): Promise<number> => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'data');
  sheet.addRow([...headers]).commit();
  let count = 0;
  for await (const batch of rows) {
    for (const row of batch) {
      sheet.addRow(row).commit();
      count += 1;
    }
    await caughtUp(workbook, sheet);
  }
  sheet.commit();
  await workbook.commit();
  return count;
};
