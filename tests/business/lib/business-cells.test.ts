import { describe, expect, it } from 'vitest';
import type { Column, Relation, Table } from '../../../contract';
import {
  attachmentHref,
  byteSizeText,
  cellText,
  isByteSizeColumn,
  formatTemporal,
  isImageHref,
  listColumns,
  relatedText,
  relationCellText,
  relationsByColumn,
  truncateText,
} from '../../../src/business/lib/business-cells';

const col = (name: string, dataType: Column['dataType'], extra: Partial<Column> = {}): Column => ({
  name,
  dataType,
  ...extra,
});
const labels = { yes: '是', no: '否' };

describe('truncateText (docs/product.md §5)', () => {
  it.each<[string, string]>([
    ['short', 'short'],
    ['a'.repeat(100), 'a'.repeat(100)],
    ['a'.repeat(101), `${'a'.repeat(100)}...`],
    ['中'.repeat(150), `${'中'.repeat(100)}...`],
    ['😀'.repeat(100), '😀'.repeat(100)],
  ])('%s', (text, expected) => {
    expect(truncateText(text)).toBe(expected);
  });
});

describe('formatTemporal (docs/product.md §9)', () => {
  it.each<['DATE' | 'TIME' | 'DATETIME', unknown, string]>([
    ['DATE', '2024-03-05', '2024-03-05'],
    ['DATE', '2024-03-05 10:11:12', '2024-03-05'],
    ['DATETIME', '2024-03-05 10:11:12', '2024-03-05 10:11:12'],
    ['DATETIME', '2024-03-05T22:11:12', '2024-03-05 22:11:12'],
    ['TIME', '9:05', '09:05:00'],
    ['TIME', '23:59:58', '23:59:58'],
    ['TIME', '23:59:58.123', '23:59:58'],
    ['DATE', null, ''],
    ['DATE', '', ''],
    ['DATETIME', 'not a date', 'not a date'],
  ])('%s %j → %s', (type, value, text) => {
    expect(formatTemporal(type, value)).toBe(text);
  });

  it('reads epoch milliseconds', () => {
    const epoch = new Date(2024, 0, 2, 3, 4, 5).getTime();
    expect(formatTemporal('DATETIME', epoch)).toBe('2024-01-02 03:04:05');
    expect(formatTemporal('DATE', String(epoch))).toBe('2024-01-02');
  });
});

describe('cellText', () => {
  it.each<[Column, unknown, string]>([
    [col('on', 'BOOL'), true, '是'],
    [col('on', 'BOOL'), false, '否'],
    [col('on', 'BOOL'), 1, '是'],
    [col('on', 'BOOL'), 0, '否'],
    [col('on', 'BOOL'), null, ''],
    [col('body', 'TEXT'), 'x'.repeat(120), `${'x'.repeat(100)}...`],
    [col('body', 'LONGTEXT'), 'y'.repeat(101), `${'y'.repeat(100)}...`],
    [col('name', 'VARCHAR'), 'z'.repeat(120), 'z'.repeat(120)],
    [col('price', 'DECIMAL'), '12.50', '12.50'],
    // the server answers a DECIMAL as text with its scale: kept, never made a number
    [col('price', 'DECIMAL', { scale: 2 }), '2999.00', '2999.00'],
    [col('price', 'DECIMAL', { scale: 2 }), '5999.50', '5999.50'],
    [col('price', 'DECIMAL', { scale: 2 }), '12345678901234567.10', '12345678901234567.10'],
    [col('qty', 'INT'), 0, '0'],
    [col('at', 'DATE'), '2024-03-05', '2024-03-05'],
    [col('meta', 'VARCHAR'), { a: 1 }, '{"a":1}'],
  ])('%j %j → %s', (column, value, text) => {
    expect(cellText(column, value, labels)).toBe(text);
  });
});

describe('listColumns', () => {
  const table: Table = {
    id: 1,
    name: 'product',
    primaryNames: ['id'],
    columns: [
      col('id', 'BIGINT', { id: 1 }),
      col('name', 'VARCHAR', { id: 2 }),
      col('password', 'PASSWORD', { id: 3 }),
      col('fullTextBody', 'LONGTEXT', { id: 4, indexType: 'FULLTEXT' }),
      col('price', 'DECIMAL', { id: 5 }),
    ],
  };

  it('shows every column but passwords and full-text without a layout', () => {
    expect(listColumns(table, []).map((c) => c.name)).toEqual(['id', 'name', 'price']);
  });

  it('shows a reversed table’s search-indexed column: its own data, not a search body', () => {
    expect(listColumns({ ...table, reverse: true }, []).map((c) => c.name)).toEqual([
      'id',
      'name',
      'fullTextBody',
      'price',
    ]);
  });

  it('follows the pc list layout, still without hidden columns', () => {
    const layouts = [
      { tableId: 1, device: 'pc', type: 'list', body: [{ columnId: 5 }, { columnId: 3 }, { columnId: 2 }] },
      { tableId: 1, device: 'pc', type: 'create', body: [{ columnId: 1 }] },
    ];
    expect(listColumns(table, layouts).map((c) => c.name)).toEqual(['price', 'name']);
  });

  it('puts the bookkeeping columns after the table’s own when no layout is saved', () => {
    const withSystem: Table = {
      ...table,
      columns: [
        col('id', 'BIGINT', { id: 1 }),
        col('createdDate', 'DATETIME', { id: 6 }),
        col('ownerId', 'BIGINT', { id: 7 }),
        col('name', 'VARCHAR', { id: 2 }),
        col('isDeleted', 'BOOL', { id: 8 }),
        col('price', 'DECIMAL', { id: 5 }),
      ],
    };
    expect(listColumns(withSystem, []).map((c) => c.name)).toEqual([
      'id',
      'name',
      'price',
      'createdDate',
      'ownerId',
      'isDeleted',
    ]);
  });

  it('ignores a list layout that names no shown column', () => {
    const layouts = [{ tableId: 1, device: 'pc', type: 'list', body: [{ columnId: 99 }] }];
    expect(listColumns(table, layouts).map((c) => c.name)).toEqual(['id', 'name', 'price']);
  });
});

