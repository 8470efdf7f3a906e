import { describe, expect, it } from 'vitest';
import { coerceValue } from '../../src/query/coerce-value';
import { column, columnOf } from './fixtures';

const value = (name: string, input: unknown) => {
  const result = coerceValue(columnOf(name), input);
  return result.ok ? result.value : `error: ${result.message.en}`;
};

describe('coerceValue', () => {
  it.each([
    ['qty', 127, 127],
    ['qty', '-128', -128],
    ['qty', 128, 'error: must be an integer from -128 to 127'],
    ['qty', '1.5', 'error: must be an integer from -128 to 127'],
    ['qty', 1.5, 'error: must be an integer from -128 to 127'],
    ['qty', '', 'error: must be an integer from -128 to 127'],
    ['qty', ' 1', 'error: must be an integer from -128 to 127'],
    ['stock', '4294967295', 4294967295],
    ['stock', -1, 'error: must be an integer from 0 to 4294967295'],
    ['big', '9223372036854775807', '9223372036854775807'],
    ['big', '-9223372036854775808', '-9223372036854775808'],
    [
      'big',
      '9223372036854775808',
      'error: must be an integer from -9223372036854775808 to 9223372036854775807',
    ],
    [
      'big',
      Number.MAX_SAFE_INTEGER + 2,
      'error: must be an integer from -9223372036854775808 to 9223372036854775807',
    ],
    ['big', '9007199254740991', 9007199254740991],
    ['id', '18446744073709551615', '18446744073709551615'],
    ['ratio', '1.5', 1.5],
    ['ratio', '-2e3', -2000],
    ['ratio', 'NaN', 'error: must be a number'],
    ['ratio', 'Infinity', 'error: must be a number'],
    ['ratio', '1e39', 'error: is out of range'],
    ['weight', 1e300, 1e300],
    ['weight', '0x10', 'error: must be a number'],
    ['price', '9.9', '9.9'],
    ['price', 9.9, '9.9'],
    ['price', '0009.900', '9.9'],
    ['price', '-0.00', '0'],
    ['price', '+12.5', '12.5'],
    ['price', '.5', '0.5'],
    ['price', '9999.99', '9999.99'],
    ['price', '10000', 'error: must be a number with at most 4 integer and 2 fraction digits'],
    ['price', '1.005', 'error: must be a number with at most 4 integer and 2 fraction digits'],
    ['price', '1e3', 'error: must be a number with at most 4 integer and 2 fraction digits'],
    ['price', '-', 'error: must be a number with at most 4 integer and 2 fraction digits'],
    ['active', true, true],
    ['active', 'false', false],
    ['active', 'TRUE', true],
    ['active', 1, true],
    ['active', '0', false],
    ['active', 'yes', true],
    ['active', '是', true],
    ['active', ' 否 ', false],
    ['active', 'No', false],
    ['active', 'maybe', 'error: must be yes or no (true/false)'],
    ['active', '2', 'error: must be yes or no (true/false)'],
    ['day', '2024-02-29', '2024-02-29'],
    ['day', '2023-02-29', 'error: must be a date YYYY-MM-DD'],
    ['day', '2024-2-1', 'error: must be a date YYYY-MM-DD'],
    ['day', 20240101, 'error: must be a date YYYY-MM-DD'],
    ['at', '13:14:15', '13:14:15'],
    ['at', '13:14', '13:14:00'],
    ['at', '24:00:00', 'error: must be a time HH:mm:ss'],
    ['at', '1:02:03', 'error: must be a time HH:mm:ss'],
    ['stamp', '2024-02-29 13:14:15', '2024-02-29 13:14:15'],
    ['stamp', '2024-02-29T13:14:15', '2024-02-29 13:14:15'],
    ['stamp', '2024-02-29 13:14:15.123', '2024-02-29 13:14:15'],
    ['stamp', '2024-02-29 13:14', '2024-02-29 13:14:00'],
    ['stamp', '2024-02-30 13:14:15', 'error: must be a date-time YYYY-MM-DD HH:mm:ss'],
    ['stamp', true, 'error: must be a date-time YYYY-MM-DD HH:mm:ss'],
    ['name', 'abcdefghij', 'abcdefghij'],
    ['name', '一二三四五六七八九十', '一二三四五六七八九十'],
    ['name', 'abcdefghijk', 'error: must have at most 10 characters'],
    ['name', 42, '42'],
    ['name', true, 'error: must be text'],
    ['name', 'a\u0000b', 'error: must not contain NUL characters'],
    ['name', "'; DROP TABLE product; --", 'error: must have at most 10 characters'],
    ['code', 'abcd', 'error: must have at most 3 characters'],
    ['note', '文'.repeat(21845), '文'.repeat(21845)],
    ['note', '文'.repeat(21846), 'error: is too long (at most 65535 bytes)'],
    ['secret', '', 'error: is required'],
    ['secret', 's3cret', 's3cret'],
    ['file', 'x'.repeat(1001), 'error: must have at most 1000 characters'],
    ['name', { $gt: '' }, 'error: must be a single value'],
    ['name', ['a'], 'error: must be a single value'],
    ['qty', null, 'error: must be a single value'],
  ])('%s ← %j gives %j', (name, input, expected) => {
    expect(value(name, input)).toEqual(expected);
  });

  it('converts a date-time with a zone or epoch milliseconds to the server time zone', () => {
    const stamp = columnOf('stamp');
    const local = new Date(Date.UTC(2024, 0, 2, 3, 4, 5));
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`;
    expect(coerceValue(stamp, '2024-01-02T03:04:05Z')).toEqual({ ok: true, value: expected });
    expect(coerceValue(stamp, '2024-01-02T05:04:05+02:00')).toEqual({ ok: true, value: expected });
    expect(coerceValue(stamp, local.getTime())).toEqual({ ok: true, value: expected });
  });

  it('uses the default VARCHAR length and decimal precision when metadata has none', () => {
    expect(coerceValue(column('v', 'VARCHAR'), 'x'.repeat(255)).ok).toBe(true);
    expect(coerceValue(column('v', 'VARCHAR'), 'x'.repeat(256)).ok).toBe(false);
    expect(coerceValue(column('d', 'DECIMAL'), '1234567890').ok).toBe(true);
    expect(coerceValue(column('d', 'DECIMAL'), '0.5').ok).toBe(false);
  });
});
