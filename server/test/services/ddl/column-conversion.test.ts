import { describe, expect, it } from 'vitest';
import {
  conversionChecks,
  convertibleInPlace,
  decimalPattern,
  replacement,
  TEXT_PATTERNS,
} from '../../../src/services/ddl/column-conversion';
import { col } from '../tables/fixtures';

describe('convertibleInPlace', () => {
  it.each([
    ['VARCHAR', 'INT', true],
    ['INT', 'TEXT', true],
    ['TINYINT', 'DECIMAL', true],
    ['DOUBLE', 'BIGINT', true],
    ['DATE', 'DATETIME', true],
    ['DATETIME', 'DATE', true],
    ['BOOL', 'CHAR', true],
    ['DATE', 'INT', false],
    ['BOOL', 'INT', false],
    ['TIME', 'DATETIME', false],
    ['DECIMAL', 'DATE', false],
  ] as const)('%s → %s: %s', (from, to, expected) => {
    expect(convertibleInPlace(from, to)).toBe(expected);
  });
});

describe('conversionChecks', () => {
  const kinds = (
    from: Parameters<typeof col>[1],
    to: Parameters<typeof col>[1],
    dialect: 'pg' | 'mysql' = 'pg',
  ) =>
    conversionChecks(col('x', { length: null, ...from }), col('x', { length: null, ...to }), dialect).map(
      (check) => ({
        ...check.condition,
        repair: check.repair?.kind,
      }),
    );

  it('cuts text only when the new length is shorter', () => {
    expect(kinds({ dataType: 'VARCHAR', length: 10 }, { dataType: 'VARCHAR', length: 20 })).toEqual([]);
    expect(kinds({ dataType: 'TEXT' }, { dataType: 'VARCHAR', length: 20 })).toEqual([
      { kind: 'tooLong', limit: 20, repair: 'truncate' },
    ]);
    expect(kinds({ dataType: 'LONGTEXT' }, { dataType: 'TEXT' })).toEqual([]);
    expect(kinds({ dataType: 'LONGTEXT' }, { dataType: 'TEXT' }, 'mysql')).toEqual([
      { kind: 'tooLong', limit: 16383, repair: 'truncate' },
    ]);
    expect(kinds({ dataType: 'BIGINT' }, { dataType: 'VARCHAR', length: 5 })).toEqual([
      { kind: 'tooLong', limit: 5, repair: 'set' },
    ]);
    expect(kinds({ dataType: 'INT' }, { dataType: 'VARCHAR', length: 11 })).toEqual([]);
  });

  it('checks integer ranges, fractions and decimal digits', () => {
    expect(kinds({ dataType: 'SMALLINT' }, { dataType: 'INT' })).toEqual([]);
    expect(kinds({ dataType: 'INT' }, { dataType: 'SMALLINT' })).toEqual([
      { kind: 'outOfRange', min: '-32768', max: '32767', repair: 'set' },
    ]);
    expect(kinds({ dataType: 'INT' }, { dataType: 'INT', unsigned: true })).toEqual([
      { kind: 'outOfRange', min: '0', max: '4294967295', repair: 'set' },
    ]);
    expect(kinds({ dataType: 'DOUBLE' }, { dataType: 'BIGINT' })).toEqual([
      { kind: 'fraction', scale: 0, repair: 'round' },
      { kind: 'outOfRange', min: '-9223372036854775808', max: '9223372036854775807', repair: 'set' },
    ]);
    expect(
      kinds(
        { dataType: 'DECIMAL', precision: 10, scale: 4 },
        { dataType: 'DECIMAL', precision: 8, scale: 2 },
      ),
    ).toEqual([{ kind: 'fraction', scale: 2, repair: 'round' }]);
    expect(
      kinds(
        { dataType: 'DECIMAL', precision: 10, scale: 2 },
        { dataType: 'DECIMAL', precision: 6, scale: 2 },
      ),
    ).toEqual([{ kind: 'outOfRange', min: '-9999.99', max: '9999.99', repair: 'set' }]);
    expect(kinds({ dataType: 'TINYINT' }, { dataType: 'DECIMAL', precision: 5, scale: 2 })).toEqual([]);
    expect(kinds({ dataType: 'INT' }, { dataType: 'DOUBLE' })).toEqual([]);
  });

  it('checks that text parses as the new type', () => {
    expect(kinds({ dataType: 'VARCHAR', length: 9 }, { dataType: 'TINYINT' })).toEqual([
      {
        kind: 'text',
        pattern: TEXT_PATTERNS.integer,
        min: '-128',
        max: '127',
        type: 'TINYINT',
        repair: 'set',
      },
    ]);
    expect(kinds({ dataType: 'TEXT' }, { dataType: 'DATE' })).toEqual([
      { kind: 'text', pattern: TEXT_PATTERNS.date, type: 'DATE', repair: 'set' },
    ]);
    expect(kinds({ dataType: 'DATETIME' }, { dataType: 'DATE' })).toEqual([
      { kind: 'timePart', repair: undefined },
    ]);
  });

  it('replaces a value by NULL, or by the new zero when the column is NOT NULL', () => {
    expect(replacement(col('x'), col('x', { dataType: 'INT' }))).toEqual({ kind: 'set', value: null });
    expect(replacement(col('x', { nullable: false }), col('x', { dataType: 'BOOL' }))).toEqual({
      kind: 'set',
      value: '0',
    });
    expect(
      replacement(col('x', { dataType: 'INT', nullable: false }), col('x', { dataType: 'TINYINT' })),
    ).toEqual({ kind: 'set', value: 0 });
  });
});

describe('text patterns', () => {
  const matches = (pattern: string, values: string[]) =>
    values.filter((value) => new RegExp(pattern).test(value));

  it('recognise integers, numbers, booleans and temporal text', () => {
    expect(matches(TEXT_PATTERNS.integer, ['12', ' -7 ', '+3', '1.5', 'x', ''])).toEqual([
      '12',
      ' -7 ',
      '+3',
    ]);
    expect(matches(TEXT_PATTERNS.float, ['1.5', '.5', '2e10', '-3.', 'e5', '1,5'])).toEqual([
      '1.5',
      '.5',
      '2e10',
      '-3.',
    ]);
    expect(matches(TEXT_PATTERNS.bool, ['0', ' 1 ', 'true', '2'])).toEqual(['0', ' 1 ']);
    expect(matches(TEXT_PATTERNS.datetime, ['2024-01-02 03:04:05', '2024-01-02'])).toEqual([
      '2024-01-02 03:04:05',
    ]);
  });

  it('bound decimal digits', () => {
    const pattern = decimalPattern(5, 2);
    expect(
      matches(pattern, ['123.45', '0.5', '.50', '-999.99', '000123.4500', '1234.5', '1.234', '', '.', '0']),
    ).toEqual(['123.45', '0.5', '.50', '-999.99', '000123.4500', '0']);
    expect(matches(decimalPattern(3, 0), ['999', '1000', '12.0', '12.5'])).toEqual(['999', '12.0']);
    expect(matches(decimalPattern(2, 2), ['0.99', '.5', '1.0'])).toEqual(['0.99', '.5']);
  });
});
