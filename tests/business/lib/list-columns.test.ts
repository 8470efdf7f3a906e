import { describe, expect, it } from 'vitest';
import type { Column, Table } from '../../../contract';
import type { FormLayout } from '../../../src/business/lib/business-meta';
import {
  chooserColumns,
  defaultListColumns,
  listCellWidth,
  parseChosenColumns,
  visibleListColumns,
} from '../../../src/business/lib/list-columns';

const col = (
  id: number,
  name: string,
  dataType: Column['dataType'],
  extra: Partial<Column> = {},
): Column => ({
  id,
  name,
  dataType,
  ...extra,
});

const table: Table = {
  name: 'product',
  primaryNames: ['id'],
  columns: [
    col(1, 'id', 'BIGINT'),
    col(2, 'name', 'VARCHAR'),
    col(3, 'fullTextBody', 'TEXT', { indexType: 'FULLTEXT' }),
    col(4, 'createdDate', 'DATETIME'),
    col(5, 'lastModifiedDate', 'DATETIME'),
    col(6, 'createById', 'BIGINT'),
    col(7, 'updateById', 'BIGINT'),
    col(8, 'ownerId', 'BIGINT'),
    col(9, 'isDeleted', 'BOOL'),
    col(10, 'price', 'DECIMAL'),
    col(11, 'secret', 'PASSWORD'),
    col(12, 'photo', 'ATTACHMENT'),
  ],
};

const names = (columns: readonly Column[]) => columns.map((column) => column.name);
const listLayout = (...columnIds: number[]): FormLayout => ({
  tableId: 1,
  device: 'pc',
  type: 'list',
  body: columnIds.map((columnId) => ({ columnId })),
});

describe('the columns a list shows', () => {
  it('defaults to the table’s own columns: no bookkeeping, password or full text', () => {
    expect(names(defaultListColumns(table, []))).toEqual(['id', 'name', 'price', 'photo']);
  });

  it('defaults to the saved list layout, in its order, when it names a listable column', () => {
    expect(names(defaultListColumns(table, [listLayout(10, 4, 11)]))).toEqual(['price', 'createdDate']);
    expect(names(defaultListColumns(table, [listLayout(11, 99)]))).toEqual(['id', 'name', 'price', 'photo']);
  });

  it('offers the defaults first, then every other listable column in table order', () => {
    expect(names(chooserColumns(table, []))).toEqual([
      'id',
      'name',
      'price',
      'photo',
      'createdDate',
      'lastModifiedDate',
      'createById',
      'updateById',
      'ownerId',
      'isDeleted',
    ]);
    expect(names(chooserColumns(table, [listLayout(10)]))[0]).toBe('price');
  });

  it('shows the chosen columns in screen order, and the defaults when nothing usable is chosen', () => {
    expect(names(visibleListColumns(table, [], ['createdDate', 'name', 'secret', 'gone']))).toEqual([
      'name',
      'createdDate',
    ]);
    expect(names(visibleListColumns(table, [], null))).toEqual(['id', 'name', 'price', 'photo']);
    expect(names(visibleListColumns(table, [], ['secret', 'fullTextBody']))).toEqual([
      'id',
      'name',
      'price',
      'photo',
    ]);
  });
});

describe('parseChosenColumns', () => {
  it.each<[string | null, string[] | null]>([
    [null, null],
    ['', null],
    ['not json', null],
    ['{"a":1}', null],
    ['[]', null],
    ['["name", 3, "", "price"]', ['name', 'price']],
  ])('%j → %j', (text, chosen) => {
    expect(parseChosenColumns(text)).toEqual(chosen);
  });
});

describe('listCellWidth', () => {
  it('keeps a table of a handful of columns within a 1440 px screen', () => {
    // selection, id, name, five columns of different types and the row actions
    const five: Column['dataType'][] = ['VARCHAR', 'DECIMAL', 'INT', 'DATE', 'ATTACHMENT'];
    const width =
      48 +
      listCellWidth({ dataType: 'BIGINT' }) +
      listCellWidth({ dataType: 'VARCHAR' }) +
      five.reduce((sum, dataType) => sum + listCellWidth({ dataType }), 0) +
      176;
    // 1440 less the side menu (224) and the page and card paddings (2 × 24 + 2 × 24)
    expect(width).toBeLessThanOrEqual(1440 - 224 - 96);
    expect(listCellWidth({ dataType: 'DATETIME' })).toBeGreaterThan(listCellWidth({ dataType: 'DATE' }));
  });
});
