import type { DataTypeKind } from '../../../../contract/data-types';
import { DAY_MS, SERIAL_EPOCH } from '../spreadsheet-serial';

/**
 * How an export writes one column's values into spreadsheet cells: numbers as number cells (a
 * DECIMAL with its scale as the number format), dates and times as date cells, booleans as boolean
 * cells, the rest (and anything that does not parse) as text.
 */
export type XlsxCellKind =
  | { kind: 'text' }
  | { kind: 'number' }
  | { kind: 'decimal'; scale: number }
  | { kind: 'date' }
  | { kind: 'datetime' }
  | { kind: 'time' }
  | { kind: 'bool' };

/** Digits a spreadsheet number keeps exactly (IEEE double); longer decimals stay text. */
const MAX_EXACT_DIGITS = 15;
/** The most decimal places a number format of ours shows. */
export const MAX_FORMAT_SCALE = 15;

/** The cell kind of a column of a data-type kind (a relation shown by its record's text is text). */
export const cellKindOf = (
  kind: DataTypeKind,
  scale: number | null | undefined,
  shownAsText: boolean,
): XlsxCellKind => {
  if (shownAsText) return { kind: 'text' };
  switch (kind) {
    case 'integer':
    case 'float':
      return { kind: 'number' };
    case 'decimal':
      return { kind: 'decimal', scale: Math.min(Math.max(scale ?? 0, 0), MAX_FORMAT_SCALE) };
    case 'date':
    case 'datetime':
    case 'time':
      return { kind };
    case 'bool':
      return { kind: 'bool' };
    default:
      return { kind: 'text' };
  }
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/;

const timeFraction = (h: string, m: string, s: string, ms = '0') =>
  (Number(h) * 3_600_000 + Number(m) * 60_000 + Number(s) * 1000 + Number(ms.padEnd(3, '0'))) / DAY_MS;

const daySerial = (y: string, m: string, d: string): number | null => {
  const at = Date.UTC(Number(y), Number(m) - 1, Number(d));
  const date = new Date(at);
  // 2026-02-30 is not a day: keep such text as it is.
  if (date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) return null;
  const serial = (at - SERIAL_EPOCH) / DAY_MS;
  // Before 1900-03-01 the 1900 system's serials are off by its phantom 1900-02-29: leave as text.
  return serial >= 61 ? serial : null;
};

const exactNumber = (text: string): number | null => {
  if (!/^-?\d+(?:\.\d+)?$/.test(text)) return null;
  const digits = text
    .replace(/^-/, '')
    .replace('.', '')
    .replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_EXACT_DIGITS) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
};

/**
 * A value as the cell of its kind holds it: a number (also for dates, as a serial), a boolean, or,
 * when it does not fit the kind (or would lose digits), its text.
 */
export const typedCellValue = (
  cell: XlsxCellKind,
  value: string | number | boolean,
): string | number | boolean => {
  switch (cell.kind) {
    case 'number':
    case 'decimal':
      if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
      return typeof value === 'string' ? (exactNumber(value.trim()) ?? value) : String(value);
    case 'bool':
      if (typeof value === 'boolean') return value;
      if (value === 1 || value === '1' || value === 'true') return true;
      if (value === 0 || value === '0' || value === 'false') return false;
      return String(value);
    case 'date': {
      const parts = typeof value === 'string' ? DATE.exec(value) : null;
      const serial = parts ? daySerial(parts[1]!, parts[2]!, parts[3]!) : null;
      return serial ?? String(value);
    }
    case 'datetime': {
      const parts = typeof value === 'string' ? DATE_TIME.exec(value) : null;
      const day = parts ? daySerial(parts[1]!, parts[2]!, parts[3]!) : null;
      return parts && day !== null
        ? day + timeFraction(parts[4]!, parts[5]!, parts[6]!, parts[7])
        : String(value);
    }
    case 'time': {
      const parts = typeof value === 'string' ? TIME.exec(value) : null;
      return parts ? timeFraction(parts[1]!, parts[2]!, parts[3]!, parts[4]) : String(value);
    }
    default:
      return typeof value === 'string' ? value : String(value);
  }
};
