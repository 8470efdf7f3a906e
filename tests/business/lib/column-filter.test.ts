import { fromColumnFilter, fromColumnFilters } from '../../../src/business/lib/column-filter';
import { toQueryParams } from '../../../src/common/lib/query-params';

describe('fromColumnFilter', () => {
  it.each([
    ['v', { operator: 'eq', value: 'v' }],
    ['a,b', { operator: 'in', value: ['a', 'b'] }],
    ['LIKE ab', { operator: 'contains', value: 'ab' }],
    ['>= 5', { operator: 'gte', value: '5' }],
    ['<3', { operator: 'lt', value: '3' }],
    ['NE x', { operator: 'ne', value: 'x' }],
    ['NOTIN a,b', { operator: 'nin', value: ['a', 'b'] }],
    ['BETWEEN 1,9', { operator: 'between', value: ['1', '9'] }],
    ['BETWEEN ,9', { operator: 'between', value: ['', '9'] }],
    ['ISNULL', { operator: 'null', value: true }],
    ['ISNOTNULL', { operator: 'nnull', value: true }],
    ['like x', { operator: 'eq', value: 'like x' }],
    ['STARTSWITH ap', { operator: 'startswith', value: 'ap' }],
    ['NOTENDSWITH le', { operator: 'nendswith', value: 'le' }],
    ['NOTLIKE x', { operator: 'ncontains', value: 'x' }],
    ['LIKECS X', { operator: 'containss', value: 'X' }],
    ['NOTLIKECS X', { operator: 'ncontainss', value: 'X' }],
    ['NOTBETWEEN 1,9', { operator: 'nbetween', value: ['1', '9'] }],
  ])('reads %s', (text, expected) => {
    expect(fromColumnFilter('c', text)).toEqual({ field: 'c', ...expected });
  });

  it.each([
    ['v', 'v'],
    ['a,b', 'a,b'],
    ['LIKE ab', 'LIKE ab'],
    ['>= 5', 'GE 5'],
    ['NOTIN a,b', 'NOTIN a,b'],
    ['BETWEEN 1,9', 'BETWEEN 1,9'],
    ['BETWEEN ,9', 'BETWEEN ,9'],
    ['ISNULL', 'ISNULL'],
    ['false', 'false'],
    ['STARTSWITH ap', 'STARTSWITH ap'],
    ['NOTLIKECS X', 'NOTLIKECS X'],
    ['NOTBETWEEN 1,', 'NOTBETWEEN 1,'],
  ])('sends %s to the server as the column filter %s', (text, sent) => {
    expect(toQueryParams(fromColumnFilters({ c: text }))).toEqual({ c: sent });
  });

  it('keeps a malformed BETWEEN as typed, for the server to refuse', () => {
    expect(fromColumnFilter('c', 'BETWEEN 1,2,3')).toEqual({
      field: 'c',
      operator: 'eq',
      value: 'BETWEEN 1,2,3',
    });
  });
});
