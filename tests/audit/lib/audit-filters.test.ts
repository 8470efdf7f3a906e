import { auditFilters } from '../../../src/audit/lib/audit-filters';
import { toQueryParams } from '../../../src/common/lib/query-params';

describe('auditFilters', () => {
  it('filters nothing for a blank bar', () => {
    expect(auditFilters({})).toEqual([]);
    expect(auditFilters({ user: '  ', actions: [], table: '', range: null })).toEqual([]);
  });

  it('takes digits as a user id and other text as part of a name', () => {
    expect(auditFilters({ user: ' 42 ' })).toEqual([{ field: 'userId', operator: 'eq', value: '42' }]);
    expect(auditFilters({ user: 'ann' })).toEqual([
      { field: 'userName', operator: 'contains', value: 'ann' },
    ]);
  });

  it('becomes the query parameters of GET /api/audit: column filters on its columns', () => {
    const filters = auditFilters({
      user: 'ann',
      actions: ['signIn', 'signInFailed'],
      table: 'product',
      range: [1000, 2000],
    });
    expect(toQueryParams(filters)).toEqual({
      userName: 'LIKE ann',
      action: 'signIn,signInFailed',
      tableName: 'LIKE product',
      at: 'BETWEEN 1000,2000',
    });
  });
});
