import type { CrudFilter, CrudSort } from '@refinedev/core';
import { describe, expect, it } from 'vitest';
import { SEARCH_FIELD, toOrderBy, toQueryParams } from '../../../src/common/lib/query-params';

const f = (field: string, operator: string, value: unknown) => ({ field, operator, value }) as CrudFilter;

describe('toQueryParams: column filters (docs/api.md §3)', () => {
  it.each<[string, CrudFilter, Record<string, string>]>([
    ['eq', f('name', 'eq', 'apple'), { name: 'apple' }],
    ['eq boolean', f('isDeleted', 'eq', false), { isDeleted: 'false' }],
    ['eq number', f('age', 'eq', 3), { age: '3' }],
    ['ne', f('status', 'ne', 'done'), { status: 'NE done' }],
    ['in', f('id', 'in', [1, 2, 3]), { id: '1,2,3' }],
    ['nin', f('id', 'nin', [4, 5]), { id: 'NOTIN 4,5' }],
    ['contains → LIKE', f('name', 'contains', '苹果'), { name: 'LIKE 苹果' }],
    ['gte', f('price', 'gte', 10), { price: 'GE 10' }],
    ['gt', f('price', 'gt', 10), { price: 'GT 10' }],
    ['lte', f('price', 'lte', 10), { price: 'LE 10' }],
    ['lt', f('price', 'lt', 10), { price: 'LT 10' }],
    ['between', f('day', 'between', ['2024-01-01', '2024-12-31']), { day: 'BETWEEN 2024-01-01,2024-12-31' }],
    ['between open end', f('day', 'between', ['2024-01-01', null]), { day: 'BETWEEN 2024-01-01,' }],
    ['null', f('note', 'null', undefined), { note: 'ISNULL' }],
    ['nnull', f('note', 'nnull', true), { note: 'ISNOTNULL' }],
    ['ncontains → NOTLIKE', f('name', 'ncontains', 'x'), { name: 'NOTLIKE x' }],
    ['containss → LIKECS', f('name', 'containss', 'X'), { name: 'LIKECS X' }],
    ['ncontainss → NOTLIKECS', f('name', 'ncontainss', 'X'), { name: 'NOTLIKECS X' }],
    ['startswith', f('name', 'startswith', 'ap'), { name: 'STARTSWITH ap' }],
    ['nstartswith', f('name', 'nstartswith', 'ap'), { name: 'NOTSTARTSWITH ap' }],
    ['endswith', f('name', 'endswith', 'le'), { name: 'ENDSWITH le' }],
    ['nendswith', f('name', 'nendswith', 'le'), { name: 'NOTENDSWITH le' }],
    ['nbetween', f('qty', 'nbetween', [2, 5]), { qty: 'NOTBETWEEN 2,5' }],
    ['nbetween open start', f('qty', 'nbetween', [null, 5]), { qty: 'NOTBETWEEN ,5' }],
  ])('%s', (_name, filter, expected) => {
    expect(toQueryParams([filter])).toEqual(expected);
  });

  it.each<[string, CrudFilter]>([
    ['blank text', f('name', 'eq', '  ')],
    ['undefined', f('name', 'contains', undefined)],
    ['empty list', f('id', 'in', [])],
    ['empty range', f('day', 'between', [null, ''])],
  ])('omits a filter with %s', (_name, filter) => {
    expect(toQueryParams([filter])).toEqual({});
  });

  it('sends the keyword as search', () => {
    expect(toQueryParams([f(SEARCH_FIELD, 'eq', ' 手机 ')])).toEqual({ search: '手机' });
  });

  it('rejects operators the API cannot express', () => {
    for (const operator of ['startswiths', 'nstartswiths', 'endswiths', 'nendswiths', 'ina', 'nina'])
      expect(() => toQueryParams([f('name', operator, 'a')])).toThrow(
        `Unsupported filter operator: ${operator}`,
      );
  });

  it('sends an equal value that starts with an operator word as JSON, where it cannot be misread', () => {
    for (const value of ['STARTSWITH a', 'NOTBETWEEN 1', 'EQ x', 'LIKECS y']) {
      const params = toQueryParams([f('name', 'eq', value)]);
      expect(params.name).toBeUndefined();
      expect(JSON.parse(params.filter ?? '{}')).toEqual({
        conditionType: 'AND',
        conditions: [{ columnName: 'name', operatorType: 'EQ', values: [value] }],
      });
    }
  });
});

describe('toQueryParams: filter JSON', () => {
  it('turns or/and groups into conditions', () => {
    const params = toQueryParams([
      {
        operator: 'or',
        value: [
          f('name', 'contains', 'a'),
          { operator: 'and', value: [f('age', 'gte', 18), f('age', 'lt', 65)] },
        ],
      } as CrudFilter,
    ]);
    expect(Object.keys(params)).toEqual(['filter']);
    expect(JSON.parse(params.filter ?? '')).toEqual({
      conditionType: 'OR',
      conditions: [
        { columnName: 'name', operatorType: 'LIKE', values: ['a'] },
        {
          conditionType: 'AND',
          conditions: [
            { columnName: 'age', operatorType: 'GE', values: [18] },
            { columnName: 'age', operatorType: 'LT', values: [65] },
          ],
        },
      ],
    });
  });

  it('moves a second filter on the same column and comma values into the JSON', () => {
    const params = toQueryParams([
      f('price', 'gte', 10),
      f('price', 'lte', 99),
      f('name', 'eq', 'a,b'),
      f('tag', 'in', ['x,y', 'z']),
      f('note', 'eq', 'LIKE x'),
      f('limit', 'eq', 3),
    ]);
    expect(params.price).toBe('GE 10');
    expect(JSON.parse(params.filter ?? '')).toEqual({
      conditionType: 'AND',
      conditions: [
        { columnName: 'price', operatorType: 'LE', values: [99] },
        { columnName: 'name', operatorType: 'EQ', values: ['a,b'] },
        { columnName: 'tag', operatorType: 'IN', values: ['x,y', 'z'] },
        { columnName: 'note', operatorType: 'EQ', values: ['LIKE x'] },
        { columnName: 'limit', operatorType: 'EQ', values: [3] },
      ],
    });
  });

  it('sends a one-value IN as JSON, since a bare value would read as EQ', () => {
    expect(JSON.parse(toQueryParams([f('id', 'in', [7])]).filter ?? '')).toEqual({
      conditionType: 'AND',
      conditions: [{ columnName: 'id', operatorType: 'IN', values: [7] }],
    });
  });
});

describe('toOrderBy', () => {
  it.each<[CrudSort[], string | undefined]>([
    [[], undefined],
    [[{ field: 'id', order: 'desc' }], 'id DESC'],
    [
      [
        { field: 'name', order: 'asc' },
        { field: 'id', order: 'desc' },
      ],
      'name ASC,id DESC',
    ],
  ])('%j → %s', (sorters, expected) => {
    expect(toOrderBy(sorters)).toBe(expected);
    expect(toQueryParams([], sorters).orderby).toBe(expected);
  });
});
