import { rm } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ApiException } from '../../errors/api-exception';
import type { Localized } from '../../i18n/messages';
import { importMessage } from '../../i18n/import-messages';
import type { ItemContext } from '../items/item-context';
import type { ItemTable } from '../items/item-table';
import { runWrite } from '../items/write-context';
import { cellValue } from './cell-value';
import { mapHeaders } from './import-headers';
import { ImportFailed, ImportReport } from './import-report';
import { ImportRow } from './import-row';
import { IMPORT_BATCH, importBatch } from './import-rows';
import { sheetRows, UnreadableSheet, type SheetRow } from './sheet-rows';
import { StagedRowsWriter, stagedBatches } from './staged-rows';
import {
  ARCHIVE_LIMITS,
  checkXlsxArchive,
  isStreamable,
  partTooBig,
  writeStreamable,
  type ArchiveLimits,
} from './xlsx-archive';

export interface XlsxImportOptions {
  /** Keep the good rows and report the bad ones (else one bad row writes nothing). */
  partial: boolean;
  /** Most data rows a sheet may have. */
  maxRows: number;
  archive?: ArchiveLimits;
}

const bad = (message: Localized) => new ApiException('VALIDATION_ERROR', message, { file: message });

/** The text of a header cell. */
const headerText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') {
    const cell = value as Record<string, unknown>;
    if (Array.isArray(cell.richText)) {
      return (cell.richText as { text?: unknown }[]).map((part) => String(part.text ?? '')).join('');
    }
    if ('result' in cell) return headerText(cell.result);
    if ('text' in cell) return headerText(cell.text);
  }
  return value instanceof Date ? value.toISOString() : String(value as string | number | boolean);
};

/**
 * The rows of the first worksheet (read on a thread of its own, see sheet-rows.ts). Whatever the
 * reader fails on is a 400: the file is not a readable workbook.
 */
async function* readableRows(path: string): AsyncGenerator<SheetRow> {
  try {
    yield* sheetRows(path);
  } catch (error) {
    if (!(error instanceof UnreadableSheet)) throw error;
    throw bad(importMessage('corrupt', { reason: error.message.slice(0, 200) || 'unreadable' }));
  }
}

/**
 * `POST /api/business/{table}/import` (docs/api.md §3): checks the uploaded .xlsx (see
 * checkXlsxArchive; shared strings or a worksheet unpacking past their limits are a 413), maps its
 * header row to columns, converts every cell with the items service's own rules, then writes the
 * rows (see importSheet). All-or-nothing unless `partial`: any bad row rolls everything back with
 * the report (ImportFailed). More rows than `maxRows`, an empty sheet or a sheet without data rows
 * are a 400 and write nothing.
 */
export const importXlsx = async (
  context: ItemContext,
  item: ItemTable,
  path: string,
  options: XlsxImportOptions,
): Promise<ImportReport> => {
  const archive = await checkXlsxArchive(path, options.archive ?? ARCHIVE_LIMITS);
  if (isStreamable(archive)) return importSheet(context, item, path, options);
  // The parts come in an order the streaming reader cannot follow: read a reordered copy.
  const ordered = `${path}.ordered`;
  try {
    await writeStreamable(path, archive, ordered);
    return await importSheet(context, item, ordered, options);
  } finally {
    await rm(ordered, { force: true });
  }
};

/** Rows a partial import writes per transaction: on SQLite other writes wait for one such batch at most. */
export const PARTIAL_BATCH = 200;

/** The bytes a raw cell stands for once read (its text; a small constant for other values). */
const cellSize = (value: unknown): number => {
  if (typeof value === 'string') return value.length;
  if (typeof value === 'object' && value !== null) {
    const cell = value as Record<string, unknown>;
    if (Array.isArray(cell.richText)) {
      return (cell.richText as { text?: unknown }[]).reduce(
        (sum, part) => sum + String(part.text ?? '').length,
        0,
      );
    }
    if (typeof cell.text === 'string') return cell.text.length;
    if (typeof cell.result === 'string') return cell.result.length;
  }
  return 8;
};

interface StagedSheet {
  labels: Map<string, string>;
  count: number;
  failed: number;
}

/**
 * Reads, maps and converts the whole sheet before anything is written, into `staging`: header
 * problems, too many rows, a sheet whose cells expand past `maxSheetSize` (shared strings
 * repeated) and unreadable files all end here, with no transaction opened.
 */
