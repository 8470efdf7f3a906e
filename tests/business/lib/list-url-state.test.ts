import { describe, expect, it } from 'vitest';
import type { CrudFilter } from '@refinedev/core';
import {
  crudFiltersOf,
  DEFAULT_LIST_STATE,
  filterTextsOf,
  readListUrlState,
  writeListUrlState,
  type ListUrlState,
} from '../../../src/business/lib/list-url-state';
import { SEARCH_FIELD } from '../../../src/common/lib/query-params';

const FILTERABLE = ['city', 'price', 'createdDate', 'vip', 'createById'];
const SORTABLE = ['id', 'name', 'city', 'price', 'createdDate'];
const read = (search: string) => readListUrlState(new URLSearchParams(search), FILTERABLE, SORTABLE);

describe('the list state in the link', () => {
  it('leaves a fresh list with a bare link', () => {
    expect(writeListUrlState(DEFAULT_LIST_STATE).toString()).toBe('');
    expect(read('')).toEqual(DEFAULT_LIST_STATE);
  });

  it('writes keyword, filters, sort, page, size and the recycle bin, and reads them back', () => {
    const state: ListUrlState = {
      keyword: '深圳 客户',
      filters: { city: '北京,广州', price: 'BETWEEN 10,20.5', createdDate: 'GE 2024-01-01 00:00:00' },
      sorters: [
        { field: 'createdDate', order: 'desc' },
        { field: 'name', order: 'asc' },
      ],
      page: 3,
      pageSize: 20,
      recycle: true,
    };
    const params = writeListUrlState(state);
    expect([...params.keys()]).toEqual([
      'q',
      'f.city',
      'f.price',
      'f.createdDate',
      'sort',
      'page',
      'size',
      'view',
    ]);
    expect(params.get('sort')).toBe('-createdDate,name');
    expect(params.get('view')).toBe('recycle');
    expect(read(params.toString())).toEqual(state);
  });

  it('drops what the table cannot filter or sort by, and falls back on bad numbers', () => {
    expect(read('f.password=x&f.city=%20&f.vip=true&sort=-secret,city,,&page=0&size=7')).toEqual({
      ...DEFAULT_LIST_STATE,
      filters: { vip: 'true' },
      sorters: [{ field: 'city', order: 'asc' }],
    });
    expect(read('page=abc&size=100').page).toBe(1);
    expect(read('page=abc&size=100').pageSize).toBe(100);
    expect(read('page=2.5').page).toBe(1);
    expect(read('q=%20%20').keyword).toBe('');
    expect(read('view=other').recycle).toBe(false);
  });
});

describe('filters between the list and the link', () => {
  it('turns typed filter texts into Refine filters and back', () => {
    const texts = {
      city: '北京,广州',
      price: 'BETWEEN 10,20',
      createdDate: 'LE 2024-02-01 23:59:59',
      vip: 'true',
      createById: '1',
    };
    const filters = crudFiltersOf(texts);
    expect(filters).toEqual([
      { field: 'city', operator: 'in', value: ['北京', '广州'] },
      { field: 'price', operator: 'between', value: ['10', '20'] },
      { field: 'createdDate', operator: 'lte', value: '2024-02-01 23:59:59' },
      { field: 'vip', operator: 'eq', value: 'true' },
      { field: 'createById', operator: 'eq', value: '1' },
    ]);
    expect(filterTextsOf(filters)).toEqual(texts);
  });

  it('leaves the keyword, the soft-delete flag and groups to their own places', () => {
    const filters: CrudFilter[] = [
      { field: SEARCH_FIELD, operator: 'eq', value: 'x' },
      { field: 'isDeleted', operator: 'eq', value: 'false' },
      { operator: 'or', value: [{ field: 'city', operator: 'eq', value: 'a' }] },
      { field: 'price', operator: 'gte', value: '5' },
      { field: 'city', operator: 'eq', value: '' },
    ];
    expect(filterTextsOf(filters)).toEqual({ price: 'GE 5' });
  });
});
