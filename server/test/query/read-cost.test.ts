import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../../src/query/parse-list-query';
import type { QueryTable } from '../../src/query/query-types';
import { countReadCost, listReadCost } from '../../src/query/read-cost';
import { column } from './fixtures';

const NOTE: QueryTable = {
  tableName: 'note',
  primaryNames: ['id'],
  relationNames: [],
  columns: [
    column('id', 'BIGINT', { indexType: 'PRIMARY', unsigned: true }),
    column('name', 'VARCHAR', { length: 200 }),
    column('code', 'VARCHAR', { length: 20, indexType: 'UNIQUE' }),
    column('parentId', 'BIGINT', { indexType: 'INDEX' }),
    column('stamp', 'DATETIME'),
    column('fullTextBody', 'TEXT', { indexType: 'FULLTEXT' }),
    column('isDeleted', 'BOOL'),
  ],
};

const filter = (conditionType: 'AND' | 'OR', conditions: [string, string, unknown[]][]) =>
  JSON.stringify({
    conditionType,
    conditions: conditions.map(([columnName, operatorType, values]) => ({
      columnName,
      operatorType,
      values,
    })),
  });

const list = (query: Record<string, string>) => listReadCost(parseListQuery(query, NOTE), NOTE);
const count = (query: Record<string, string>) => countReadCost(parseListQuery(query, NOTE), NOTE);

describe('listReadCost', () => {
  it('finds a small first page in key order, or one an index narrows, cheap', () => {
    expect(list({})).toBe('cheap');
    expect(list({ limit: '100', offset: '1000' })).toBe('cheap');
    expect(list({ isDeleted: 'false' })).toBe('cheap');
    expect(list({ orderby: 'code asc', isDeleted: 'false' })).toBe('cheap');
    expect(list({ parentId: '7' })).toBe('cheap');
    expect(list({ parentId: '7', name: 'LIKE x', orderby: 'stamp desc' })).toBe('cheap');
    expect(list({ code: 'a,b' })).toBe('cheap');
    expect(list({ id: 'BETWEEN 1,9' })).toBe('cheap');
    expect(
      list({
        filter: filter('OR', [
          ['code', 'EQ', ['a']],
          ['parentId', 'EQ', [3]],
        ]),
      }),
    ).toBe('cheap');
  });

  it('finds a keyword, a filter no index serves, a sort of the whole table, a large or deep page expensive', () => {
    expect(list({ search: 'x' })).toBe('expensive');
    expect(list({ name: 'LIKE x' })).toBe('expensive');
    expect(list({ name: 'x' })).toBe('expensive');
    expect(list({ code: 'LIKE x' })).toBe('expensive');
    expect(list({ code: 'NE x' })).toBe('expensive');
    expect(list({ isDeleted: 'true' })).toBe('expensive');
    expect(list({ isDeleted: 'false', name: 'x' })).toBe('expensive');
    expect(list({ orderby: 'stamp desc' })).toBe('expensive');
    // No index holds the pinyin order of a text column (other columns keep their index).
    expect(list({ orderby: 'code asc' })).toBe('cheap');
    expect(list({ orderby: 'code asc', collation: 'pinyin' })).toBe('expensive');
    expect(list({ orderby: 'parentId', collation: 'pinyin' })).toBe('cheap');
    expect(list({ limit: '101' })).toBe('expensive');
    expect(list({ offset: '1001' })).toBe('expensive');
    expect(
      list({
        filter: filter('OR', [
          ['code', 'EQ', ['a']],
          ['name', 'EQ', ['b']],
        ]),
      }),
    ).toBe('expensive');
  });
});

describe('countReadCost', () => {
  it('finds a count cheap only when an index finds the rows it counts', () => {
    expect(count({ parentId: '7' })).toBe('cheap');
    expect(count({ parentId: '7', isDeleted: 'false' })).toBe('cheap');
    expect(count({})).toBe('expensive');
    expect(count({ isDeleted: 'false' })).toBe('expensive');
    expect(count({ name: 'LIKE x' })).toBe('expensive');
    expect(count({ search: 'x', parentId: '7' })).toBe('expensive');
  });
});
