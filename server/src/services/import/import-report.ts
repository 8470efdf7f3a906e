import type { ImportResult } from '../../../../contract/index';
import { ApiException } from '../../errors/api-exception';
import { format, type Lang, type Localized } from '../../i18n/messages';
import { importMessage } from '../../i18n/import-messages';

/** Most bad values one report lists; every bad row is still counted. */
export const MAX_REPORTED = 10_000;

export interface Failure {
  table?: string;
  row: number;
  column?: string;
  message: Localized;
}

/** What an import did so far: counts and the bad values, messages in both languages. */
export class ImportReport {
  inserted = 0;
  updated = 0;
  readonly failed: Failure[] = [];
  private readonly badRows = new Set<string>();

  /** Records that a row is bad, and why. */
  fail(failure: Failure): void {
    this.badRows.add(`${failure.table ?? ''}\u0000${failure.row}`);
    if (this.failed.length < MAX_REPORTED) this.failed.push(failure);
  }

  get failedRows(): number {
    return this.badRows.size;
  }

  /** The report in one language, in the order of the rows. */
  toResult(lang: Lang): ImportResult {
    const failed = [...this.failed]
      .sort((a, b) => (a.table ?? '').localeCompare(b.table ?? '') || a.row - b.row)
      .map(({ table, row, column, message }) => ({
        ...(table === undefined ? {} : { table }),
        row,
        ...(column === undefined ? {} : { column }),
        message: format(message, lang),
      }));
    return { inserted: this.inserted, updated: this.updated, failed, failedRows: this.failedRows };
  }
}

/**
 * Thrown to roll an all-or-nothing import back when some rows are bad; the route answers it with
 * a 400 carrying the whole report (nothing was written).
 */
export class ImportFailed extends ApiException {
  constructor(readonly report: ImportReport) {
    super('VALIDATION_ERROR', importMessage('failed', { count: report.failedRows }));
  }
}

/** A localized message from the text or Localized an error carries. */
export const localized = (value: string | Localized): Localized =>
  typeof value === 'string' ? { zh: value, en: value } : value;
