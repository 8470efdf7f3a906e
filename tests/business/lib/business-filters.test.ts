import { describe, expect, it } from 'vitest';
import type { Column, Relation, Table } from '../../../contract';
import {
  buildFilters,
  filterFields,
  filterValuesOf,
  hasSoftDelete,
  keywordScans,
  normaliseFilterText,
  rangeFilterText,
  rangeOfText,
  relationFilterText,
  softDeleteFilter,
} from '../../../src/business/lib/business-filters';

const col = (name: string, dataType: Column['dataType'], extra: Partial<Column> = {}): Column => ({
  name,
  dataType,
  queryable: true,
  ...extra,
});

const relation: Relation = {
  name: 'customer',
  relationType: 'ManyToOne',
  fromTable: { id: 1, name: 'order' },
  toTable: { id: 2, name: 'customer' },
  fromColumn: { id: 3, name: 'customerId' },
  toColumn: { id: 4, name: 'id' },
};

const table: Table = {
  name: 'order',
  primaryNames: ['id'],
  columns: [
    col('id', 'BIGINT'),
    col('title', 'VARCHAR'),
    col('paid', 'BOOL'),
    col('customerId', 'BIGINT'),
    col('note', 'TEXT', { queryable: false }),
    col('password', 'PASSWORD'),
    col('fullTextBody', 'LONGTEXT', { indexType: 'FULLTEXT' }),
    col('isDeleted', 'BOOL'),
    col('amount', 'DECIMAL'),
    col('paidOn', 'DATE'),
    col('scan', 'ATTACHMENT'),
    col('remark', 'TEXT'),
    col('createdDate', 'DATETIME', { queryable: false }),
    col('createById', 'BIGINT', { queryable: false }),
    col('ownerId', 'BIGINT', { queryable: false }),
  ],
};

describe('filterFields (docs/product.md §2)', () => {
  it('gives one filter per queryable column and the bookkeeping ones, most useful first', () => {
    const fields = filterFields(table, [relation]);
    expect(fields.map((f) => [f.column.name, f.kind])).toEqual([
      ['title', 'text'],
      ['paid', 'bool'],
      ['customerId', 'relation'],
      ['id', 'text'],
      ['remark', 'text'],
      ['amount', 'number'],
      ['paidOn', 'date'],
      ['createdDate', 'datetime'],
      ['createById', 'user'],
      ['ownerId', 'user'],
    ]);
    expect(fields[2]?.relation).toBe(relation);
  });

  it('never filters files, passwords, the full text or the soft-delete flag', () => {
    const names = filterFields(table, []).map((f) => f.column.name);
    for (const name of ['scan', 'password', 'fullTextBody', 'isDeleted']) expect(names).not.toContain(name);
  });
});

describe('range filters', () => {
  it.each<[{ from?: string; to?: string }, 'number' | 'date' | 'datetime', string]>([
    [{ from: '10', to: '20.50' }, 'number', 'BETWEEN 10,20.50'],
    [{ from: '10' }, 'number', 'GE 10'],
    [{ to: ' 20 ' }, 'number', 'LE 20'],
    [{ from: ' ', to: '' }, 'number', ''],
    [{}, 'date', ''],
    [{ from: '2024-01-01', to: '2024-01-31' }, 'date', 'BETWEEN 2024-01-01,2024-01-31'],
    [{ from: '2024-01-01', to: '2024-01-31' }, 'datetime', 'BETWEEN 2024-01-01 00:00:00,2024-01-31 23:59:59'],
    [{ to: '2024-01-31' }, 'datetime', 'LE 2024-01-31 23:59:59'],
  ])('%j as %s → %j', (range, kind, text) => {
    expect(rangeFilterText(range, kind)).toBe(text);
    if (text)
      expect(rangeOfText(text, kind)).toEqual(
        Object.fromEntries(Object.entries(range).map(([side, value]) => [side, value.trim()])),
      );
  });

  it('is no range for other text', () => {
    expect(rangeOfText('5', 'number')).toBeNull();
    expect(rangeOfText('LIKE 5', 'number')).toBeNull();
  });
});

