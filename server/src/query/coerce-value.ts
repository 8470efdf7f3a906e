import {
  ATTACHMENT_LENGTH,
  DEFAULT_CHAR_LENGTH,
  DEFAULT_DECIMAL_PRECISION,
  DEFAULT_VARCHAR_LENGTH,
} from '../dialects/column-type';
import { nativeRuleOf } from '../dialects/native-kind';
import { integerRange, type IntegerRange, type IntegerType } from '../dialects/integer-range';
import type { Localized } from '../i18n/messages';
import { itemsMessage } from '../i18n/items-messages';
import { kindOf } from './data-type-kind';
import type { QueryColumn, ScalarValue } from './query-types';
import { parseDate, parseDateTime, parseTime } from './temporal';

export type Coerced = { ok: true; value: ScalarValue } | { ok: false; message: Localized };

/** The longest raw password accepted (it is stored hashed). */
export const MAX_PASSWORD_LENGTH = 200;
/** MySQL's TEXT holds 65,535 bytes; the same limit applies everywhere so data moves between databases. */
export const TEXT_BYTES = 65535;
const FLOAT_MAX = 3.4028234663852886e38;

const ok = (value: ScalarValue): Coerced => ({ ok: true, value });
const fail = (message: Localized): Coerced => ({ ok: false, message });

const INTEGER_TEXT = /^[+-]?\d{1,40}$/;
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Built only on failure: integers are checked for every key of every record read. */
const badInteger = (range: IntegerRange): Coerced =>
  fail(itemsMessage('badInteger', { min: String(range.min), max: String(range.max) }));

const coerceInteger = (column: QueryColumn, input: string | number | boolean): Coerced => {
  const range = integerRange(column.dataType as IntegerType, column.unsigned);
  if (typeof input === 'number') {
    // Every safe integer compares exactly with the range's ends as numbers.
    if (!Number.isSafeInteger(input)) return badInteger(range);
    if (input < Number(range.min) || input > Number(range.max)) return badInteger(range);
    return ok(input === 0 ? 0 : input); // never -0
  }
  if (typeof input !== 'string' || !INTEGER_TEXT.test(input)) return badInteger(range);
  const value = BigInt(input);
  if (value < range.min || value > range.max) return badInteger(range);
  const asNumber = Number(value);
  return ok(Number.isSafeInteger(asNumber) ? asNumber : value.toString());
};

const coerceFloat = (column: QueryColumn, input: string | number | boolean): Coerced => {
  const value =
    typeof input === 'number'
      ? input
      : typeof input === 'string' && NUMBER_TEXT.test(input)
        ? Number(input)
        : NaN;
  if (!Number.isFinite(value)) return fail(itemsMessage('badNumber'));
  if (column.dataType === 'FLOAT' && Math.abs(value) > FLOAT_MAX) return fail(itemsMessage('outOfRange'));
  return ok(value);
};

