import { describe, expect, it } from 'vitest';
import { columnLetters, xlsxRow } from '../../../src/services/export/xlsx-cells';
import { sheetTitle } from '../../../src/services/export/xlsx-parts';

describe('columnLetters', () => {
  it('counts A … Z, AA … AZ, BA …', () => {
    const letters = columnLetters(800);
    expect(letters.slice(0, 3)).toEqual(['A', 'B', 'C']);
    expect([letters[25], letters[26], letters[51], letters[52], letters[701], letters[702]]).toEqual([
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});

describe('xlsxRow', () => {
  const letters = columnLetters(5);
  it('writes typed cells with references, skipping nulls', () => {
    expect(xlsxRow(7, ['a&b', 2.5, true, null, false], letters)).toBe(
      '<row r="7"><c r="A7" t="inlineStr"><is><t>a&amp;b</t></is></c><c r="B7"><v>2.5</v></c>' +
        '<c r="C7" t="b"><v>1</v></c><c r="E7" t="b"><v>0</v></c></row>',
    );
  });
  it('keeps spaces and line breaks, strips characters XML cannot hold, styles when asked', () => {
    expect(xlsxRow(1, [' x', 'a\nb', 'c\u0001d'], letters, 1)).toBe(
      '<row r="1"><c r="A1" s="1" t="inlineStr"><is><t xml:space="preserve"> x</t></is></c>' +
        '<c r="B1" s="1" t="inlineStr"><is><t xml:space="preserve">a\nb</t></is></c>' +
        '<c r="C1" s="1" t="inlineStr"><is><t>cd</t></is></c></row>',
    );
  });
  it('writes a number that is not finite as text', () => {
    expect(xlsxRow(2, [Number.NaN], letters)).toBe(
      '<row r="2"><c r="A2" t="inlineStr"><is><t>NaN</t></is></c></row>',
    );
  });
});

describe('sheetTitle', () => {
  it('keeps a valid name, replaces what Excel refuses and cuts at 31 characters', () => {
    expect(sheetTitle('订单')).toBe('订单');
    expect(sheetTitle('a/b\\c?d*e[f]g:h')).toBe('a_b_c_d_e_f_g_h');
    expect(sheetTitle('x'.repeat(40))).toHaveLength(31);
    expect(sheetTitle("'quoted'")).toBe('quoted');
    expect(sheetTitle('   ')).toBe('data');
  });
});
