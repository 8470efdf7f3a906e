import { describe, expect, it } from 'vitest';
import { exportQuery } from '../../../src/business/lib/export-query';
import { SEARCH_FIELD } from '../../../src/common/lib/query-params';

describe('exportQuery', () => {
  const filters = [
    { field: SEARCH_FIELD, operator: 'eq' as const, value: '客户' },
    { field: 'city', operator: 'in' as const, value: ['北京', '上海'] },
    { field: 'isDeleted', operator: 'eq' as const, value: 'false' },
  ];

  it('sends the list’s keyword and filters with the shown columns in screen order', () => {
    expect(exportQuery(filters, ['name', 'city', 'createdDate'])).toEqual({
      search: '客户',
      city: '北京,上海',
      isDeleted: 'false',
      select: 'name,city,createdDate',
    });
  });

  it('asks for every column when no columns are given', () => {
    expect(exportQuery(filters, null)).toEqual({ search: '客户', city: '北京,上海', isDeleted: 'false' });
    expect(exportQuery([], [])).toEqual({});
  });
});
