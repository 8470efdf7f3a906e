import { describe, expect, it } from 'vitest';
import type { DataType } from '../../../contract/index';
import { parseDefaultValue, zeroValue } from '../../src/dialects/default-value';

const column = (
  dataType: DataType,
  extra: { length?: number; precision?: number; scale?: number; unsigned?: boolean } = {},
) => ({
  dataType,
  length: extra.length ?? null,
  precision: extra.precision ?? null,
  scale: extra.scale ?? null,
  unsigned: extra.unsigned ?? false,
});

describe('parseDefaultValue', () => {
  it.each([
    [column('INT'), '42', 42],
    [column('INT'), ' -7 ', -7],
    [column('TINYINT'), '127', 127],
    [column('TINYINT', { unsigned: true }), '255', 255],
    [column('BIGINT', { unsigned: true }), '18446744073709551615', '18446744073709551615'],
    [column('FLOAT'), '1.5e3', 1500],
    [column('DOUBLE'), '.25', 0.25],
    [column('DECIMAL', { precision: 10, scale: 2 }), '12345678.90', '12345678.90'],
    [column('DECIMAL', { precision: 5, scale: 2 }), '-0.5', '-0.5'],
    [column('DATE'), '2024-02-29', '2024-02-29'],
    [column('TIME'), '23:59:59', '23:59:59'],
    [column('DATETIME'), '2024-01-02 03:04:05', '2024-01-02 03:04:05'],
    [column('BOOL'), 'TRUE', true],
    [column('BOOL'), '0', false],
    [column('VARCHAR', { length: 5 }), '中文字符串', '中文字符串'],
    [column('CHAR', { length: 3 }), "a'b", "a'b"],
    [column('ATTACHMENT'), '/download/x.png', '/download/x.png'],
  ])('%o accepts %j as %j', (typed, text, value) => {
    expect(parseDefaultValue(typed, text)).toEqual({ ok: true, value });
  });

  it.each([
    [column('INT'), 'abc', 'INT'],
    [column('INT'), '1.5', 'INT'],
    [column('TINYINT'), '128', 'TINYINT'],
    [column('TINYINT', { unsigned: true }), '-1', 'TINYINT UNSIGNED'],
    [column('FLOAT'), 'NaN', 'FLOAT'],
    [column('DECIMAL', { precision: 5, scale: 2 }), '1234.5', 'DECIMAL(5,2)'],
    [column('DECIMAL', { precision: 5, scale: 2 }), '1.234', 'DECIMAL(5,2)'],
    [column('DATE'), '2023-02-29', 'YYYY-MM-DD'],
    [column('DATE'), 'now()', 'YYYY-MM-DD'],
    [column('TIME'), '24:00:00', 'HH:mm:ss'],
    [column('DATETIME'), '2024-01-02', 'YYYY-MM-DD HH:mm:ss'],
    [column('BOOL'), 'yes', 'true / false'],
    [column('VARCHAR', { length: 3 }), 'abcd', 'VARCHAR(3)'],
    [column('TEXT'), 'x', '—'],
    [column('PASSWORD'), 'secret', '—'],
  ])('%o refuses %j (expects %s)', (typed, text, expected) => {
    expect(parseDefaultValue(typed, text)).toEqual({ ok: false, expected });
  });

  it('gives zero values that fill NULLs', () => {
    expect(
      (['INT', 'DECIMAL', 'DATE', 'TIME', 'DATETIME', 'BOOL', 'VARCHAR'] as const).map((type) =>
        zeroValue({ dataType: type }),
      ),
    ).toEqual([0, '0', '1970-01-01', '00:00:00', '1970-01-01 00:00:00', false, '']);
  });
});
