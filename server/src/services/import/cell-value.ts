import { storedAttachmentValue } from '../../../../contract/stored-file';
import type { Localized } from '../../i18n/messages';
import { importMessage } from '../../i18n/import-messages';
import { kindOf } from '../../query/data-type-kind';
import type { StoredColumn } from '../metadata-rows';
import { DAY_MS, SERIAL_EPOCH } from '../spreadsheet-serial';

/** A spreadsheet cell as the value the items service's conversion takes, or why it cannot be one. */
export type CellValue =
  { ok: true; value: string | number | boolean | null } | { ok: false; message: Localized };

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Spreadsheet dates carry no zone: exceljs hands them over as UTC wall-clock times. */
const dateParts = (date: Date) => ({
  date: `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`,
  time: `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`,
});

const fromDate = (column: StoredColumn, date: Date): string | null => {
  if (Number.isNaN(date.getTime())) return null;
  const { date: day, time } = dateParts(date);
  switch (kindOf(column.dataType)) {
    case 'date':
      return day;
    case 'time':
      return time;
    default:
      return `${day} ${time}`;
  }
};

const isTemporal = (column: StoredColumn): boolean => {
  const kind = kindOf(column.dataType);
  return kind === 'date' || kind === 'time' || kind === 'datetime';
};

const ok = (value: string | number | boolean | null): CellValue => ({ ok: true, value });

/**
 * The value of one cell of an imported sheet for `column`: text, numbers and booleans as they are
 * (numbers as text for text columns; a number in a date/time column is read as a spreadsheet date
 * serial), dates formatted as docs/api.md §0 writes them, rich text and hyperlinks as their text, an
 * empty cell as null. A formula is never evaluated: its cached result is taken, and a formula
 * without one is refused; error cells (`#N/A`…) are refused.
 */
export const cellValue = (column: StoredColumn, raw: unknown): CellValue => {
  if (raw === null || raw === undefined) return ok(null);
  if (typeof raw === 'string') {
    // an upload's absolute link, as an export writes it, is stored as the upload's own value
    const given = column.dataType === 'ATTACHMENT' ? storedAttachmentValue(raw) : raw;
    const text = kindOf(column.dataType) === 'text' || column.dataType === 'PASSWORD' ? given : given.trim();
    return ok(text === '' ? null : text);
  }
  if (typeof raw === 'boolean') return ok(raw);
  if (typeof raw === 'number') {
    if (isTemporal(column)) {
      const value = fromDate(column, new Date(SERIAL_EPOCH + Math.round(raw * DAY_MS)));
      return value === null ? ok(raw) : ok(value);
    }
    return ok(kindOf(column.dataType) === 'text' ? String(raw) : raw);
  }
  if (raw instanceof Date) {
    const value = fromDate(column, raw);
    return value === null ? ok(String(raw)) : ok(value);
  }
  if (typeof raw === 'object') {
    const cell = raw as Record<string, unknown>;
    if ('formula' in cell || 'sharedFormula' in cell) {
      if (cell.result === undefined || cell.result === null) {
        return { ok: false, message: importMessage('formulaNoResult') };
      }
      return cellValue(column, cell.result);
    }
    if ('error' in cell)
      return { ok: false, message: importMessage('cellError', { value: String(cell.error) }) };
    if (Array.isArray(cell.richText)) {
      const text = (cell.richText as { text?: unknown }[]).map((part) => String(part.text ?? '')).join('');
      return cellValue(column, text);
    }
    if ('text' in cell) return cellValue(column, cell.text);
  }
  return ok(String(raw));
};