/** Exact decimal text, checked against precision and scale; trailing zeros of the fraction are free. */
const coerceDecimal = (column: QueryColumn, input: string | number | boolean): Coerced => {
  const precision = column.precision && column.precision > 0 ? column.precision : DEFAULT_DECIMAL_PRECISION;
  const scale = Math.min(column.scale && column.scale > 0 ? column.scale : 0, precision);
  const bad = () => fail(itemsMessage('badDecimal', { integer: precision - scale, scale }));
  const text = typeof input === 'number' && Number.isFinite(input) ? String(input) : input;
  if (typeof text !== 'string') return bad();
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return bad();
  const sign = match[1] === '-' ? '-' : '';
  const whole = (match[2] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (whole === '' && fraction === '' && !/\d/.test(text)) return bad();
  const integerPart = whole === '' ? '0' : whole;
  if (integerPart.replace(/^0$/, '').length > precision - scale || fraction.length > scale) return bad();
  const isZero = /^0*$/.test(integerPart) && fraction === '';
  return ok(`${isZero ? '' : sign}${integerPart}${fraction ? `.${fraction}` : ''}`);
};

/** What the screens, exports and people write for yes and no, in both languages. */
const TRUE_TEXTS = new Set(['true', '1', '是', 'yes', 'y']);
const FALSE_TEXTS = new Set(['false', '0', '否', 'no', 'n']);

const coerceBool = (input: string | number | boolean): Coerced => {
  if (typeof input === 'boolean') return ok(input);
  const text = String(input).trim().toLowerCase();
  if (TRUE_TEXTS.has(text)) return ok(true);
  if (FALSE_TEXTS.has(text)) return ok(false);
  return fail(itemsMessage('badBool'));
};

const maxChars = (column: QueryColumn): number | null => {
  switch (column.dataType) {
    case 'CHAR':
      return column.length && column.length > 0 ? column.length : DEFAULT_CHAR_LENGTH;
    case 'VARCHAR':
      return column.length && column.length > 0 ? column.length : DEFAULT_VARCHAR_LENGTH;
    case 'ATTACHMENT':
      return ATTACHMENT_LENGTH;
    case 'PASSWORD':
      return MAX_PASSWORD_LENGTH;
    default:
      return null;
  }
};

const UUID = /^\{?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\}?$/i;

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** A text in the form the column's native type takes (a uuid, a JSON document), or why not. */
const nativeForm = (column: QueryColumn, text: string): Coerced => {
  switch (nativeRuleOf(column.nativeType)?.valueForm) {
    case 'uuid':
      return UUID.test(text) ? ok(text) : fail(itemsMessage('badUuid'));
    case 'json':
      return isJson(text) ? ok(text) : fail(itemsMessage('badJson'));
    default:
      return ok(text);
  }
};

const coerceText = (column: QueryColumn, input: string | number | boolean, pattern: boolean): Coerced => {
  if (typeof input === 'boolean') return fail(itemsMessage('notText'));
  const text = String(input);
  if (text.includes('\u0000')) return fail(itemsMessage('nulChar'));
  const max = maxChars(column);
  if (max !== null && [...text].length > max) return fail(itemsMessage('tooLong', { max }));
  if (column.dataType === 'TEXT' && Buffer.byteLength(text, 'utf8') > TEXT_BYTES) {
    return fail(itemsMessage('tooManyBytes', { max: TEXT_BYTES }));
  }
  if (column.dataType === 'PASSWORD' && text === '') return fail(itemsMessage('required'));
  return pattern ? ok(text) : nativeForm(column, text);
};

/**
 * A request value (query text or JSON scalar) as a value of the column's type, or why not: integers
 * within the type's range (as strings beyond 2^53), decimals as exact text, BOOL from
 * true/false/1/0, DATE / TIME / DATETIME in the formats of docs/api.md §0, text within its length
 * and, for a native uuid or JSON column, in that form (not checked for a LIKE `pattern`).
 */
export const coerceValue = (
  column: QueryColumn,
  input: unknown,
  options: { pattern?: boolean } = {},
): Coerced => {
  if (typeof input !== 'string' && typeof input !== 'number' && typeof input !== 'boolean') {
    return fail(itemsMessage('notScalar'));
  }
  switch (kindOf(column.dataType)) {
    case 'integer':
      return coerceInteger(column, input);
    case 'float':
      return coerceFloat(column, input);
    case 'decimal':
      return coerceDecimal(column, input);
    case 'bool':
      return coerceBool(input);
    case 'date': {
      const value = typeof input === 'string' ? parseDate(input) : null;
      return value === null ? fail(itemsMessage('badDate')) : ok(value);
    }
    case 'time': {
      const value = typeof input === 'string' ? parseTime(input) : null;
      return value === null ? fail(itemsMessage('badTime')) : ok(value);
    }
    case 'datetime': {
      const value = typeof input === 'boolean' ? null : parseDateTime(input);
      return value === null ? fail(itemsMessage('badDateTime')) : ok(value);
    }
    case 'text':
    case 'password':
      return coerceText(column, input, options.pattern === true);
  }
};
