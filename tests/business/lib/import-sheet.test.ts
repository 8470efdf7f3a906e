import { describe, expect, it } from 'vitest';
import { cellText, matchHeaders, previewSheet, PREVIEW_ROWS } from '../../../src/business/lib/import-sheet';

const columns = [
  { name: 'name', caption: '名称' },
  { name: 'city', caption: '城市' },
  { name: 'amount', caption: 'Amount' },
  { name: 'note' },
];

describe('matchHeaders', () => {
  it('matches by caption or name, case-insensitively and trimmed; unknown headers have no column', () => {
    expect(matchHeaders(['名称', ' CITY ', 'amount', 'Note', '备注', ''], columns)).toEqual([
      { header: '名称', column: columns[0] },
      { header: 'CITY', column: columns[1] },
      { header: 'amount', column: columns[2] },
      { header: 'Note', column: columns[3] },
      { header: '备注', column: null },
    ]);
  });

  it('matches the caption of any UI language too, after the default captions', () => {
    const english = [
      { name: 'amount', caption: '价格', captions: { 'en-US': 'Price' } },
      { name: 'cost', caption: 'Price' },
    ];
    expect(matchHeaders(['PRICE ', '价格'], english).map((match) => match.column?.name)).toEqual([
      'cost',
      'amount',
    ]);
    expect(matchHeaders([' price'], [english[0]!])[0]?.column?.name).toBe('amount');
  });

  it('prefers a column name over another column caption spelled the same', () => {
    const clash = [
      { name: 'code', caption: 'name' },
      { name: 'name', caption: '名称' },
    ];
    expect(matchHeaders(['name'], clash)[0]?.column?.name).toBe('name');
  });
});

describe('cellText', () => {
  it('shows dates, rich text, formula results and plain values as text', () => {
    expect(cellText(new Date('2024-03-05T00:00:00Z'))).toBe('2024-03-05');
    expect(cellText(new Date('2024-03-05T08:09:10Z'))).toBe('2024-03-05 08:09:10');
    expect(cellText({ richText: [{ text: '上' }, { text: '海' }] })).toBe('上海');
    expect(cellText({ formula: 'A1', result: 3 })).toBe('3');
    expect(cellText({ text: 'link', hyperlink: 'http://x' })).toBe('link');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText(true)).toBe('true');
    expect(cellText(null)).toBe('');
  });
});

describe('previewSheet', () => {
  it('takes the header row, skips empty rows and keeps the first rows of the rest', () => {
    const sheet = [
      ['名称', '', '城市'],
      ...Array.from({ length: PREVIEW_ROWS + 3 }, (_, i) => [`客户${i}`, 'x', i % 2 ? '上海' : null]),
      [null, '', undefined],
    ];
    const preview = previewSheet(sheet, columns);
    expect(preview.matches.map((match) => match.column?.name)).toEqual(['name', 'city']);
    expect(preview.rowCount).toBe(PREVIEW_ROWS + 3);
    expect(preview.rows).toHaveLength(PREVIEW_ROWS);
    expect(preview.rows[1]).toEqual(['客户1', '上海']);
    expect(preview.rows[0]).toEqual(['客户0', '']);
  });

  it('copes with an empty sheet', () => {
    expect(previewSheet([], columns)).toEqual({ matches: [], rows: [], rowCount: 0 });
  });
});