describe('relation cells (docs/product.md §2)', () => {
  const customer: Table = {
    name: 'customer',
    primaryNames: ['id'],
    columns: [
      col('id', 'BIGINT'),
      col('name', 'VARCHAR', { displayable: true }),
      col('city', 'VARCHAR', { displayable: true }),
      col('secret', 'PASSWORD', { displayable: true }),
    ],
  };
  const bare: Table = { name: 'tag', primaryNames: ['code'], columns: [col('code', 'VARCHAR')] };
  const relation: Relation = {
    name: 'customer',
    relationType: 'ManyToOne',
    fromTable: { id: 1, name: 'order' },
    toTable: { id: 2, name: 'customer' },
    fromColumn: { id: 3, name: 'customerId' },
    toColumn: { id: 4, name: 'id' },
  };
  const column = col('customerId', 'BIGINT');

  it("shows the related record's title: the chosen title column, else the first text column", () => {
    expect(relatedText({ id: 1, name: '张三', city: '上海' }, customer, 'id')).toBe('张三');
    expect(
      relatedText({ id: 1, name: '张三', city: '上海' }, { ...customer, titleColumn: 'city' }, 'id'),
    ).toBe('上海');
    // A chosen column that no longer exists falls back to the default rule.
    expect(relatedText({ id: 1, name: '张三' }, { ...customer, titleColumn: 'gone' }, 'id')).toBe('张三');
    // Never a password, even when it is the first text column.
    const locked: Table = { ...customer, columns: [col('secret', 'PASSWORD'), ...customer.columns] };
    expect(relatedText({ id: 1, secret: 'x', name: '李四' }, locked, 'id')).toBe('李四');
  });

  it('falls back to the related key', () => {
    expect(relatedText({ code: 'A1' }, bare, 'code')).toBe('A1');
    expect(relatedText({ id: 9, name: '' }, customer, 'id')).toBe('9');
  });

  it.each<[Record<string, unknown>, string]>([
    [{ customerId: 1, customer: { id: 1, name: '张三', city: '上海' } }, '张三'],
    [{ customerId: 1, customer: null }, '1'],
    [{ customerId: 2 }, '2'],
    [
      {
        customerId: '1,2',
        customer: [
          { id: 1, name: 'A' },
          { id: 2, name: 'B' },
        ],
      },
      'A, B',
    ],
    [{ customerId: null, customer: null }, ''],
  ])('%j → %s', (record, text) => {
    expect(relationCellText(record, column, relation, customer)).toBe(text);
  });

  it('maps only to-one relations to their from-column', () => {
    const many: Relation = {
      ...relation,
      name: 'lines',
      relationType: 'OneToMany',
      fromColumn: { id: 1, name: 'id' },
    };
    const map = relationsByColumn([relation, many]);
    expect([...map.keys()]).toEqual(['customerId']);
  });
});

describe('attachmentHref', () => {
  it.each<[unknown, string | null]>([
    ['/api/file/download/abc.pdf', '/api/file/download/abc.pdf'],
    ['download/abc.pdf', '/download/abc.pdf'],
    ['https://cdn.test/a.png', 'https://cdn.test/a.png'],
    ['javascript:alert(1)', null],
    ['data:text/html,x', null],
    ['//evil.test/x', null],
    ['', null],
    [42, null],
  ])('%j → %j', (value, href) => {
    expect(attachmentHref(value)).toBe(href);
  });
});

describe('isImageHref', () => {
  it.each<[string, boolean]>([
    ['/download/a.png', true],
    ['/download/a.JPG', true],
    ['/download/a.jpeg?x=1', true],
    ['https://cdn.test/b.gif#top', true],
    ['/download/c.webp', true],
    ['/download/report.pdf', false],
    ['/download/png', false],
    ['/download/a.png.exe', false],
    ['/download/a.svg', false],
  ])('%s → %s', (href, image) => {
    expect(isImageHref(href)).toBe(image);
  });
});

describe('file sizes in the file list', () => {
  const size = col('size', 'BIGINT');
  it('are read as sizes in the built-in file table only', () => {
    expect(isByteSizeColumn({ name: 'file', systemable: true }, size)).toBe(true);
    expect(isByteSizeColumn({ name: 'file' }, size)).toBe(false);
    expect(isByteSizeColumn({ name: 'product', systemable: true }, size)).toBe(false);
    expect(isByteSizeColumn({ name: 'file', systemable: true }, col('md5', 'VARCHAR'))).toBe(false);
  });

  it.each<[unknown, string]>([
    [0, '0 B'],
    [512, '512 B'],
    [1536, '1.5 KB'],
    ['2097152', '2.0 MB'],
    [15 * 1024 * 1024, '15 MB'],
    [3 * 1024 ** 3, '3.0 GB'],
    [null, ''],
    ['', ''],
    ['abc', 'abc'],
    [-5, '-5'],
  ])('%s reads %s', (value, text) => {
    expect(byteSizeText(value)).toBe(text);
  });
});
