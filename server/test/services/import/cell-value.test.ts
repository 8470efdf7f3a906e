import { describe, expect, it } from 'vitest';
import type { DataType } from '../../../../contract/index';
import type { StoredColumn } from '../../../src/services/metadata-rows';
import { cellValue } from '../../../src/services/import/cell-value';

const column = (dataType: DataType) => ({ name: 'c', dataType }) as StoredColumn;

describe('cellValue', () => {
  it('keeps text exact (formula-like text included) and trims around other values', () => {
    expect(cellValue(column('VARCHAR'), ' =1+2 ')).toEqual({ ok: true, value: ' =1+2 ' });
    expect(cellValue(column('INT'), ' 42 ')).toEqual({ ok: true, value: '42' });
    expect(cellValue(column('VARCHAR'), 7)).toEqual({ ok: true, value: '7' });
    expect(cellValue(column('INT'), '')).toEqual({ ok: true, value: null });
    expect(cellValue(column('BOOL'), true)).toEqual({ ok: true, value: true });
  });

  it('formats dates as the API writes them, from Date cells and from date serials', () => {
    const date = new Date(Date.UTC(2024, 1, 29, 13, 5, 9));
    expect(cellValue(column('DATE'), date)).toEqual({ ok: true, value: '2024-02-29' });
    expect(cellValue(column('TIME'), date)).toEqual({ ok: true, value: '13:05:09' });
    expect(cellValue(column('DATETIME'), date)).toEqual({ ok: true, value: '2024-02-29 13:05:09' });
    expect(cellValue(column('DATE'), 45351)).toEqual({ ok: true, value: '2024-02-29' });
  });

  it('takes a formula’s cached result, refuses one without, and refuses error cells', () => {
    expect(cellValue(column('INT'), { formula: '1+1', result: 2 })).toEqual({ ok: true, value: 2 });
    expect(cellValue(column('INT'), { sharedFormula: 'A1', result: 3 })).toEqual({ ok: true, value: 3 });
    expect(cellValue(column('INT'), { formula: '1+1' }).ok).toBe(false);
    expect(cellValue(column('INT'), { error: '#N/A' })).toMatchObject({ ok: false });
  });

  it('reads rich text and hyperlinks as their text', () => {
    expect(cellValue(column('VARCHAR'), { richText: [{ text: '红' }, { text: '色' }] })).toEqual({
      ok: true,
      value: '红色',
    });
    expect(cellValue(column('VARCHAR'), { text: '链接', hyperlink: 'https://x' })).toEqual({
      ok: true,
      value: '链接',
    });
  });
});
