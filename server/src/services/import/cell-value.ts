import { choiceOptionFor, choiceText, isChoiceColumn } from '../../../../contract/choice';
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

/** Most allowed values a refused choice cell lists. */
const MAX_LISTED_CHOICES = 30;

/**
 * A choice column's cell: the option its text stands for, by value or by caption in either
 * language (an export writes captions); a multiple choice cell lists several, separated by commas
 * (`,` `，` `、`). Anything else refuses the row, naming the column and the allowed values.
 */
const choiceCell = (column: StoredColumn, text: string): CellValue => {
  const options = column.options ?? [];
  const whole = choiceOptionFor(options, text);
  if (whole) return ok(whole.value);
  const multiple = column.multipleValue;
  const parts = multiple
    ? text
        .split(/[,，、]/)
        .map((part) => part.trim())
        .filter((part) => part !== '')
    : [text];
  const values: string[] = [];
  for (const part of parts) {
    const option = choiceOptionFor(options, part);
    if (!option) {
      const allowed = options.map((one) => one.value);
      return {
        ok: false,
        message: importMessage('choiceUnknown', {
          name: column.caption || column.name,
          value: part.slice(0, 100),
          allowed:
            allowed.length > MAX_LISTED_CHOICES
              ? `${allowed.slice(0, MAX_LISTED_CHOICES).join(', ')}, …`
              : allowed.join(', '),
        }),
      };
    }
    values.push(option.value);
  }
  return ok(choiceText(values, multiple));
};

/**
 * The value of one cell of an imported sheet for `column`: text, numbers and booleans as they are
 * (numbers as text for text columns; a number in a date/time column is read as a spreadsheet date
 * serial), dates formatted as docs/api.md §0 writes them, rich text and hyperlinks as their text, an
 * empty cell as null. A formula is never evaluated: its cached result is taken, and a formula
 * without one is refused; error cells (`#N/A`…) are refused.
 */
export const cellValue = (column: StoredColumn, raw: unknown): CellValue => {
  const value = plainCellValue(column, raw);
  if (!value.ok || !isChoiceColumn(column) || value.value === null) return value;
  return choiceCell(column, String(value.value));
};

const plainCellValue = (column: StoredColumn, raw: unknown): CellValue => {
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
      return plainCellValue(column, cell.result);
    }
    if ('error' in cell)
      return { ok: false, message: importMessage('cellError', { value: String(cell.error) }) };
    if (Array.isArray(cell.richText)) {
      const text = (cell.richText as { text?: unknown }[]).map((part) => String(part.text ?? '')).join('');
      return plainCellValue(column, text);
    }
    if ('text' in cell) return plainCellValue(column, cell.text);
  }
  return ok(String(raw));
};
