import { describe, expect, it } from 'vitest';
import { downloadHref } from '../../../src/common/lib/download-url';
import { metadataToolPaths, relationPaths } from '../../../src/common/lib/metadata-tool-paths';
import { filterPhysicalTables, keepSelected, pageRows } from '../../../src/designer/lib/physical-tables';

const tables = [
  { tableName: 'Track', comment: '曲目' },
  { tableName: 'Album', comment: null },
  { tableName: 'artist', comment: 'Artists' },
];

describe('physical tables', () => {
  it.each<[string, string[]]>([
    ['', ['Album', 'artist', 'Track']],
    ['  AR ', ['artist']],
    ['曲', ['Track']],
    ['artists', ['artist']],
    ['zzz', []],
  ])('filters by %j', (keyword, names) => {
    expect(filterPhysicalTables(tables, keyword).map((t) => t.tableName)).toEqual(names);
  });

  it('pages in the browser', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageRows(rows, 1, 10)).toEqual(rows.slice(0, 10));
    expect(pageRows(rows, 3, 10)).toEqual([20, 21, 22]);
    expect(pageRows(rows, 4, 10)).toEqual([]);
  });

  it('keeps only the selected names still listed', () => {
    expect(keepSelected(['Album', 'Gone', 'Track'], tables)).toEqual(['Album', 'Track']);
  });
});

describe('paths and links', () => {
  it('builds the relation and tool routes of a data source', () => {
    expect(relationPaths('my db')).toEqual({
      list: '/dataSource/my%20db/metadata/relations',
      create: '/dataSource/my%20db/metadata/relations/new',
      graph: '/dataSource/my%20db/metadata/relations/graph',
      edit: expect.any(Function),
    });
    expect(relationPaths('pg').edit(4)).toBe('/dataSource/pg/metadata/relations/4');
    expect(metadataToolPaths('pg')).toEqual({
      reverse: '/dataSource/pg/metadata/tables/reverse',
      import: '/dataSource/pg/metadata/tables/import',
      sql: '/dataSource/pg/metadata/sqls/new',
    });
  });

  it.each([
    ['/download/2026-01-01/a.json', '', '/download/2026-01-01/a.json'],
    ['/download/a.json', 'https://api.example.com', 'https://api.example.com/download/a.json'],
    ['download/a.json', 'https://api.example.com', 'https://api.example.com/download/a.json'],
    ['https://cdn.example.com/a.json', 'https://api.example.com', 'https://cdn.example.com/a.json'],
  ])('links %s on %j', (url, base, href) => {
    expect(downloadHref(url, base)).toBe(href);
  });
});
