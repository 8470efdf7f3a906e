import { describe, expect, it } from 'vitest';
import type { Column, Relation, Table } from '../../../contract';
import {
  buildFilters,
  filterFields,
  hasSoftDelete,
  normaliseFilterText,
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
  ],
};

describe('filterFields (docs/product.md §2)', () => {
  it('gives one filter per queryable column with its kind', () => {
    const fields = filterFields(table, [relation]);
    expect(fields.map((f) => [f.column.name, f.kind])).toEqual([
      ['id', 'text'],
      ['title', 'text'],
      ['paid', 'bool'],
      ['customerId', 'relation'],
    ]);
    expect(fields[3]?.relation).toBe(relation);
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
    [{ note: 'x', password: 'y' }, {}],
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
