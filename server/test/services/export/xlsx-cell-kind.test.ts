import { describe, expect, it } from 'vitest';
import { exportFileName } from '../../../src/services/export/export-file-name';
import { cellKindOf, typedCellValue } from '../../../src/services/export/xlsx-cell-kind';

describe('typedCellValue', () => {
  it('writes numbers as numbers unless digits would be lost', () => {
    const decimal = cellKindOf('decimal', 2, false);
    expect(typedCellValue(decimal, '2999.00')).toBe(2999);
    expect(typedCellValue(decimal, '-0.50')).toBe(-0.5);
    expect(typedCellValue(decimal, '1234567890123456.78')).toBe('1234567890123456.78');
    expect(typedCellValue(cellKindOf('integer', null, false), '9007199254740993')).toBe('9007199254740993');
    expect(typedCellValue(cellKindOf('integer', null, false), 'n/a')).toBe('n/a');
  });

  it('writes dates, date-times and times as spreadsheet serials', () => {
    expect(typedCellValue(cellKindOf('date', null, false), '2026-11-25')).toBe(46_351);
    expect(typedCellValue(cellKindOf('datetime', null, false), '2026-11-25 12:00:00')).toBe(46_351.5);
    expect(typedCellValue(cellKindOf('time', null, false), '06:00:00')).toBe(0.25);
    // Not a day, or before the 1900 system's phantom leap day: kept as text.
    expect(typedCellValue(cellKindOf('date', null, false), '2026-02-30')).toBe('2026-02-30');
    expect(typedCellValue(cellKindOf('date', null, false), '1900-01-15')).toBe('1900-01-15');
  });

  it('writes booleans from the forms drivers return, and relation text as text', () => {
    const bool = cellKindOf('bool', null, false);
    expect([true, 1, '0', 'false'].map((value) => typedCellValue(bool, value))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(typedCellValue(cellKindOf('integer', null, true), 3)).toBe('3');
  });
});

describe('exportFileName', () => {
  it('is the title and the local day, without characters file systems refuse', () => {
    const day = new Date(2026, 10, 25, 23, 59);
    expect(exportFileName('产品', 'xlsx', day)).toBe('产品-2026-11-25.xlsx');
    expect(exportFileName('a/b:c*?', 'xml', day)).toBe('a_b_c__-2026-11-25.xml');
    expect(exportFileName('  ', 'xlsx', day)).toBe('export-2026-11-25.xlsx');
  });
});
