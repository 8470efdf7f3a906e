import { describe, expect, it } from 'vitest';
import type { Column } from '../../contract';
import { readableRecordTitle, recordTitle, titleColumnOf } from '../../contract/record-title';

const col = (name: string, dataType: Column['dataType'], extra: Partial<Column> = {}): Column => ({
  name,
  dataType,
  ...extra,
});

const album = {
  primaryNames: ['AlbumId'],
  columns: [
    col('AlbumId', 'INT', { indexType: 'PRIMARY', displayOrder: 0 }),
    col('ArtistId', 'INT', { displayOrder: 2 }),
    col('Title', 'VARCHAR', { displayOrder: 1 }),
  ],
};

describe('titleColumnOf', () => {
  it('takes the first text column in display order', () => {
    expect(titleColumnOf(album)).toBe('Title');
  });
  it('skips system and full-text columns but takes name', () => {
    const columns = [
      col('id', 'BIGINT', { indexType: 'PRIMARY' }),
      col('fullTextBody', 'TEXT', { indexType: 'FULLTEXT' }),
      col('name', 'VARCHAR'),
    ];
    expect(titleColumnOf({ columns })).toBe('name');
    expect(titleColumnOf({ columns: columns.slice(0, 2) })).toBeNull();
  });
  it('prefers the chosen column while it exists', () => {
    expect(titleColumnOf(album, 'ArtistId')).toBe('ArtistId');
    expect(titleColumnOf(album, 'Gone')).toBe('Title');
  });
});

describe('recordTitle', () => {
  it('shows the title, not the raw id|col|col string', () => {
    expect(recordTitle(album, { AlbumId: 134, Title: 'Led Zeppelin III', ArtistId: 22 })).toBe(
      'Led Zeppelin III',
    );
  });
  it('falls back to the key when the title is blank or missing', () => {
    expect(recordTitle(album, { AlbumId: 134, Title: '  ' })).toBe('134');
    expect(
      recordTitle({ columns: [col('a', 'INT'), col('b', 'INT')], primaryNames: ['a', 'b'] }, { a: 1, b: 2 }),
    ).toBe('1|2');
    expect(recordTitle({ columns: [col('n', 'INT')] }, { id: 9 })).toBe('9');
  });
  it("uses the table's chosen title column unless the caller names another", () => {
    const record = { AlbumId: 134, Title: 'Led Zeppelin III', Code: 'LZ3' };
    const withCode = { ...album, columns: [...album.columns, col('Code', 'VARCHAR')], titleColumn: 'Code' };
    expect(recordTitle(withCode, record)).toBe('LZ3');
    expect(recordTitle(withCode, record, 'Title')).toBe('Led Zeppelin III');
  });
  it('gives nothing for no record', () => {
    expect(recordTitle(album, null)).toBe('');
  });
});

describe('readableRecordTitle', () => {
  const run = {
    columns: [
      col('id', 'BIGINT', { indexType: 'PRIMARY', displayOrder: 0 }),
      col('status', 'VARCHAR', {
        displayOrder: 1,
        options: [
          { value: 'ok', captions: { 'zh-CN': '成功', 'en-US': 'Succeeded' } },
          { value: 'failed', captions: { 'zh-CN': '失败', 'en-US': 'Failed' } },
        ],
      }),
    ],
  };
  const tagged = {
    columns: [
      col('id', 'BIGINT', { indexType: 'PRIMARY', displayOrder: 0 }),
      col('tags', 'VARCHAR', {
        displayOrder: 1,
        multipleValue: true,
        options: [{ value: 'hot', captions: { 'zh-CN': '热门', 'en-US': 'Hot' } }],
      }),
    ],
  };

  it("shows a choice title column's captions in the language asked, not its stored values", () => {
    expect(recordTitle(run, { id: 3, status: 'ok' })).toBe('ok');
    expect(readableRecordTitle(run, { id: 3, status: 'ok' }, 'zh-CN')).toBe('成功');
    expect(readableRecordTitle(run, { id: 3, status: 'failed' }, 'en-US')).toBe('Failed');
    expect(readableRecordTitle(tagged, { id: 1, tags: 'hot,gone' }, 'zh-CN')).toBe('热门, gone');
  });

  it('is the record title for other columns, and the key when the value is empty', () => {
    expect(readableRecordTitle(album, { AlbumId: 7, Title: 'Facelift' }, 'en-US')).toBe('Facelift');
    expect(readableRecordTitle(run, { id: 3, status: null }, 'zh-CN')).toBe('3');
    expect(readableRecordTitle(run, null, 'zh-CN')).toBe('');
  });
});
