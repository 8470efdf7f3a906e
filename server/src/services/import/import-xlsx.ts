import { rm } from 'node:fs/promises';
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
import {
  ARCHIVE_LIMITS,
  checkXlsxArchive,
  isStreamable,
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
 * `POST /api/business/{table}/import` (API.md §3): checks the uploaded .xlsx (see
 * checkXlsxArchive), maps its header row to columns, converts every cell with the items service's
 * own rules and writes the rows in batches in ONE transaction. All-or-nothing unless `partial`:
 * any bad row rolls everything back with the full report (ImportFailed). More rows than
 * `maxRows`, an empty sheet or a sheet without data rows are a 400 and write nothing.
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

const importSheet = async (
  context: ItemContext,
  item: ItemTable,
  path: string,
  options: XlsxImportOptions,
): Promise<ImportReport> =>
  runWrite(context, item, async (write) => {
    const report = new ImportReport();
    const rows = readableRows(path);
    let headers: ReturnType<typeof mapHeaders> | null = null;
    let labels = new Map<string, string>();
    let batch: ImportRow[] = [];
    let count = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      await importBatch(write, item, batch, report, { label: (name) => labels.get(name) ?? name });
      batch = [];
    };
    for await (const sheetRow of rows) {
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
      count += 1;
      if (count > options.maxRows) throw bad(importMessage('tooManyRows', { max: options.maxRows }));
      batch.push(row);
      if (batch.length >= IMPORT_BATCH) await flush();
    }
    if (!headers) throw bad(importMessage('emptySheet'));
    if (count === 0) throw bad(importMessage('noRows'));
    await flush();
    if (!options.partial && report.failedRows > 0) throw new ImportFailed(report);
    return report;
  });
