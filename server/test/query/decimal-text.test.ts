import { describe, expect, it } from 'vitest';
import { decimalText } from '../../src/query/decimal-text';

describe('decimalText', () => {
  it.each([
    ['5999', 2, '5999.00'],
    [5999n, 2, '5999.00'],
    [12.5, 2, '12.50'],
    ['4999.50', 2, '4999.50'],
    ['0.1', 2, '0.10'],
    ['-3', 2, '-3.00'],
    ['.5', 2, '0.50'],
    ['007.5', 1, '7.5'],
    ['1.005', 2, '1.01'],
    ['-1.005', 2, '-1.01'],
    ['9.995', 2, '10.00'],
    ['-0.001', 2, '0.00'],
    ['99999999999999999999.5', 0, '100000000000000000000'],
    ['123456789012345678.125', 2, '123456789012345678.13'],
    ['42', 0, '42'],
    ['1e3', 2, '1000.00'],
    ['+7', 1, '7.0'],
    [' 8 ', 2, '8.00'],
  ] as [string | number | bigint, number, string][])('%s at scale %i → %s', (value, scale, expected) => {
    expect(decimalText(value, scale)).toBe(expected);
  });

  it('returns what is not a number as it is', () => {
    expect(decimalText('abc', 2)).toBe('abc');
    expect(decimalText('', 2)).toBe('');
    expect(decimalText('-', 2)).toBe('-');
  });
});