const stageSheet = async (
  item: ItemTable,
  path: string,
  staging: StagedRowsWriter,
  options: XlsxImportOptions,
): Promise<StagedSheet> => {
  const maxSheetSize = options.archive?.maxSheet ?? ARCHIVE_LIMITS.maxSheet;
  let headers: ReturnType<typeof mapHeaders> | null = null;
  let labels = new Map<string, string>();
  let expanded = 0;
  for await (const sheetRow of readableRows(path)) {
    for (const value of sheetRow.values) expanded += cellSize(value);
    if (expanded > maxSheetSize) throw partTooBig('sheet', maxSheetSize);
    if (!headers) {
      headers = mapHeaders(
        item.table.columns,
        sheetRow.values.slice(1).map((value) => headerText(value)),
      );
      labels = new Map(headers.map((header) => [header.column.name, header.header]));
      continue;
    }
    const row = new ImportRow(sheetRow.number, {});
    let empty = true;
    for (const { index, column } of headers) {
      const value = cellValue(column, sheetRow.values[index]);
      if (!value.ok) {
        row.fail(column.name, value.message);
        empty = false;
      } else if (value.value !== null) {
        row.values[column.name] = value.value;
        empty = false;
      }
    }
    if (empty) continue;
    if (staging.count >= options.maxRows) throw bad(importMessage('tooManyRows', { max: options.maxRows }));
    await staging.add(row);
  }
  if (!headers) throw bad(importMessage('emptySheet'));
  if (staging.count === 0) throw bad(importMessage('noRows'));
  return { labels, count: staging.count, failed: staging.failed };
};

/** The failures of rows that could not even be converted, as a failed import reports them. */
const conversionReport = async (staging: string, labels: Map<string, string>): Promise<ImportReport> => {
  const report = new ImportReport();
  for await (const batch of stagedBatches(staging, IMPORT_BATCH)) {
    for (const row of batch) {
      for (const failure of row.failures) {
        report.fail({
          row: row.row,
          ...(failure.column === undefined ? {} : { column: labels.get(failure.column) ?? failure.column }),
          message: failure.message,
        });
      }
    }
  }
  return report;
};

/**
 * The import in two steps. First the sheet is read and converted into a staging file with no
 * transaction open, so a slow or hostile workbook holds up nobody. Then the staged rows are
 * written: all-or-nothing in one transaction (a row that could not be converted fails the import
 * before it starts: nothing is written and the report names those rows); partial in short
 * transactions of PARTIAL_BATCH rows. Other requests run between batches: reads see the last
 * committed state meanwhile (on SQLite through the read connection, see route-sqlite-reads.ts),
 * and on SQLite other writes wait for the open transaction (docs/permissions.md, "Imports and
 * the database lock").
 */
const importSheet = async (
  context: ItemContext,
  item: ItemTable,
  path: string,
  options: XlsxImportOptions,
): Promise<ImportReport> => {
  const stagingPath = `${path}.rows`;
  const staging = new StagedRowsWriter(stagingPath);
  try {
    let staged: StagedSheet;
    try {
      staged = await stageSheet(item, path, staging, options);
    } finally {
      await staging.close();
    }
    const { labels } = staged;
    const label = (name: string) => labels.get(name) ?? name;
    if (!options.partial && staged.failed > 0) {
      throw new ImportFailed(await conversionReport(stagingPath, labels));
    }
    const report = new ImportReport();
    if (options.partial) {
      for await (const batch of stagedBatches(stagingPath, PARTIAL_BATCH)) {
        await runWrite(context, item, (write) => importBatch(write, item, batch, report, { label }));
        await nextTurn();
      }
      return report;
    }
    return await runWrite(context, item, async (write) => {
      for await (const batch of stagedBatches(stagingPath, IMPORT_BATCH)) {
        await importBatch(write, item, batch, report, { label });
        // Let other requests run between batches: on SQLite they read on a connection of their
        // own (the last committed state) while this transaction stays open.
        await nextTurn();
      }
      if (report.failedRows > 0) throw new ImportFailed(report);
      return report;
    });
  } finally {
    staging.destroy();
    await rm(stagingPath, { force: true });
  }
};
