import { dataTypeTraits, type Column, type DataType } from '../../../contract';

/** What a number input accepts for a column: its bounds, whether it is whole, and how many decimals. */
export interface NumberSpec {
  /** Bounds as text when they exceed 2^53 (BIGINT, DECIMAL): the input then works on strings. */
  min?: number | string;
  max?: number | string;
  integer: boolean;
  /** Decimals allowed (DECIMAL scale); undefined: any. */
  decimals?: number;
  /** The value is kept as text so that no digit is lost (BIGINT, DECIMAL). */
  stringMode: boolean;
}

/** FLOAT's largest finite value; DOUBLE takes any finite number. */
export const FLOAT_MAX = 3.4028234663852886e38;
/** DECIMAL precision when the column gives none (as the server creates it). */
export const DEFAULT_DECIMAL_PRECISION = 10;

export const isNumericType = (dataType: DataType): boolean => dataTypeTraits(dataType).numeric;

/** The integer range of TINYINT … BIGINT, signed or unsigned (as MySQL defines them). */
export const integerRange = (dataType: DataType, unsigned: boolean): { min: bigint; max: bigint } | null => {
  const width = dataTypeTraits(dataType).integerBits;
  if (width === null) return null;
  const bits = BigInt(width);
  return unsigned
    ? { min: 0n, max: 2n ** bits - 1n }
    : { min: -(2n ** (bits - 1n)), max: 2n ** (bits - 1n) - 1n };
};

const asBound = (value: bigint, stringMode: boolean): number | string =>
  stringMode ? value.toString() : Number(value);

/**
 * The number input of a column: integers within their type's range (BIGINT as text), FLOAT within
 * ±3.4e38, DECIMAL(p, s) within ±(10^(p−s) − 10^−s) with s decimals (as text), DOUBLE unbounded.
 */
export const numberSpec = (
  column: Pick<Column, 'dataType' | 'unsigned' | 'precision' | 'scale'>,
): NumberSpec => {
  const range = integerRange(column.dataType, Boolean(column.unsigned));
  if (range) {
    const stringMode = column.dataType === 'BIGINT';
    return {
      min: asBound(range.min, stringMode),
      max: asBound(range.max, stringMode),
      integer: true,
      decimals: 0,
      stringMode,
    };
  }
  if (column.dataType === 'DECIMAL') {
    const precision = column.precision && column.precision > 0 ? column.precision : DEFAULT_DECIMAL_PRECISION;
    const scale = Math.min(column.scale && column.scale > 0 ? column.scale : 0, precision);
    const whole = precision - scale;
    const max = `${whole > 0 ? '9'.repeat(whole) : '0'}${scale > 0 ? `.${'9'.repeat(scale)}` : ''}`;
    return { min: `-${max}`, max, integer: scale === 0, decimals: scale, stringMode: true };
  }
  if (column.dataType === 'FLOAT')
    return { min: -FLOAT_MAX, max: FLOAT_MAX, integer: false, stringMode: false };
  return { integer: false, stringMode: false };
};

const INTEGER_TEXT = /^[+-]?\d+$/;
const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

export type NumberIssue = 'notNumber' | 'notInteger' | 'tooManyDecimals' | 'outOfRange';

const inRange = (value: number, spec: NumberSpec): boolean =>
  (spec.min === undefined || value >= Number(spec.min)) &&
  (spec.max === undefined || value <= Number(spec.max));

/** Exact comparison of an integer text with the bounds. */
const integerInRange = (text: string, spec: NumberSpec): boolean => {
  const value = BigInt(text);
  return (
    (spec.min === undefined || value >= BigInt(spec.min)) &&
    (spec.max === undefined || value <= BigInt(spec.max))
  );
};

/**
 * Why a number input's value does not fit the column, or null when it does (blank fits: whether a
 * value is required is a separate rule). Text values are checked exactly, digit by digit.
 */
export const numberIssue = (spec: NumberSpec, value: unknown): NumberIssue | null => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'notNumber';
    if (spec.decimals === 0 && !Number.isInteger(value)) return 'notInteger';
    if (spec.decimals === 0 && !Number.isSafeInteger(value)) return 'outOfRange';
    return inRange(value, spec) ? null : 'outOfRange';
  }
  const text = String(value).trim();
  if (!DECIMAL_TEXT.test(text)) return 'notNumber';
  const [whole = '', fraction = ''] = text.split('.');
  const decimals = fraction.replace(/0+$/, '');
  if (spec.decimals === 0 && decimals !== '') return 'notInteger';
  if (spec.decimals !== undefined && decimals.length > spec.decimals) return 'tooManyDecimals';
  if (
    decimals === '' &&
    INTEGER_TEXT.test(whole === '' || whole === '-' || whole === '+' ? `${whole}0` : whole)
  ) {
    const integer = whole === '' || whole === '-' || whole === '+' ? '0' : whole;
    if (spec.stringMode && spec.min !== undefined && INTEGER_TEXT.test(String(spec.min))) {
      return integerInRange(integer, spec) ? null : 'outOfRange';
    }
  }
  return inRange(Number(text), spec) ? null : 'outOfRange';
};
