import { describe, expect, it } from 'vitest';
import { formatSql } from '../../../src/sql/lib/format-sql';

describe('formatSql', () => {
  it.each([
    [
      'sqlite',
      'select id,name from Artist where id=1',
      'SELECT\n  id,\n  name\nFROM\n  Artist\nWHERE\n  id = 1',
    ],
    ['pg', 'select "Name" from "Artist" limit 5', 'SELECT\n  "Name"\nFROM\n  "Artist"\nLIMIT\n  5'],
    ['mysql', 'select `Name` from Artist', 'SELECT\n  `Name`\nFROM\n  Artist'],
    [undefined, 'select 1', 'SELECT\n  1'],
  ])('formats for %s', (client, text, formatted) => {
    expect(formatSql(text, client)).toBe(formatted);
  });

  it('throws on text it cannot parse', () => {
    expect(() => formatSql('select `unclosed', 'sqlite')).toThrow();
  });
});
