import { describe, expect, it } from 'vitest';
import { suggestTitleColumn, type TitleCandidateColumn } from '../../contract';

const text = (name: string, indexType: string | null = null): TitleCandidateColumn => ({
  name,
  dataType: 'VARCHAR',
  indexType,
});

describe('suggestTitleColumn', () => {
  it('takes a naming word over a column that merely comes first (a class section is not "Fri 10:00")', () => {
    expect(suggestTitleColumn([text('day_time'), text('room'), text('section_name')])).toBe('section_name');
    expect(suggestTitleColumn([text('day_time'), text('Title'), text('section_name')])).toBe('Title');
    expect(suggestTitleColumn([text('code'), text('名称')])).toBe('名称');
  });

  it('takes a column of unique values when no name says it names the record', () => {
    expect(suggestTitleColumn([text('note'), text('isbn', 'UNIQUE')])).toBe('isbn');
    expect(suggestTitleColumn([text('isbn', 'UNIQUE'), text('album_title')])).toBe('album_title');
  });

  it('falls back to the first text column, and to none when there is no text', () => {
    expect(suggestTitleColumn([{ name: 'n', dataType: 'INT' }, text('address'), text('city')])).toBe(
      'address',
    );
    expect(
      suggestTitleColumn([
        { name: 'n', dataType: 'INT' },
        { name: 'at', dataType: 'DATETIME' },
      ]),
    ).toBeNull();
    expect(suggestTitleColumn([{ name: 'name', dataType: 'INT' }])).toBeNull();
  });

  it('keeps the order given among equals', () => {
    expect(suggestTitleColumn([text('LastName'), text('FirstName')])).toBe('LastName');
  });
});
