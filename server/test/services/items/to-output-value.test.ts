import { describe, expect, it } from 'vitest';
import type { DataType } from '../../../../contract/index';
import { toOutputValue } from '../../../src/services/items/to-output-value';
import { toRecord } from '../../../src/services/items/to-record';
import { ORDER_COLUMNS, stored } from './fixtures';

describe('toOutputValue', () => {
  it.each([
    ['BOOL', 1, true],
    ['BOOL', 0, false],
    ['BOOL', 1n, true],
    ['BOOL', 0n, false],
    ['BOOL', true, true],
    ['BOOL', '1', true],
    ['BIGINT', 5n, 5],
    ['BIGINT', 9223372036854775807n, '9223372036854775807'],
    ['BIGINT', '9007199254740993', '9007199254740993'],
    ['BIGINT', '42', 42],
    ['INT', 7, 7],
    ['DOUBLE', 1.5, 1.5],
    ['DOUBLE', 2n, 2],
    ['FLOAT', '1.25', 1.25],
    ['DATE', '2024-02-29', '2024-02-29'],
    ['DATE', '2024-02-29 00:00:00', '2024-02-29'],
    ['TIME', '13:14:15', '13:14:15'],
    ['TIME', '13:14', '13:14:00'],
    ['TIME', '1970-01-01 13:14:15', '13:14:15'],
    ['DATETIME', '2024-02-29 13:14:15', '2024-02-29 13:14:15'],
    ['DATETIME', '2024-02-29T13:14:15.000', '2024-02-29 13:14:15'],
    ['DATETIME', new Date(2024, 1, 29, 13, 14, 15), '2024-02-29 13:14:15'],
    ['VARCHAR', 'x', 'x'],
    ['CHAR', 'z    ', 'z'],
    ['VARCHAR', 'z  ', 'z  '],
    ['VARCHAR', 12, '12'],
    ['TEXT', Buffer.from('文本'), '文本'],
    ['LONGTEXT', { a: [1, '二'] }, '{"a":[1,"二"]}'],
    ['VARCHAR', null, null],
    ['INT', undefined, null],
  ] as [DataType, unknown, unknown][])('%s %s → %j', (dataType, value, expected) => {
    expect(toOutputValue(stored('c', dataType), value)).toEqual(expected);
  });

  it.each([
    ['9.90', '9.90'],
    [9.9, '9.90'],
    [10n, '10.00'],
    ['5999', '5999.00'],
    [-3n, '-3.00'],
    [1234567890.12, '1234567890.12'],
  ])('DECIMAL(12,2) %s → %j', (value, expected) => {
    expect(toOutputValue(stored('c', 'DECIMAL', { precision: 12, scale: 2 }), value)).toBe(expected);
  });

  it('leaves PASSWORD and FULLTEXT columns and columns not read out of a record', () => {
    expect(
      toRecord(ORDER_COLUMNS, { id: 1n, name: 'a', secret: 'scrypt$...', fullTextBody: 'a', paid: 0 }),
    ).toEqual({
      id: 1,
      name: 'a',
      paid: false,
    });
  });
});
