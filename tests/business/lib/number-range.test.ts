import { describe, expect, it } from 'vitest';
import type { Column } from '../../../contract';
import { FLOAT_MAX, numberIssue, numberSpec } from '../../../src/business/lib/number-range';

const column = (dataType: Column['dataType'], extra: Partial<Column> = {}) => ({ dataType, ...extra });

describe('numberSpec', () => {
  it.each<[string, Partial<Column> & Pick<Column, 'dataType'>, ReturnType<typeof numberSpec>]>([
    ['TINYINT', column('TINYINT'), { min: -128, max: 127, integer: true, decimals: 0, stringMode: false }],
    [
      'TINYINT unsigned',
      column('TINYINT', { unsigned: true }),
      { min: 0, max: 255, integer: true, decimals: 0, stringMode: false },
    ],
    [
      'SMALLINT',
      column('SMALLINT'),
      { min: -32768, max: 32767, integer: true, decimals: 0, stringMode: false },
    ],
    [
      'MEDIUMINT unsigned',
      column('MEDIUMINT', { unsigned: true }),
      { min: 0, max: 16777215, integer: true, decimals: 0, stringMode: false },
    ],
    [
      'INT',
      column('INT'),
      { min: -2147483648, max: 2147483647, integer: true, decimals: 0, stringMode: false },
    ],
    [
      'BIGINT',
      column('BIGINT'),
      {
        min: '-9223372036854775808',
        max: '9223372036854775807',
        integer: true,
        decimals: 0,
        stringMode: true,
      },
    ],
    [
      'BIGINT unsigned',
      column('BIGINT', { unsigned: true }),
      { min: '0', max: '18446744073709551615', integer: true, decimals: 0, stringMode: true },
    ],
    [
      'DECIMAL(5,2)',
      column('DECIMAL', { precision: 5, scale: 2 }),
      { min: '-999.99', max: '999.99', integer: false, decimals: 2, stringMode: true },
    ],
    [
      'DECIMAL(4,0)',
      column('DECIMAL', { precision: 4, scale: 0 }),
      { min: '-9999', max: '9999', integer: true, decimals: 0, stringMode: true },
    ],
    [
      'DECIMAL default',
      column('DECIMAL'),
      { min: '-9999999999', max: '9999999999', integer: true, decimals: 0, stringMode: true },
    ],
    ['FLOAT', column('FLOAT'), { min: -FLOAT_MAX, max: FLOAT_MAX, integer: false, stringMode: false }],
    ['DOUBLE', column('DOUBLE'), { integer: false, stringMode: false }],
  ])('%s', (_name, given, expected) => {
    expect(numberSpec(given)).toEqual(expected);
  });
});

describe('numberIssue', () => {
  const tiny = numberSpec(column('TINYINT', { unsigned: true }));
  const big = numberSpec(column('BIGINT'));
  const money = numberSpec(column('DECIMAL', { precision: 5, scale: 2 }));
  const float = numberSpec(column('FLOAT'));
  it.each<[string, ReturnType<typeof numberSpec>, unknown, string | null]>([
    ['blank is fine', tiny, '', null],
    ['null is fine', tiny, null, null],
    ['in range', tiny, 255, null],
    ['above range', tiny, 256, 'outOfRange'],
    ['below range', tiny, -1, 'outOfRange'],
    ['fraction for an integer', tiny, 1.5, 'notInteger'],
    ['BIGINT max as text', big, '9223372036854775807', null],
    ['BIGINT one above max', big, '9223372036854775808', 'outOfRange'],
    ['BIGINT min as text', big, '-9223372036854775808', null],
    ['BIGINT not a number', big, '12a', 'notNumber'],
    ['BIGINT with fraction', big, '1.5', 'notInteger'],
    ['BIGINT with zero fraction', big, '7.00', null],
    ['DECIMAL fits', money, '999.99', null],
    ['DECIMAL trailing zeros are free', money, '1.2300', null],
    ['DECIMAL too many decimals', money, '1.234', 'tooManyDecimals'],
    ['DECIMAL too large', money, '1000', 'outOfRange'],
    ['DECIMAL negative fits', money, '-999.99', null],
    ['FLOAT too large', float, 3.5e38, 'outOfRange'],
    ['FLOAT fine', float, -12.5, null],
    ['NaN', float, Number.NaN, 'notNumber'],
  ])('%s', (_name, spec, value, expected) => {
    expect(numberIssue(spec, value)).toBe(expected);
  });
});