describe('filterValuesOf (a link back into the filter controls)', () => {
  const fields = filterFields(table, [relation]);

  it('gives every control its value, the inverse of buildFilters', () => {
    const values = {
      title: '苹果,梨',
      paid: false,
      customerId: [{ id: '7' }, { id: '9' }],
      amount: { from: '1.5', to: '9' },
      paidOn: { from: '2024-01-01' },
      createdDate: { to: '2024-02-01' },
      createById: ['1', '3'],
    };
    const texts = buildFilters(fields, values);
    expect(texts).toEqual({
      title: '苹果,梨',
      paid: 'false',
      customerId: '7,9',
      amount: 'BETWEEN 1.5,9',
      paidOn: 'GE 2024-01-01',
      createdDate: 'LE 2024-02-01 23:59:59',
      createById: '1,3',
    });
    expect(filterValuesOf(fields, texts)).toEqual(values);
  });

  it('keeps a single number as a range from it to it, and skips what does not fit', () => {
    expect(filterValuesOf(fields, { amount: '5', paid: 'maybe', unknown: 'x', title: '' })).toEqual({
      amount: { from: '5', to: '5' },
    });
  });
});

describe('normaliseFilterText (docs/product.md §5)', () => {
  it.each<[string, string]>([
    ['', ''],
    ['   ', ''],
    [' abc ', 'abc'],
    ['a, b ,c', 'a,b,c'],
    ['a，b， c', 'a,b,c'],
    ['a,,b, ,', 'a,b'],
    [' , ， ', ''],
  ])('%j → %j', (text, normalised) => {
    expect(normaliseFilterText(text)).toBe(normalised);
  });
});

describe('buildFilters', () => {
  const fields = filterFields(table, [relation]);

  it.each<[Record<string, unknown>, Record<string, string>]>([
    [{}, {}],
    [{ title: '  ', id: '' }, {}],
    [{ title: ' 苹果 ' }, { title: '苹果' }],
    [{ id: '1， 2,3 ' }, { id: '1,2,3' }],
    [{ paid: false }, { paid: 'false' }],
    [{ paid: true }, { paid: 'true' }],
    [{ paid: undefined }, {}],
    [{ customerId: [] }, {}],
    [
      {
        customerId: [
          { id: 7, name: 'A' },
          { id: 9, name: 'B' },
        ],
      },
      { customerId: '7,9' },
    ],
    [{ note: 'x', password: 'y', scan: 'z' }, {}],
    [{ amount: { from: '3' } }, { amount: 'GE 3' }],
    [{ createById: ['1', ' ', '2'] }, { createById: '1,2' }],
    [{ title: true, paid: 'yes' }, { paid: 'yes' }],
  ])('%j → %j', (values, filters) => {
    expect(buildFilters(fields, values as never)).toEqual(filters);
  });
});

describe('relationFilterText', () => {
  it('uses the target column, else the related key', () => {
    const byCode: Relation = { ...relation, toColumn: { id: 5, name: 'code' } };
    const related: Table = { name: 'customer', primaryNames: ['id'], columns: [] };
    expect(relationFilterText([{ code: 'A' }, { id: 3 }], byCode, related)).toBe('A,3');
  });
});

describe('soft delete', () => {
  it('filters on isDeleted only for tables that have it', () => {
    expect(softDeleteFilter(table, false)).toEqual({ isDeleted: 'false' });
    expect(softDeleteFilter(table, true)).toEqual({ isDeleted: 'true' });
    const plain: Table = { name: 'x', columns: [col('id', 'INT')] };
    expect(softDeleteFilter(plain, false)).toEqual({});
    expect(hasSoftDelete(plain)).toBe(false);
    expect(hasSoftDelete(table)).toBe(true);
  });
});

describe('keywordScans', () => {
  it('is true for a table without a search index (a reversed one), false with a FULLTEXT column', () => {
    expect(keywordScans({ columns: [{ indexType: 'NONE' }, { indexType: 'PRIMARY' }] })).toBe(true);
    expect(keywordScans({ columns: [] })).toBe(true);
    expect(keywordScans({ columns: [{ indexType: 'PRIMARY' }, { indexType: 'FULLTEXT' }] })).toBe(false);
  });
});
