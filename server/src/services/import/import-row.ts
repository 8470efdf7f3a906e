import type { Localized } from '../../i18n/messages';

/** One record of an import on its way in: where it came from, its values, what is wrong with it. */
export class ImportRow {
  readonly failures: { column?: string; message: Localized }[] = [];

  constructor(
    /** The row number as the sheet shows it (or the record's 1-based position in a file). */
    readonly row: number,
    /** Column name → value, as the items service's conversion takes it. */
    readonly values: Record<string, unknown>,
  ) {}

  /** Marks the row bad because of `column` (a column name; none when the whole row is to blame). */
  fail(column: string | undefined, message: Localized): void {
    this.failures.push(column === undefined ? { message } : { column, message });
  }

  get ok(): boolean {
    return this.failures.length === 0;
  }
}
