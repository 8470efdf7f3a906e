import { dataTypeTraits, type DataTypeKind } from '../../../contract/data-types';
import type { DefaultLiteral } from '../model/default-literal';
import type { ColumnDef } from '../model/table-def';
import { integerRange, isIntegerType } from './integer-range';
import { ATTACHMENT_LENGTH, DEFAULT_CHAR_LENGTH, DEFAULT_VARCHAR_LENGTH } from './column-type';

export type { DefaultLiteral };

export type DefaultValueResult = { ok: true; value: DefaultLiteral } | { ok: false; expected: string };

type TypedColumn = Pick<ColumnDef, 'dataType' | 'length' | 'precision' | 'scale' | 'unsigned'>;

const INTEGER = /^[-+]?\d+$/;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const DECIMAL = /^[-+]?(\d*)(?:\.(\d*))?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;
const TRUE = new Set(['true', '1']);
const FALSE = new Set(['false', '0']);

const validDate = (text: string): boolean => {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
};

const validTime = (text: string): boolean => {
  const match = TIME.exec(text);
  return !!match && Number(match[1]) <= 23 && Number(match[2]) <= 59 && Number(match[3]) <= 59;
};

const maxChars = (column: TypedColumn): number | undefined => {
  switch (column.dataType) {
    case 'CHAR':
      return column.length ?? DEFAULT_CHAR_LENGTH;
    case 'VARCHAR':
      return column.length ?? DEFAULT_VARCHAR_LENGTH;
    case 'ATTACHMENT':
      return ATTACHMENT_LENGTH;
    default:
      return undefined;
  }
};

const decimalFits = (text: string, precision: number, scale: number): boolean => {
  const match = DECIMAL.exec(text);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return false;
  const integerDigits = (match[1] ?? '').replace(/^0+/, '').length;
  const fractionDigits = (match[2] ?? '').replace(/0+$/, '').length;
  return integerDigits <= precision - scale && fractionDigits <= scale;
};

/** What a default of this type looks like, for the error message (e.g. `DECIMAL(10,2)`, `YYYY-MM-DD`). */
const expectation = (column: TypedColumn): string => {
  switch (column.dataType) {
    case 'DATE':
      return 'YYYY-MM-DD';
    case 'TIME':
      return 'HH:mm:ss';
    case 'DATETIME':
      return 'YYYY-MM-DD HH:mm:ss';
    case 'BOOL':
      return 'true / false';
    case 'DECIMAL':
      return `DECIMAL(${column.precision ?? 10},${column.scale ?? 0})`;
    case 'CHAR':
    case 'VARCHAR':
    case 'ATTACHMENT':
      return `${column.dataType}(${maxChars(column)})`;
    default:
      return column.unsigned ? `${column.dataType} UNSIGNED` : column.dataType;
  }
};

/**
 * Parses a column's default value text for its data type. Only literals are accepted (no
 * functions); TEXT, LONGTEXT and PASSWORD take no default. The value returned is what the schema
 * builder gets: a number for integers that fit a double exactly, a boolean for BOOL, else text.
 */
export const parseDefaultValue = (column: TypedColumn, text: string): DefaultValueResult => {
  const fail: DefaultValueResult = { ok: false, expected: expectation(column) };
  const { dataType } = column;
  if (isIntegerType(dataType)) {
    const trimmed = text.trim();
    if (!INTEGER.test(trimmed)) return fail;
    const value = BigInt(trimmed);
    const range = integerRange(dataType, column.unsigned);
    if (value < range.min || value > range.max) return fail;
    return { ok: true, value: Number.isSafeInteger(Number(value)) ? Number(value) : value.toString() };
  }
  switch (dataType) {
    case 'CHAR':
    case 'VARCHAR':
    case 'ATTACHMENT':
      return [...text].length <= (maxChars(column) ?? 0) ? { ok: true, value: text } : fail;
    case 'TEXT':
    case 'LONGTEXT':
    case 'PASSWORD':
      return { ok: false, expected: '—' };
    case 'FLOAT':
    case 'DOUBLE': {
      const trimmed = text.trim();
      if (!NUMBER.test(trimmed) || !Number.isFinite(Number(trimmed))) return fail;
      return { ok: true, value: Number(trimmed) };
    }
    case 'DECIMAL': {
      const trimmed = text.trim();
      return decimalFits(trimmed, column.precision ?? 10, column.scale ?? 0)
        ? { ok: true, value: trimmed }
        : fail;
    }
    case 'DATE':
      return validDate(text.trim()) ? { ok: true, value: text.trim() } : fail;
    case 'TIME':
      return validTime(text.trim()) ? { ok: true, value: text.trim() } : fail;
    case 'DATETIME': {
      const match = DATETIME.exec(text.trim());
      return match && validDate(match[1] ?? '') && validTime(match[2] ?? '')
        ? { ok: true, value: text.trim() }
        : fail;
    }
    case 'BOOL': {
      const lower = text.trim().toLowerCase();
      if (TRUE.has(lower)) return { ok: true, value: true };
      if (FALSE.has(lower)) return { ok: true, value: false };
      return fail;
    }
  }
  return fail;
};

/** The stand-in value of each kind of type. */
const ZERO_VALUES: Record<DataTypeKind, DefaultLiteral> = {
  text: '',
  password: '',
  integer: 0,
  float: 0,
  decimal: '0',
  date: '1970-01-01',
  time: '00:00:00',
  datetime: '1970-01-01 00:00:00',
  bool: false,
};

/**
 * The value that fills existing NULLs when a column becomes NOT NULL without a default (only with
 * the caller's consent, since it replaces "no value" by an invented one).
 */
export const zeroValue = (column: Pick<ColumnDef, 'dataType'>): DefaultLiteral =>
  ZERO_VALUES[dataTypeTraits(column.dataType).kind];
