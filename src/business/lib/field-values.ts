import dayjs, { type Dayjs } from 'dayjs';
import { choiceText, choiceValuesOf, isChoiceColumn, type Column } from '../../../contract';
import { DATE_FORMAT, DATE_TIME_FORMAT, TIME_FORMAT } from './business-cells';

/** Whether a form value counts as empty (docs/product.md §5: such values are left out of payloads). */
export const isBlank = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const TIME_TEXT = /^(\d{1,2}):(\d{2})(?::(\d{2}))?/;
const EPOCH_TEXT = /^\d{10,}$/;

/** A stored DATE / TIME / DATETIME value (text or epoch milliseconds, docs/api.md §0) as a dayjs, or null. */
export const toDayjs = (dataType: 'DATE' | 'TIME' | 'DATETIME', value: unknown): Dayjs | null => {
  if (value === null || value === undefined || value === '') return null;
  if (dayjs.isDayjs(value)) return value;
  if (dataType === 'TIME' && typeof value === 'string') {
    const match = TIME_TEXT.exec(value.trim());
    if (!match) return null;
    const [, h = '0', m = '0', s = '0'] = match;
    const parsed = dayjs('2000-01-01T00:00:00').hour(Number(h)).minute(Number(m)).second(Number(s));
    return parsed.isValid() ? parsed : null;
  }
  const parsed =
    typeof value === 'number' || (typeof value === 'string' && EPOCH_TEXT.test(value))
      ? dayjs(Number(value))
      : dayjs(String(value).replace(' ', 'T'));
  return parsed.isValid() ? parsed : null;
};

const TEMPORAL_FORMATS = { DATE: DATE_FORMAT, TIME: TIME_FORMAT, DATETIME: DATE_TIME_FORMAT } as const;

const toBool = (value: unknown): boolean =>
  value === true ||
  value === 1 ||
  value === '1' ||
  (typeof value === 'string' && value.toLowerCase() === 'true');

/** What the conversions read of a column: its type, and a choice column's options. */
type ValueColumn = Pick<Column, 'dataType' | 'options' | 'multipleValue'>;

/**
 * A record value as its input holds it (a choice column's: the chosen value, or the list of them): dayjs for dates and times, boolean for BOOL, text for
 * BIGINT and DECIMAL (no digit lost), numbers for the other numeric types, text otherwise; a
 * PASSWORD input always starts empty (the server never returns it).
 */
export const toFormValue = (column: ValueColumn, value: unknown): unknown => {
  if (isChoiceColumn(column)) {
    const values = choiceValuesOf(value, Boolean(column.multipleValue));
    return column.multipleValue ? values : values[0];
  }
  switch (column.dataType) {
    case 'DATE':
    case 'TIME':
    case 'DATETIME':
      return toDayjs(column.dataType, value);
    case 'BOOL':
      return value === null || value === undefined ? value : toBool(value);
    case 'PASSWORD':
      return '';
    case 'BIGINT':
    case 'DECIMAL':
      return value === null || value === undefined ? null : String(value);
    case 'TINYINT':
    case 'SMALLINT':
    case 'MEDIUMINT':
    case 'INT':
    case 'FLOAT':
    case 'DOUBLE': {
      if (value === null || value === undefined || value === '') return null;
      const number = Number(value);
      return Number.isFinite(number) ? number : null;
    }
    default:
      return value === null || value === undefined ? '' : String(value);
  }
};

/**
 * An input's value as the server takes it (docs/api.md §0): DATE `YYYY-MM-DD`, TIME `HH:mm:ss`, DATETIME
 * `YYYY-MM-DD HH:mm:ss`, BOOL true/false, BIGINT a number when it is safe and text beyond 2^53,
 * DECIMAL exact text, other numbers as numbers, text as it is, a multiple choice column's list as
 * the comma-joined values. Blank values give undefined.
 */
export const toWireValue = (column: ValueColumn, value: unknown): unknown => {
  if (isBlank(value)) return undefined;
  if (isChoiceColumn(column)) {
    const multiple = Boolean(column.multipleValue);
    return choiceText(choiceValuesOf(value, multiple), multiple) ?? undefined;
  }
  switch (column.dataType) {
    case 'DATE':
    case 'TIME':
    case 'DATETIME': {
      const parsed = toDayjs(column.dataType, value);
      return parsed ? parsed.format(TEMPORAL_FORMATS[column.dataType]) : undefined;
    }
    case 'BOOL':
      return toBool(value);
    case 'BIGINT': {
      const text = String(value).trim();
      const number = Number(text);
      return Number.isSafeInteger(number) ? number : text;
    }
    case 'DECIMAL':
      return String(value).trim();
    case 'TINYINT':
    case 'SMALLINT':
    case 'MEDIUMINT':
    case 'INT':
    case 'FLOAT':
    case 'DOUBLE':
      return typeof value === 'number' ? value : Number(String(value).trim());
    default:
      return typeof value === 'string' ? value : String(value);
  }
};
