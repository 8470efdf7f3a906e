import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipArchive } from 'archiver';
import type { ExportValue } from './export-value';
import { columnLetters, xlsxRow } from './xlsx-cells';
import { typedCellValue, type XlsxCellKind } from './xlsx-cell-kind';
import {
  CELL_STYLES,
  displayWidth,
  HEADER_STYLE,
  SHEET_END,
  SHEET_PATH,
  sheetStart,
  sheetTitle,
  workbookParts,
} from './xlsx-parts';

/** The cell format of a kind of cell. */
const styleOf = (cell: XlsxCellKind): number => {
  switch (cell.kind) {
    case 'date':
    case 'datetime':
    case 'time':
      return CELL_STYLES[cell.kind];
    case 'number':
      return CELL_STYLES.integer;
    case 'decimal':
      return CELL_STYLES.decimal + cell.scale;
    default:
      return 0;
  }
};

/** How wide a column of a kind starts (its header may make it wider). */
const WIDTHS: Record<XlsxCellKind['kind'], number> = {
  text: 12,
  number: 10,
  decimal: 12,
  date: 10,
  datetime: 19,
  time: 8,
  bool: 6,
};

/** One record's values as the cells of their columns hold them. */
const typedRow = (row: readonly ExportValue[], cells: readonly XlsxCellKind[]): ExportValue[] =>
  row.map((value, index) => {
    const cell = cells[index];
    return value === null || !cell ? value : typedCellValue(cell, value);
  });

/**
 * Compression of the package, 1 to 9. On 1,000,000 rows level 6 made the file 11% smaller than 3
 * but the export 15% slower. The deflate runs off the event loop.
 */
const ZLIB_LEVEL = 3;

/**
 * Streams rows into an .xlsx file of one sheet: a bold, frozen header row, then one row per
 * record. The worksheet's XML is produced batch by batch and compressed as it is read, with
 * backpressure, so memory holds about one batch whatever the row count. Every string is an
 * inline string: a value starting with `=` stays text, never a formula. With `cells`, each column's
 * values are written as its kind of cell (numbers, dates, booleans, with their number formats).
 */
export const writeXlsx = async (
  path: string,
  sheetName: string,
  headers: readonly string[],
  rows: AsyncIterable<ExportValue[][]>,
  cells?: readonly XlsxCellKind[],
): Promise<number> => {
  const letters = columnLetters(headers.length);
  const styles = cells?.map(styleOf) ?? 0;
  const widths = headers.map((header, index) =>
    Math.max(displayWidth(header) + 1, WIDTHS[cells?.[index]?.kind ?? 'text']),
  );
  let count = 0;
  async function* worksheet(): AsyncGenerator<Buffer> {
    yield Buffer.from(sheetStart(widths) + xlsxRow(1, headers, letters, HEADER_STYLE));
    for await (const batch of rows) {
      let xml = '';
      for (const row of batch) {
        count += 1;
        xml += xlsxRow(count + 1, cells ? typedRow(row, cells) : row, letters, styles);
      }
      yield Buffer.from(xml);
    }
    yield Buffer.from(SHEET_END);
  }

  const output = createWriteStream(path);
  const zip = new ZipArchive({ zlib: { level: ZLIB_LEVEL } });
  const sheet = Readable.from(worksheet(), { objectMode: false });
  const failure = new Promise<never>((_, reject) => {
    zip.on('error', reject);
    zip.on('warning', reject);
    sheet.on('error', reject);
    output.on('error', reject);
  });
  zip.pipe(output);
  try {
    for (const [name, content] of workbookParts(sheetTitle(sheetName))) zip.append(content, { name });
    zip.append(sheet, { name: SHEET_PATH });
    await Promise.race([Promise.all([zip.finalize(), finished(output)]), failure]);
  } catch (error) {
    zip.abort();
    sheet.destroy();
    output.destroy();
    throw error;
  }
  return count;
};
